// The one summary line of a run, counting checks (not mixed units): `PASSED: 30 passed, 0 failed,
// 7 not exercised, 2 skipped (…)`. With --baseline the details start with what is new, known, fixed
// and not re-checked (counting failures, not observations): `PASSED` when only known ones remain.
import { coverageRatio } from '../judge/coverage.js';
import { inputClassesLine } from '../judge/input-coverage.js';
import type { RunReport } from '../types.js';
import { runFacts } from './run-origin.js';
import { baselineTally } from './baseline-marks.js';

/** `2 new failures; 5 known from the baseline; 1 fixed since` (and `N not re-checked` when some were not). */
function baselineDetails(report: RunReport): string[] {
  const t = baselineTally(report);
  if (!t) return [];
  return [
    `${t.new} new failure${t.new === 1 ? '' : 's'}`,
    `${t.known} known from the baseline`,
    `${t.fixed} fixed since`,
    ...(t.notRechecked ? [`${t.notRechecked} not re-checked`] : []),
  ];
}

/**
 * The run's verdict: PARTIAL when it was interrupted (what it found so far is in the counts), else
 * FAILED, else INCONCLUSIVE when the traffic reached nothing to judge (report.traffic.warnings),
 * else PASSED.
 */
export function verdictOf(report: RunReport): 'PARTIAL' | 'FAILED' | 'INCONCLUSIVE' | 'PASSED' {
  return report.partial ? 'PARTIAL' : report.failed ? 'FAILED' : report.inconclusive ? 'INCONCLUSIVE' : 'PASSED';
}

export function summaryLine(report: RunReport): string {
  const c = report.counts;
  const cov = coverageRatio(report.coverage);
  const details = [
    ...(report.partial ? [`interrupted by ${report.partial.interrupted}: the checks not done are not exercised`] : []),
    ...(report.traffic?.warnings ?? []),
    ...baselineDetails(report),
    ...(c.observed ? [`${c.observed} observed: decision checks that do not fail a foreign target without --strict`] : []),
    ...(report.requireAll && c.notExercised ? ['--require-all: not exercised fails the run'] : []),
    ...(report.traffic ? runFacts(report).slice(1) : [`${report.requests} requests, ${report.throttled} throttled`]),
    ...(report.walletBudget?.keys.length ? [`wallet budget ${report.walletBudget.perMinute}/min per key: at most ${(report.walletBudget.keys[0] as { peak: number }).peak} used in a minute (${(report.walletBudget.keys[0] as { key: string }).key}), ${report.walletBudget.keys.length} key${report.walletBudget.keys.length === 1 ? '' : 's'}`] : []),
    ...(report.budgetWaitMs > 0 ? [`${(report.budgetWaitMs / 1000).toFixed(0)} s waiting on the wallet budget`] : []),
    `documented statuses seen: ${cov.seen}/${cov.documented}`,
    inputClassesLine(report.inputClasses),
    `${(report.durationMs / 1000).toFixed(1)} s`,
    ...(report.traffic ? [] : [`seed ${report.seed}`]),
  ];
  return `${verdictOf(report)}: ${c.passed} passed, ${c.failed} failed, ${c.notExercised} not exercised, ${c.skipped} skipped (${details.join('; ')})`;
}
