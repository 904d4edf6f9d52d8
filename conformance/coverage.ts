// Coverage per operation: which of its documented statuses the run observed (Schemathesis'
// coverage phase), and which statuses it saw that the operation does not document.
import { operations } from '../spec/index.js';
import type { Exchange, InterfaceName, OperationCoverage } from './types.js';

export function coverageOf(ifaces: InterfaceName[], exchanges: readonly Exchange[]): OperationCoverage[] {
  const out: OperationCoverage[] = [];
  for (const iface of ifaces) {
    for (const op of operations(iface)) {
      const mine = exchanges.filter((ex) => ex.iface === iface && ex.operationId === op.operationId);
      const seen = [...new Set(mine.map((ex) => String(ex.status)))].sort();
      out.push({
        iface,
        operationId: op.operationId,
        requests: mine.length,
        documented: op.statuses,
        seen: seen.filter((s) => op.statuses.includes(s)),
        undocumented: seen.filter((s) => !op.statuses.includes(s)),
      });
    }
  }
  return out;
}

/** `41/52`: documented statuses seen over documented statuses, over all operations. */
export function coverageRatio(coverage: readonly OperationCoverage[]): { seen: number; documented: number } {
  return {
    seen: coverage.reduce((n, c) => n + c.seen.length, 0),
    documented: coverage.reduce((n, c) => n + c.documented.length, 0),
  };
}
