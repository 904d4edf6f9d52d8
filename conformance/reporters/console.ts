// Console output: a progress line per check, each failure with its seed, shrunk case and curl,
// and a summary table of check × operation with counts.
import type { RunReport } from '../types.js';

const MARK: Record<string, string> = { passed: '✓', failed: '✗', observed: '~', skipped: '-' };

export function progressLine(id: string, status: string, detail?: string): string {
  return `  ${MARK[status] ?? '?'} ${id}${detail ? `  (${detail})` : ''}`;
}

export function renderConsole(report: RunReport): string {
  const lines: string[] = [];
  for (const f of report.failures) {
    lines.push('', `${f.severity === 'failure' ? 'FAILURE' : 'OBSERVATION'} ${f.checkId} [${f.source}] on ${f.iface} ${f.operationId ?? ''}`);
    lines.push(`  ${f.title}`);
    if (f.message !== f.title) lines.push(`  ${f.message.split('\n').join('\n  ')}`);
    if (f.occurrences > 1) lines.push(`  (${f.occurrences} exchanges showed it; the smallest is shown)`);
    if (f.sequence?.length) lines.push(`  shrunk sequence: ${f.sequence.join(' → ')}`);
    if (f.exchange) lines.push(`  answer: ${f.exchange.status} ${f.exchange.bodyText.slice(0, 300)}`);
    if (f.curl) lines.push(`  reproduce: ${f.curl}`);
    lines.push(`  seed: ${report.seed} (rerun with --seed ${report.seed})`);
  }
  lines.push('', summaryTable(report), '');
  const failed = report.failures.filter((f) => f.severity === 'failure').length;
  const observed = report.failures.length - failed;
  lines.push(
    `${report.failed ? 'FAILED' : 'PASSED'}: ${report.checks.filter((c) => c.status === 'passed').length} checks passed, ${failed} failures, ${observed} observations, ` +
      `${report.checks.filter((c) => c.status === 'skipped').length} skipped; ${report.requests} requests (${report.throttled} throttled) in ${(report.durationMs / 1000).toFixed(1)} s; seed ${report.seed}`,
  );
  return lines.join('\n');
}

function summaryTable(report: RunReport): string {
  const rows = [...report.tallies].sort((a, b) => a.checkId.localeCompare(b.checkId) || a.operationId.localeCompare(b.operationId));
  const head = ['check', 'interface', 'operation', 'checked', 'failed'];
  const body = rows.map((t) => [t.checkId, t.iface, t.operationId, String(t.checked), String(t.failed)]);
  const widths = head.map((h, i) => Math.max(h.length, ...body.map((r) => (r[i] as string).length)));
  const fmt = (r: string[]) => r.map((c, i) => (i >= 3 ? c.padStart(widths[i] as number) : c.padEnd(widths[i] as number))).join('  ');
  return [fmt(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(fmt)].join('\n');
}
