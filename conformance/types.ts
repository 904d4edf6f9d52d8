// The checker's data: recorded exchanges, checks, failures and the run report.
import type { InterfaceName } from '../spec/index.js';

export type { InterfaceName };

/** One request and its answer, as sent and received (exchange/transport.ts records every one). */
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
  /** Header names lower-cased; a repeated header's values joined with `, ` (as one line on the wire). */
  responseHeaders: Record<string, string>;
  /** The header lines as received, names lower-cased, a repeated header once per value (a repeated Content-Type is a case of its own); not in reports. */
  responseHeaderLines: [name: string, value: string][];
  /**
   * The body as received, before it was decoded as text (a content-coding such as gzip undone):
   * what the byte checks judge (a byte-order mark, bytes that are not UTF-8). Reports leave it out
   * (ReportedExchange): bodyText says what a person needs to read.
   */
  bodyBytes: Uint8Array;
  /** Body bytes on the wire, what Content-Length counts; null when not known (a recording of another tool). */
  receivedBytes: number | null;
  /** bodyBytes decoded as a client's text() does: UTF-8, a leading byte-order mark dropped, a byte that is not UTF-8 as U+FFFD. */
  bodyText: string;
  /** Parsed body (bodyText's JSON); undefined when the body is not JSON (see jsonError). */
  json: unknown;
  jsonError: string | undefined;
  /** Why the body is not the whole answer: the connection ended (or went quiet) before it did. */
  cutOff: string | undefined;
  /** Why more bytes came than the answer's Content-Length announced (not in bodyBytes: undici ends the answer at its length). */
  overrun: string | undefined;
  durationMs: number;
  /**
   * Epoch milliseconds (fractional) when the request started and when its answer had ended: the
   * judge sees exchanges in the order they ended, and two that overlap (concurrent clients of a
   * proxy) were not ordered by the target, so a state check must not judge one as after the other.
   */
  startedAt: number;
  endedAt: number;
  /** 429 answers met and waited out before this one (without --rate-limit). */
  throttled: number;
}

/**
 * Where an assertion comes from: a seed document's rule fails a run by default; a doppel decision
 * fails it under --strict (or against the embedded fake) and is an observation otherwise.
 */
export type CheckKind = 'seed' | 'decision';

/** One rule a check asserts, with its source (a check may assert seed rules and decisions alike). */
export interface Assertion {
  /** Stable within its check; reports name it `<check>/<assertion>`. */
  id: string;
  /** `seed trading §4 GET /api/v1/markets` (its clause ids joined by `; `) or `decision:trading.order-fields` (an x-doppel-decision id in spec/). */
  source: string;
  /**
   * The clause ids of docs/interfaces it judges (spec/clauses.ts grammar): a seed assertion's
   * whole source; a decision assertion's, the clauses it refines (may be none).
   */
  clauses: readonly string[];
  kind: CheckKind;
  /** What it asserts, in a few words (the checks table). */
  says: string;
}

/** A typed failure (Schemathesis' Failure): which check and assertion, where, what, and how to reproduce it. */
export interface Failure {
  checkId: string;
  /** The assertion of the check that failed; its kind and source follow. */
  assertion: string;
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
  /** How many of `requests`, from the first, overlapped (a race check's history): a reproduction fires those together, then the rest in order. */
  together?: number | undefined;
  /** How many exchanges showed the same failure. */
  occurrences: number;
}

export interface CheckMeta {
  /** Stable id; also the name in reports and docs/reference/checks.md. */
  id: string;
  appliesTo: readonly InterfaceName[];
  title: string;
  /** What it asserts, each with its source: seed rules fail by default, decisions under --strict. */
  assertions: readonly Assertion[];
}

/** An exchange in a report: without its bytes and header lines (bodyText and responseHeaders show them; a report is for people and --baseline). */
export type ReportedExchange = Omit<Exchange, 'bodyBytes' | 'responseHeaderLines'>;

/** Reported failure as the run counts it: against foreign targets decision assertions only observe. */
export interface ReportedFailure extends Omit<Failure, 'exchange' | 'requests'> {
  exchange?: ReportedExchange | undefined;
  requests?: ReportedExchange[] | undefined;
  severity: 'failure' | 'observation';
  curl: string | undefined;
  /** One curl line per request of the shrunk case (stateful checks), in order. */
  replay: string[];
  /** With --baseline: whether the baseline has it (the same check, assertion, interface and operation). */
  baseline?: 'new' | 'known' | undefined;
}

/**
 * What became of a check: passed only when it evaluated at least one case and none failed;
 * `observed`: only decision assertions failed, against a foreign target without --strict;
 * `not-exercised` says why nothing was evaluated; `skipped` is --only/--skip.
 */
export type Outcome = 'passed' | 'failed' | 'observed' | 'not-exercised' | 'skipped';

