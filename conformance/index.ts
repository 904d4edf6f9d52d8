// conformance/: the property-based conformance checker — its whole public surface.
export { runConformance } from './run/run-conformance.js';
export { runCheckCli, listChecks } from './run/run-check-cli.js';
export { CHECKS } from './checks/index.js';
export { UNJUDGED_CLAUSES } from './checks/unjudged-clauses.js';
export { renderConsole } from './report/console.js';
export { renderJunit } from './report/junit.js';
export { renderHtml } from './report/html.js';
export { summaryLine } from './report/summary-line.js';
export { PreflightError } from './run/preflight.js';
export { renderCurl } from './report/curl.js';
export { TransportError } from './exchange/transport.js';
export { learnedProfile } from './judge/learned-profile.js';
export { BaselineError, readBaseline } from './report/baseline-file.js';
export { compareWithBaseline, failureIdentity } from './report/compare-with-baseline.js';
export { REPORT_FORMAT } from './report/report-format.js';

export type { ConformanceOptions, ConformanceTargets } from './run/run-conformance.js';
export type { CheckCliOptions } from './run/run-check-cli.js';
export type { Baseline, BaselineErrorCode } from './report/baseline-file.js';
export type { Check, ResponseCheck, ScenarioCheck } from './checks/index.js';
export type { BaselineComparison, BaselineFailure, CheckKind, CheckMeta, CheckResult, Exchange, Failure, InputClassCoverage, Observation, Outcome, OperationCoverage, ReportedExchange, ReportedFailure, RunReport, CheckTally } from './types.js';
