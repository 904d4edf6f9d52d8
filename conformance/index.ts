// conformance/: the property-based conformance checker — its whole public surface.
export { runConformance } from './run-conformance.js';
export { runCheckCli, listChecks } from './run-check-cli.js';
export { CHECKS } from './checks/index.js';
export { renderConsole } from './reporters/console.js';
export { renderJunit } from './reporters/junit.js';
export { renderHtml } from './reporters/html.js';
export { summaryLine } from './reporters/summary-line.js';
export { PreflightError } from './preflight.js';
export { renderCurl } from './curl.js';
export { TransportError } from './transport.js';
export { learnedProfile } from './learned-profile.js';
export { BaselineError, readBaseline } from './baseline-file.js';
export { compareWithBaseline, failureIdentity } from './compare-with-baseline.js';
export { REPORT_FORMAT } from './report-format.js';

export type { ConformanceOptions, ConformanceTargets } from './run-conformance.js';
export type { CheckCliOptions } from './run-check-cli.js';
export type { Baseline, BaselineErrorCode } from './baseline-file.js';
export type { Check, ResponseCheck, ScenarioCheck } from './checks/index.js';
export type { BaselineComparison, BaselineFailure, CheckKind, CheckMeta, CheckResult, Exchange, Failure, Observation, Outcome, OperationCoverage, ReportedFailure, RunReport, CheckTally } from './types.js';
