// A run compared with a baseline (`--baseline FILE`): each failure is new or known, the baseline's
// other failures are fixed (evaluated again and not failing) or not re-checked (their check was
// skipped or not exercised, or met no case of that operation: nothing says they are fixed). Only
// a new failure that counts (severity 'failure') fails the run. An observation (a decision
// assertion without --strict) never fails a run; it is marked new or known all the same, and a
// baseline's observation makes the same failure known under --strict: the target did the same then.
import type { Baseline } from './baseline-file.js';
import type { BaselineFailure, ReportedFailure, RunReport } from '../types.js';

type Identity = Pick<BaselineFailure, 'checkId' | 'assertion' | 'iface' | 'operationId'>;

/** What identifies a failure across runs and seeds: check, assertion, interface and operation. */
export function failureIdentity(f: Identity): string {
  return JSON.stringify([f.checkId, f.assertion, f.iface, f.operationId]);
}

/** Why a baseline failure that is not failing now was not evaluated this run; undefined when it was. */
function notRecheckedBecause(report: RunReport, f: BaselineFailure): string | undefined {
  const check = report.checks.find((c) => c.id === f.checkId);
  if (!check) return `doppel ${report.doppelVersion} has no check ${f.checkId}`;
  if (!check.assertions.some((a) => a.id === f.assertion)) return `doppel ${report.doppelVersion}'s ${f.checkId} has no assertion ${f.assertion}`;
  if (check.status === 'skipped') return `skipped (${check.reason ?? ''})`;
  if (check.status === 'not-exercised') return `not exercised: ${check.reason ?? ''}`;
  const op = f.operationId ?? '(none)';
  const cases = report.tallies.filter((t) => t.checkId === f.checkId && t.iface === f.iface && t.operationId === op).reduce((n, t) => n + t.checked, 0);
  return cases > 0 ? undefined : `${f.checkId} evaluated no case of ${f.iface} ${f.operationId ?? '(unknown path)'} this run`;
}

/** The report with each failure marked new or known, `baseline` filled in, and `failed` only for a new failure that counts. */
export function compareWithBaseline(report: RunReport, baseline: Baseline): RunReport {
  const known = new Set(baseline.failures.map(failureIdentity));
  const failures: ReportedFailure[] = report.failures.map((f) => ({ ...f, baseline: known.has(failureIdentity(f)) ? 'known' : 'new' }));
  const failing = new Set(failures.map(failureIdentity));
  const fixed: BaselineFailure[] = [];
  const notRechecked: (BaselineFailure & { reason: string })[] = [];
  const seen = new Set<string>();
  for (const f of baseline.failures) {
    const id = failureIdentity(f);
    if (failing.has(id) || seen.has(id)) continue;
    seen.add(id);
    const reason = notRecheckedBecause(report, f);
    if (reason === undefined) fixed.push(f);
    else notRechecked.push({ ...f, reason });
  }
  // --require-all still fails a run with a check not exercised, as without a baseline.
  const failed = failures.some((f) => f.severity === 'failure' && f.baseline === 'new') || (report.requireAll && report.counts.notExercised > 0);
  const { file, doppelVersion, startedAt, seed, note } = baseline;
  return { ...report, failures, failed, baseline: { file, doppelVersion, startedAt, seed, note, fixed, notRechecked } };
}
