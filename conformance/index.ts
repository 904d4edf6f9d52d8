// conformance/: the property-based conformance checker — its whole public surface.
export { runConformance } from './run-conformance.js';
export { runCheckCli } from './run-check-cli.js';
export { CHECKS } from './checks/index.js';
export { renderConsole } from './reporters/console.js';
export { renderJunit } from './reporters/junit.js';
export { renderCurl } from './curl.js';
export { TransportError } from './transport.js';

export type { ConformanceOptions, ConformanceTargets } from './run-conformance.js';
export type { CheckCliOptions } from './run-check-cli.js';
export type { Check, ResponseCheck, ScenarioCheck } from './checks/index.js';
export type { CheckKind, CheckMeta, Exchange, Failure, ReportedFailure, RunReport, CheckTally } from './types.js';
