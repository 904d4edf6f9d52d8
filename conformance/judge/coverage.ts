// Coverage per operation: which of its documented statuses the run observed (Schemathesis'
// coverage phase), and which statuses it saw that the operation does not document.
import { operations } from '../../spec/index.js';
import type { Exchange, InterfaceName, OperationCoverage } from '../types.js';

export type CoverageSnapshot = [key: string, requests: number, statuses: string[]][];

/** Requests and statuses seen per operation, counted as they come (a proxy keeps no exchange list). */
export class CoverageTally {
  private readonly seen = new Map<string, { requests: number; statuses: Set<string> }>();

  add(iface: InterfaceName, operationId: string | null, status: number): void {
    if (operationId === null) return;
    const key = `${iface}\u0000${operationId}`;
    let entry = this.seen.get(key);
    if (!entry) this.seen.set(key, (entry = { requests: 0, statuses: new Set() }));
    entry.requests++;
    entry.statuses.add(String(status));
  }

  /** As plain data: per operation, its requests and the statuses seen. */
  snapshot(): CoverageSnapshot {
    return [...this.seen].map(([key, e]) => [key, e.requests, [...e.statuses]]);
  }

  /** Adds what another tally of the same traffic counted. */
  absorb(snapshot: CoverageSnapshot): void {
    for (const [key, requests, statuses] of snapshot) {
      let entry = this.seen.get(key);
      if (!entry) this.seen.set(key, (entry = { requests: 0, statuses: new Set() }));
      entry.requests += requests;
      for (const s of statuses) entry.statuses.add(s);
    }
  }

  coverage(ifaces: InterfaceName[]): OperationCoverage[] {
    return ifaces.flatMap((iface) =>
      operations(iface).map((op) => {
        const entry = this.seen.get(`${iface}\u0000${op.operationId}`);
        const seen = [...(entry?.statuses ?? [])].sort();
        return {
          iface,
          operationId: op.operationId,
          requests: entry?.requests ?? 0,
          documented: op.statuses,
          seen: seen.filter((s) => op.statuses.includes(s)),
          undocumented: seen.filter((s) => !op.statuses.includes(s)),
        };
      }),
    );
  }
}

export function coverageOf(ifaces: InterfaceName[], exchanges: readonly Exchange[]): OperationCoverage[] {
  const tally = new CoverageTally();
  for (const ex of exchanges) tally.add(ex.iface, ex.operationId, ex.status);
  return tally.coverage(ifaces);
}

/** `41/52`: documented statuses seen over documented statuses, over all operations. */
export function coverageRatio(coverage: readonly OperationCoverage[]): { seen: number; documented: number } {
  return {
    seen: coverage.reduce((n, c) => n + c.seen.length, 0),
    documented: coverage.reduce((n, c) => n + c.documented.length, 0),
  };
}