export interface CheckResult extends CheckMeta {
  /** The check's outcome (`status` in the JSON report). */
  status: Outcome;
  /** Why the check was not exercised or skipped. */
  reason?: string | undefined;
  /** Cases evaluated. */
  cases: number;
  /** Cases each assertion evaluated (an assertion with none was not exercised, whatever the check's outcome). */
  assertionCases: Record<string, number>;
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

/**
 * The input classes of the run's interfaces (conformance/act/input-classes.ts: each optional field
 * present and absent, each enum value, null and not null, each bound) and how many a request
 * answered 2xx showed; each one not sent with why.
 */
export interface InputClassCoverage {
  sent: number;
  total: number;
  unsent: { iface: InterfaceName; operationId: string; class: string; why: string }[];
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
  /** The JSON report's format version (REPORT_FORMAT); --baseline reads reports of this format only. */
  doppel_check_report: number;
  /** The doppel (package.json version) that wrote the report. */
  doppelVersion: string;
  seed: number;
  runs: number;
  startedAt: string;
  durationMs: number;
  targets: { iface: InterfaceName; url: string; embedded: boolean }[];
  allowWrites: boolean;
  rateLimit: boolean;
  /** --concurrency N of the race checks; absent when not given. */
  concurrency?: number | undefined;
  strict: boolean;
  requireAll: boolean;
  /** Environment variables that stand for the masked keys in this report (empty with --show-secrets). */
  secrets: { name: string; what: string }[];
  checks: CheckResult[];
  counts: OutcomeCounts;
  tallies: CheckTally[];
  failures: ReportedFailure[];
  coverage: OperationCoverage[];
  /** The input classes sent (a request of the class answered 2xx), of all the interfaces' operations have. */
  inputClasses: InputClassCoverage;
  requests: number;
  throttled: number;
  /** Time spent waiting on the client-side wallet budget. */
  budgetWaitMs: number;
  /** The wallet budget (requests a minute per key) and the most each key used of it in one minute; absent without a budget (the embedded fake). */
  walletBudget?: { perMinute: number; keys: { key: string; peak: number }[] } | undefined;
  /** True when the run failed: a failure (not an observation), or with --require-all a check not exercised. */
  failed: boolean;
  /** True when watched traffic gave no verdict to speak of (traffic.warnings say why): not PASSED even with no failure. */
  inconclusive?: boolean | undefined;
  /** What the target did at each decision point the run exercised (--learn writes them as a profile). */
  observations: Observation[];
  /** The profile the decision checks compared with (--profile), if any. */
  profile: string | undefined;
  baseline?: BaselineComparison | undefined;
  /** Set when the report judges traffic doppel did not send (doppel proxy, check --from-har). */
  traffic?: TrafficSummary | undefined;
  /** Set when the run was interrupted (SIGINT, SIGTERM) and the report holds what it did up to then. */
  partial?: { interrupted: string } | undefined;
}

/** A failure as a baseline knows it: check, assertion, interface and operation identify it across runs and seeds; the title is for people. */
export interface BaselineFailure {
  checkId: string;
  assertion: string;
  iface: InterfaceName;
  operationId: string | null;
  title: string;
  severity: 'failure' | 'observation';
}

/** With --baseline: the report compared with, and its failures not failing now. */
export interface BaselineComparison {
  file: string;
  doppelVersion: string;
  startedAt: string;
  seed: number;
  /** Said when another doppel version of the same report format wrote it. */
  note?: string | undefined;
  /** Evaluated again this run (the check evaluated that operation) and not failing. */
  fixed: BaselineFailure[];
  /** Not evaluated this run (check skipped or not exercised, operation not met): neither fixed nor failing, still known to a later --baseline of this report. */
  notRechecked: (BaselineFailure & { reason: string })[];
}

/** What a report of watched traffic adds: where it came from and what was not judged. */
export interface TrafficSummary {
  /** `proxy`: live traffic through doppel proxy; `har`: a recording read back. */
  source: 'proxy' | 'har';
  /** The proxy's addresses, or the HAR file. */
  from: string;
  /** Exchanges judged. */
  exchanges: number;
  /** Answers forwarded without being judged: bodies over the checking cap (--max-check-bytes; null: none). */
  unchecked: { count: number; bytes: number; cap: number | null };
  /** Requests the proxy answered 502 itself: the target could not be reached (not the target's violations). */
  unreachable: { count: number; examples: string[] };
  /** Requests whose client went away before the answer ended (nothing judged, nothing left pending). */
  abandoned: number;
  /** Exchanges forwarded and recorded but not judged: the judges were behind (their queue full); the judge of their namespace forgot what came before them. */
  notJudged?: { count: number; bytes: number } | undefined;
  /** Nothing was judged (doppel proxy --record-only): the exchanges recorded. */
  recordOnly?: { exchanges: number } | undefined;
  /** Resets of the target seen or told of (the judge forgot what the target said before each). */
  resets?: number | undefined;
  /** Why the traffic gives no verdict (most answers of an interface were the target's 404 for an unknown route). */
  warnings?: string[] | undefined;
  /** Exchanges with the target's admin API (/__doppel/…): forwarded and recorded, not judged nor counted as interface traffic. */
  admin?: { count: number } | undefined;
  /** Requests the proxy refused without forwarding them (Host, admin token, request target): not the target's answers. */
  refused?: { count: number; examples: string[] } | undefined;
  /** Requests the target took and answered with no readable answer (not HTTP, too many headers, the connection closed, none in --target-timeout): the target's failures. */
  targetFaults?: { count: number; examples: string[] } | undefined;
}

/** A value a check's observer saw at a decision point: how many cases showed it, and the first exchanges that did (masked with the report). */
export interface Observation {
  point: string;
  checkId: string;
  value: number | string;
  count: number;
  evidence: { request: string; status: number; response: string }[];
}
