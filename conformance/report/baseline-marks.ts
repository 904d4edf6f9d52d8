// What the reports show of a --baseline comparison: the counts (of failures that count, not
// observations: those never fail a run; the lists show both), new failures before known ones, and
// how a baseline's failure is named in the lists of fixed and not re-checked ones.
import type { BaselineFailure, ReportedFailure, RunReport } from '../types.js';

/** Failures that count (severity 'failure': now for new and known, in the baseline for fixed and not re-checked). */
export interface BaselineTally {
  new: number;
  known: number;
  fixed: number;
  notRechecked: number;
}

export function baselineTally(report: RunReport): BaselineTally | undefined {
  if (!report.baseline) return undefined;
  const counting = report.failures.filter((f) => f.severity === 'failure');
  return {
    new: counting.filter((f) => f.baseline === 'new').length,
    known: counting.filter((f) => f.baseline === 'known').length,
    fixed: report.baseline.fixed.filter((f) => f.severity === 'failure').length,
    notRechecked: report.baseline.notRechecked.filter((f) => f.severity === 'failure').length,
  };
}

/** New failures first, then known ones, each in the run's order (without a baseline: as they are). */
export function newFirst(failures: ReportedFailure[]): ReportedFailure[] {
  return [...failures.filter((f) => f.baseline !== 'known'), ...failures.filter((f) => f.baseline === 'known')];
}

/** `balance-decimals/eight-digits on trading getBalances` (`(observation)` after one). */
export function baselineName(f: BaselineFailure): string {
  return `${f.checkId}/${f.assertion} on ${f.iface} ${f.operationId ?? '(unknown path)'}${f.severity === 'observation' ? ' (observation)' : ''}`;
}
