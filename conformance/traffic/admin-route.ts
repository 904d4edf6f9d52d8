// The target's admin routes seen in traffic (docs/reference/admin-api.md: /__doppel/…, under the
// target's base path): a harness setting up or reading the target through the proxy. They are no
// exchange of either interface: recorded (masked) and counted apart, never judged nor counted as
// interface traffic. A doppel target routes a path with its percent-escapes decoded, repeated
// slashes as one, in any case, so the same spellings count.
import type { Exchange } from '../types.js';

/** The path as a doppel target routes it: percent-escapes decoded, repeated slashes as one, lower case. */
export function routedPath(url: string): string {
  const path = URL.canParse(url) ? new URL(url).pathname : '';
  let decoded = path;
  try {
    decoded = decodeURIComponent(path);
  } catch {
    decoded = path.replace(/%5f/gi, '_');
  }
  return decoded.replace(/\/{2,}/g, '/').replace(/\/$/, '').toLowerCase();
}

/**
 * Whether the exchange went to an admin route of a doppel target: a `/__doppel` segment of its path,
 * under the target's base path (whatever it is), not under an interface's `/api/v1/` (a symbol or
 * id spelled `__doppel` is the interface's).
 */
export function isAdminRoute(ex: Pick<Exchange, 'url'>): boolean {
  const path = routedPath(ex.url);
  const at = path.search(/(?:^|\/)__doppel(?:\/|$)/);
  return at >= 0 && !/\/api\/v\d+\//.test(path.slice(0, at + 1));
}
