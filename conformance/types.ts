// The checker's data: recorded exchanges, checks, failures and the run report.
import type { InterfaceName } from '../spec/index.js';

export type { InterfaceName };

/** One request and its answer, as sent and received (transport.ts records every one). */
export interface Exchange {
  seq: number;
  iface: InterfaceName;
  /** The operation the request targets; null for deliberately unknown paths. */
  operationId: string | null;
  method: string;
  url: string;
  requestHeaders: Record<string, string>;
  requestBody: string | undefined;
  status: number;
  responseHeaders: Record<string, string>;
  bodyText: string;
  /** Parsed body; undefined when the body is not JSON (see jsonError). */
  json: unknown;
  jsonError: string | undefined;
  durationMs: number;
  /** 429 answers met and waited out before this one (without --rate-limit). */
  throttled: number;
}

export type CheckKind = 'seed' | 'decision';

/** A typed failure (Schemathesis' Failure): which check, where, what, and how to reproduce it. */
export interface Failure {
  checkId: string;
  kind: CheckKind;
  source: string;
  iface: InterfaceName;
  operationId: string | null;
  title: string;
  message: string;
  /** The exchange that shows it (the smallest one met, or the shrunk one). */
  exchange?: Exchange | undefined;
  /** For stateful checks: the shrunk command sequence. */
  sequence?: string[] | undefined;
  /** The HTTP requests the shrunk case sent, in order (what a reproduction re-sends). */
  requests?: Exchange[] | undefined;
  /** How many exchanges showed the same failure. */
  occurrences: number;
}

export interface CheckMeta {
  /** Stable id; also the name in reports and docs/reference/checks.md. */
  id: string;
  /** `seed <doc> §x` or `decision:<id>` (an x-doppel-decision id in spec/). */
  source: string;
  kind: CheckKind;
  appliesTo: readonly InterfaceName[];
  title: string;
}

/** Reported failure as the run counts it: against foreign targets decision failures only observe. */
export interface ReportedFailure extends Failure {
  severity: 'failure' | 'observation';
  curl: string | undefined;
  /** One curl line per request of the shrunk case (stateful checks), in order. */
  replay: string[];
}

/**
 * What became of a check (issue 12): passed only when it evaluated at least one case and none
 * failed; `observed` is a decision check's failure against a foreign target without --strict;
 * `not-exercised` says why nothing was evaluated; `skipped` is --only/--skip.
 */
export type Outcome = 'passed' | 'failed' | 'observed' | 'not-exercised' | 'skipped';

export interface CheckResult extends CheckMeta {
  /** The check's outcome (named status in the JSON report since issue 5). */
  status: Outcome;
  /** Why the check was not exercised or skipped. */
  reason?: string | undefined;
  /** Cases evaluated. */
  cases: number;
  durationMs: number;
}

/** Per operation: the documented statuses the run saw (Schemathesis' coverage phase). */
export interface OperationCoverage {
  iface: InterfaceName;
  operationId: string;
  requests: number;
  documented: string[];
  seen: string[];
  /** Statuses seen that the operation does not document. */
  undocumented: string[];
}

export interface OutcomeCounts {
  passed: number;
  failed: number;
  observed: number;
  notExercised: number;
  skipped: number;
}

export interface CheckTally {
  checkId: string;
  operationId: string;
  iface: InterfaceName;
  checked: number;
  failed: number;
}

export interface RunReport {
  seed: number;
  runs: number;
  startedAt: string;
  durationMs: number;
  targets: { iface: InterfaceName; url: string; embedded: boolean }[];
  allowWrites: boolean;
  rateLimit: boolean;
  strict: boolean;
  requireAll: boolean;
  /** Environment variables that stand for the masked keys in this report (empty with --show-secrets). */
  secrets: { name: string; what: string }[];
  checks: CheckResult[];
  counts: OutcomeCounts;
  tallies: CheckTally[];
  failures: ReportedFailure[];
  coverage: OperationCoverage[];
  requests: number;
  throttled: number;
  /** Time spent waiting on the client-side wallet budget. */
  budgetWaitMs: number;
  /** True when the run failed: a failure (not an observation), or with --require-all a check not exercised. */
  failed: boolean;
  /** What the target did at each decision point the run exercised (issue 17; --learn writes them as a profile). */
  observations: Observation[];
  /** The profile the decision checks compared with (--profile), if any. */
  profile: string | undefined;
}

/** One value a check saw at a decision point, with the exchanges that show it (masked with the report). */
export interface Observation {
  point: string;
  checkId: string;
  value: number | string;
  evidence: { request: string; status: number; response: string }[];
}
