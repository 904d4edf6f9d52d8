// What made a report, as the reporters name it: a check run (rerun by its seed), or watched traffic
// (doppel proxy, doppel check --from-har), which has no seed and says what it did not judge.
import type { RunReport } from '../types.js';

/** The command a report's header names. */
export function commandOf(report: RunReport): string {
  return report.traffic?.source === 'proxy' ? 'doppel proxy' : report.traffic ? 'doppel check --from-har' : 'doppel check';
}

/** How to run it again: `seed 7 (rerun with --seed 7)`; undefined for traffic. */
export function rerunNote(report: RunReport): string | undefined {
  return report.traffic ? undefined : `seed: ${report.seed} (rerun with --seed ${report.seed})`;
}

/** The run's line of facts: its seed and options, or where the traffic came from and what was not judged. */
export function runFacts(report: RunReport): string[] {
  const t = report.traffic;
  if (!t) {
    return [`seed ${report.seed}`, `${report.runs} runs`, report.allowWrites ? 'writes allowed' : 'read-only', ...(report.rateLimit ? ['--rate-limit'] : []), ...(report.concurrency ? [`--concurrency ${report.concurrency}`] : []), ...(report.strict ? ['--strict'] : []), ...(report.requireAll ? ['--require-all'] : [])];
  }
  return [
    `${t.source === 'proxy' ? 'traffic through' : 'recording'} ${t.from}`,
    t.recordOnly ? `recorded only (--record-only): ${t.recordOnly.exchanges} exchanges, none judged; doppel check --from-har judges the recording` : `${t.exchanges} exchanges judged`,
    ...(t.notJudged?.count ? [`${t.notJudged.count} exchanges not judged: judges behind (${t.notJudged.bytes} bytes; forwarded and recorded)`] : []),
    ...(t.unchecked.count ? [`${t.unchecked.count} answers unchecked (bodies over ${t.unchecked.cap ?? 'the cap'} bytes, ${t.unchecked.bytes} bytes in all)`] : []),
    ...(t.targetFaults?.count ? [`${t.targetFaults.count} requests the target took and gave no readable answer to (its failures: ${t.targetFaults.examples[0]})`] : []),
    ...(t.unreachable.count ? [`${t.unreachable.count} requests the target could not be reached for (answered 502 by the proxy, not the target's violations)`] : []),
    ...(t.abandoned ? [`${t.abandoned} requests abandoned by their client`] : []),
    ...(t.admin?.count ? [`${t.admin.count} exchanges with the target's admin API (not judged: no interface's traffic)`] : []),
    ...(t.refused?.count ? [`${t.refused.count} requests refused by the proxy without forwarding them (not the target's answers)`] : []),
    ...(report.strict ? ['--strict'] : []),
  ];
}
