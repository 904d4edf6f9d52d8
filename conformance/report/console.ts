// Console output: a progress line as each check ends, then each failure with its seed, shrunk case,
// the requests that reproduce it as curl lines, the checks not exercised with why, and the summary.
// With --baseline each failure says (new) or (known), new ones first, and the baseline's failures
// fixed since and not re-checked are listed.
import type { CheckResult, ReportedFailure, RunReport } from '../types.js';
import { baselineName, newFirst } from './baseline-marks.js';
import { LABEL, MARK } from './outcome-marks.js';
import { secretsLegend } from './secrets-legend.js';
import { rerunNote } from './run-origin.js';
import { summaryLine } from './summary-line.js';
import { inputClassesLine } from '../judge/input-coverage.js';
import { plainText } from './plain-text.js';

export function progressLine(result: CheckResult): string {
  const time = `${(result.durationMs / 1000).toFixed(1)} s`;
  if (result.status === 'not-exercised' || result.status === 'skipped') return `  ${MARK[result.status]} ${result.id}  ${LABEL[result.status]}: ${result.reason ?? ''}`;
  return `  ${MARK[result.status]} ${result.id}  ${result.cases} case${result.cases === 1 ? '' : 's'}, ${time}${result.status === 'observed' ? ' (observed)' : ''}`;
}

/** The input classes not sent, by reason, each reason's classes by operation (`placeSpotOrder: side=buy, side=sell`). */
function unsentClasses(report: RunReport): string[] {
  const { unsent } = report.inputClasses;
  if (!unsent.length) return [];
  const byWhy = new Map<string, Map<string, string[]>>();
  for (const u of unsent) {
    const ops = byWhy.get(u.why) ?? new Map<string, string[]>();
    ops.set(u.operationId, [...(ops.get(u.operationId) ?? []), u.class]);
    byWhy.set(u.why, ops);
  }
  const lines = ['', `Input classes not sent (${inputClassesLine(report.inputClasses)}: what the documents say of these was not judged), by reason:`];
  for (const [why, ops] of byWhy) lines.push(`  ${MARK['not-exercised']} ${plainText(why)}: ${[...ops].map(([op, classes]) => `${op} ${classes.join(', ')}`).join('; ')}`);
  return lines;
}

export function renderConsole(report: RunReport): string {
  const lines: string[] = [];
  // One block per check and problem: the same problem on further operations is one line (the
  // JSON, JUnit and HTML reports keep each).
  const groups = new Map<string, ReportedFailure[]>();
  for (const f of newFirst(report.failures)) {
    const key = `${f.checkId}\u0000${f.assertion}\u0000${f.severity}\u0000${f.baseline ?? ''}\u0000${f.title}`;
    groups.set(key, [...(groups.get(key) ?? []), f]);
  }
  for (const [f, ...same] of [...groups.values()] as [ReportedFailure, ...ReportedFailure[]][]) {
    lines.push('', `${f.severity === 'failure' ? 'FAILURE' : 'OBSERVATION'}${f.baseline ? ` (${f.baseline})` : ''} ${f.checkId}/${f.assertion} [${f.source}] on ${f.iface} ${f.operationId ?? '(unknown path)'}`);
    lines.push(`  ${plainText(f.title)}`);
    // Messages quote what the target sent: one line each, escaped (a newline in them is data).
    if (f.message !== f.title) lines.push(`  ${plainText(f.message)}`);
    if (f.occurrences > 1) lines.push(`  (${f.occurrences} exchanges showed it; the smallest is shown)`);
    if (f.sequence?.length) lines.push(`  shrunk sequence: ${plainText(f.sequence.join(' → '))}`);
    if (f.replay.length > 1) {
      lines.push(`  the ${f.replay.length} requests ${f.sequence ? 'of the shrunk case' : 'that show it'}, in order:`);
      f.replay.forEach((curl, i) => lines.push(`    ${String(i + 1).padStart(2)}. ${plainText(curl)}`));
    }
    if (f.exchange) lines.push(`  answer: ${f.exchange.status} ${plainText(f.exchange.bodyText.slice(0, 300))}`);
    if (f.curl) lines.push(`  reproduce: ${plainText(f.curl)}`);
    if (same.length) lines.push(`  the same on ${same.length} more: ${same.map((o) => `${o.iface} ${o.operationId ?? '(unknown path)'}`).join(', ')}`);
    const rerun = rerunNote(report);
    if (rerun) lines.push(`  ${rerun}`);
  }
  if (report.baseline?.fixed.length) {
    lines.push('', `Fixed since the baseline (failing in it, evaluated again and not failing now):`);
    for (const f of report.baseline.fixed) lines.push(`  ${MARK.passed} ${baselineName(f)}: ${plainText(f.title)}`);
  }
  if (report.baseline?.notRechecked.length) {
    lines.push('', `Not re-checked (in the baseline, not evaluated this run: neither fixed nor failing):`);
    for (const f of report.baseline.notRechecked) lines.push(`  ${MARK['not-exercised']} ${baselineName(f)}: ${plainText(f.reason)}`);
  }
  const idle = new Map<string, string[]>();
  for (const c of report.checks.filter((ch) => ch.status === 'not-exercised')) idle.set(c.reason ?? '', [...(idle.get(c.reason ?? '') ?? []), c.id]);
  if (idle.size) {
    lines.push('', 'Not exercised (nothing was checked, so these did not pass), by reason:');
    for (const [reason, ids] of idle) lines.push(`  ${MARK['not-exercised']} ${plainText(reason)}: ${ids.join(', ')}`);
  }
  lines.push(...unsentClasses(report));
  if (report.secrets.length) lines.push('', `Keys are shown as ${secretsLegend(report.secrets).map((s) => `${s.names} (${s.what})`).join(', ')}; --show-secrets shows them.`);
  lines.push('', plainText(summaryLine(report)));
  return lines.join('\n');
}
