// Traffic that tells nothing about the target: when most answers of an interface are 404 "no such
// route", the requests are not reaching the interface (a target URL with a path the request paths
// repeat, the other interface's URL, another service), and a verdict of no violation would be
// about nothing. Said once, as soon as it shows, and again in the report, which then does not pass.
import { interfacesAt } from '../../spec/index.js';
import { obj } from '../exchange/json-shape.js';
import type { Exchange, InterfaceName } from '../types.js';

/** Exchanges of an interface before its answers are weighed. */
const AT_LEAST = 5;

interface Tally {
  seen: number;
  notFound: number;
  /** The latest request refused as an unknown route: what the warning names. */
  example?: { method: string; path: string } | undefined;
}

export class AimWatch {
  private readonly tallies = new Map<InterfaceName, Tally>();
  private readonly warned = new Set<InterfaceName>();

  /** `targets`: each interface's target URL as given (its path is a likely cause). */
  constructor(
    private readonly targets: Partial<Record<InterfaceName, string>>,
    private readonly onWarning?: (line: string) => void,
  ) {}

  see(ex: Pick<Exchange, 'iface' | 'method' | 'url' | 'status' | 'operationId' | 'json'>): void {
    const t = this.tallies.get(ex.iface) ?? { seen: 0, notFound: 0 };
    this.tallies.set(ex.iface, t);
    t.seen++;
    if (ex.status === 404 && (ex.operationId === null || obj(ex.json)['code'] === 'route_not_found')) {
      t.notFound++;
      t.example = { method: ex.method, path: new URL(ex.url).pathname };
    }
    if (!this.warned.has(ex.iface) && this.misaimed(t)) {
      this.warned.add(ex.iface);
      this.onWarning?.(this.line(ex.iface, t));
    }
  }

  /** One line per interface whose traffic reached no route of it (the report's warnings). */
  warnings(): string[] {
    return [...this.tallies].filter(([, t]) => this.misaimed(t)).map(([iface, t]) => this.line(iface, t));
  }

  private misaimed(t: Tally): boolean {
    return t.seen >= AT_LEAST && t.notFound * 2 > t.seen;
  }

  private line(iface: InterfaceName, t: Tally): string {
    return `WARNING: ${t.notFound} of ${t.seen} ${iface} answers are the target's 404 for an unknown route (${t.example?.method} ${t.example?.path}): ${this.cause(iface, t)}; what does not reach the interface is not checked, so no verdict is given`;
  }

  private cause(iface: InterfaceName, t: Tally): string {
    const target = this.targets[iface];
    const base = target && URL.canParse(target) ? new URL(target).pathname.replace(/\/$/, '') : '';
    const path = t.example?.path ?? '';
    if (base && path.startsWith(`${base}/api/`)) return `the target URL ${target} has a path (${base}) that is put before every request path; give the deployment's base URL`;
    const other: InterfaceName = iface === 'trading' ? 'wallet' : 'trading';
    if (t.example && interfacesAt(t.example.method, path).includes(other)) return `the requests are the ${other} interface's: is ${target} the ${other} deployment, or the clients pointed at the wrong port?`;
    return `is ${target} the ${iface} deployment?`;
  }
}
