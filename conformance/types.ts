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
  /** How many exchanges showed the same failure. */
  occurrences: number;
}

export interface CheckMeta {
  /** Stable id; also the name in reports and README. */
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
  checks: (CheckMeta & { status: 'passed' | 'failed' | 'observed' | 'skipped'; skipReason?: string | undefined })[];
  tallies: CheckTally[];
  failures: ReportedFailure[];
  requests: number;
  throttled: number;
  /** True when a failure (not an observation) was found. */
  failed: boolean;
}
