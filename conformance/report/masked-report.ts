// The last step of every report, whoever made it (a check run, a proxy session, a recording):
// the outcome counts, then masking once over the whole report (exchanges, messages, bodies), then
// the curl lines rendered from the masked requests, so that they name $DOPPEL_… variables.
import { renderCurl } from './curl.js';
import type { Secrets } from './secrets.js';
import type { CheckResult, Failure, OutcomeCounts, ReportedFailure, RunReport } from '../types.js';

export function countsOf(checks: readonly CheckResult[]): OutcomeCounts {
  const counts: OutcomeCounts = { passed: 0, failed: 0, observed: 0, notExercised: 0, skipped: 0 };
  for (const c of checks) counts[c.status === 'not-exercised' ? 'notExercised' : c.status]++;
  return counts;
}

/** A report's JSON: an exchange without its bytes and header lines (ReportedExchange; responseHeaders has them, masked by name too). */
const withoutBytes = (key: string, value: unknown): unknown => (key === 'bodyBytes' || key === 'responseHeaderLines' ? undefined : value);

/** A failure as reports show it, masked, with its curl lines. */
export function reportedFailure(failure: Failure, severity: ReportedFailure['severity'], secrets: Secrets): ReportedFailure {
  const f = JSON.parse(secrets.mask(JSON.stringify({ ...failure, severity, curl: undefined, replay: [] }, withoutBytes))) as ReportedFailure;
  return withCurl(f);
}

function withCurl(f: ReportedFailure): ReportedFailure {
  f.curl = f.exchange ? renderCurl(f.exchange) : undefined;
  f.replay = (f.requests ?? []).map((ex) => renderCurl(ex));
  return f;
}

export function maskedReport(raw: RunReport, secrets: Secrets): RunReport {
  const report = JSON.parse(secrets.mask(JSON.stringify(raw, withoutBytes))) as RunReport;
  report.failures.forEach(withCurl);
  return report;
}
