// The console lines of doppel diff: one per difference that counts (noise only counted), then the
// decision points whose value changed and a summary. Every text from the network is escaped
// (plainText) and was masked when the report was made.
import { plainText } from '../conformance/index.js';
import type { Difference, DiffReport } from './types.js';

/** Differences listed per verdict before the rest are only counted. */
const LISTED = 50;

export function differenceLine(d: Difference): string {
  const where = `#${d.index} ${d.method} ${d.path} (${d.operationId ?? 'no operation'})`;
  const what = `${d.kind}${d.at ? ` ${d.at}` : ''}: ${d.primary} → ${d.candidate}`;
  const why = d.verdict === 'seed' ? `seed (${d.side}) ${d.rule ?? ''}` : d.verdict === 'decision' && d.decision ? `decision ${d.decision.point}: ${JSON.stringify(d.decision.primary)} → ${JSON.stringify(d.decision.candidate)}` : d.verdict;
  return plainText(`${why.trim()} | ${where} ${what}`);
}

/** What was sent: the recording's requests replayed (and skipped), or the checker's runs' requests paired. */
export function requestsSent(report: DiffReport): string {
  if (report.unpaired) {
    const { primary, candidate } = report.unpaired;
    const apart = primary + candidate ? ` (not paired: ${primary} of the primary's, ${candidate} of the candidate's; the runs went different ways after #${report.divergedAfter ?? 0})` : '';
    return `${report.recording} on each side: ${report.replayed} requests paired${apart}`;
  }
  const skipped = [report.skippedWrites ? `${report.skippedWrites} writes skipped (no --allow-writes)` : '', report.skippedInterfaces ? `${report.skippedInterfaces} requests to an interface not given` : ''].filter(Boolean);
  return `${report.replayed} of ${report.requests} requests replayed${skipped.length ? ` (${skipped.join(', ')})` : ''}`;
}

/** Where the noise came from besides the tolerance, for the summary of the lines and of the page. */
export const learnedNoise = (report: DiffReport): string => (report.secondary ? ` (noise learned from the secondary: ${report.learnedNoisy ?? 0} fields)` : '');

export function renderConsole(report: DiffReport): string {
  const lines: string[] = [];
  // --check: once the runs went apart, an unexplained difference of state may follow from that step
  // rather than from anything of its own; those are counted, not listed (they still count, and fail under --strict).
  const apart = report.divergedAfter;
  const afterApart = (d: Difference) => apart !== undefined && d.verdict === 'unexplained' && d.index > apart;
  for (const verdict of ['seed', 'decision', 'unexplained'] as const) {
    const listed = report.differences.filter((d) => d.verdict === verdict && !afterApart(d));
    for (const d of listed.slice(0, LISTED)) lines.push(differenceLine(d));
    if (listed.length > LISTED) lines.push(`… and ${listed.length - LISTED} more ${verdict} differences (--json FILE lists them all)`);
  }
  const later = report.differences.filter(afterApart).length;
  if (later) lines.push(`… and ${later} unexplained differences after the runs went apart at #${apart}, which may follow from that step (--json FILE lists them)`);
  for (const c of report.decisions) lines.push(plainText(`decision changed: ${c.point}: ${JSON.stringify(c.primary)} → ${JSON.stringify(c.candidate)}`));
  const { seed, decision, unexplained, noise } = report.counts;
  const sent = requestsSent(report);
  lines.push(
    `doppel diff: ${sent}, ${report.aligned} identifiers aligned; `
      + `${seed} seed, ${decision} decision, ${unexplained} unexplained, ${noise} noise differences${learnedNoise(report)}; ${report.failed ? 'FAILED' : 'passed'}${report.strict ? ' (--strict)' : ''}${report.partial ? ` (partial: stopped by ${report.partial.interrupted})` : ''}`,
  );
  return lines.join('\n');
}
