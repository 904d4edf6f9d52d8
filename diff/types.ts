// The data of doppel diff: the two deployments compared, each difference between their answers
// with its verdict, and the report.
import type { InterfaceName } from '../spec/index.js';

export type Side = 'primary' | 'candidate';

/** What differs between two answers to one request. */
export type DifferenceKind =
  | 'status'
  | 'envelope'
  | 'content-type'
  | 'retry-after'
  | 'field'
  | 'type'
  | 'scale'
  | 'date-format'
  | 'value'
  | 'membership'
  | 'order'
  | 'identity'
  | 'rule';

/**
 * seed: one side breaks a rule of the documents (the checker's judgement of that answer);
 * decision: both lawful, a decision point's value changed; unexplained: both lawful and no decision
 * names it; noise: a moving value within the tolerance, or what the secondary showed differ.
 */
export type Verdict = 'seed' | 'decision' | 'unexplained' | 'noise';

export interface Difference {
  /** The recorded request's number (1, 2, …, in the recording's order). */
  index: number;
  iface: InterfaceName;
  operationId: string | null;
  method: string;
  /** The request's path and query as recorded. */
  path: string;
  kind: DifferenceKind;
  /** JSON pointer into the answer ('' the whole answer; `header content-type` for headers). */
  at: string;
  primary: string;
  candidate: string;
  verdict: Verdict;
  /** seed: the side that breaks the rule. */
  side?: Side | undefined;
  /** seed: the broken rule, `check/assertion (source): message`. */
  rule?: string | undefined;
  /** decision: the point and its values on each side. */
  decision?: DecisionChange | undefined;
}

/** A decision point whose value differs between the sides, named as --learn names it. */
export interface DecisionChange {
  point: string;
  decision: string;
  primary: number | string;
  candidate: number | string;
}

/** Base URLs per interface (without /api/v1). */
export type DiffTargets = Partial<Record<InterfaceName, string>>;

/** The two answers to one request that differ, as a person compares them (masked, cut at a few kilobytes). */
export interface AnswerPair {
  index: number;
  method: string;
  path: string;
  primary: { status: number; contentType: string; body: string };
  candidate: { status: number; contentType: string; body: string };
}

export interface DiffReport {
  format: 'doppel-diff/1';
  /** The recording's files, or `doppel check --seed N` for --check. */
  recording: string;
  primary: DiffTargets;
  candidate: DiffTargets;
  /** The second copy of the primary noise was learned from, if one was given. */
  secondary?: DiffTargets;
  /** With a secondary: the fields (and status pairs of an operation) learned noisy, where primary and secondary differed. */
  learnedNoisy?: number;
  /** Requests in the recording, and what became of them. */
  requests: number;
  replayed: number;
  /** Writes not sent (no --allow-writes). */
  skippedWrites: number;
  /** Requests to no interface either side was given for. */
  skippedInterfaces: number;
  /** Identifiers minted by the targets, followed from one side to the other. */
  aligned: number;
  /** --check: requests one side's run sent that the other's did not (its flow went another way there). */
  unpaired?: Record<Side, number> | undefined;
  /**
   * --check: the number of the last pair before the runs first went different ways (0: from the
   * start); later differences of state may follow from that step rather than from a rule.
   */
  divergedAfter?: number | undefined;
  differences: Difference[];
  /** The answers of each request with a difference that is not noise (the HTML page shows them side by side). */
  answers: AnswerPair[];
  /** Decision points observed on both sides with different values (the learned profiles' difference). */
  decisions: DecisionChange[];
  counts: Record<Verdict, number>;
  strict: boolean;
  /** Set when SIGINT or SIGTERM stopped the comparison: the report holds what was compared up to then. */
  partial?: { interrupted: string } | undefined;
  /** Whether the differences fail the comparison (exit 1). */
  failed: boolean;
}
