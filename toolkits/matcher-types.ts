// The journal matchers' types for vitest, jest and Playwright: operationIds and request bodies
// from spec/generated, so a misspelt operation or a body field of the wrong type is a compile error.
import type { RequestPattern } from '../mock/index.js';
import type { operations as TradingOperations } from '../spec/generated/trading.js';
import type { operations as WalletOperations } from '../spec/generated/wallet.js';
import type { SharedDoppel } from './doppel-handle.js';

type Operations = TradingOperations & WalletOperations;

/** Every operationId of both interfaces. */
export type OperationId = keyof Operations & string;

/** The JSON body an operation takes, as sent (before defaults are filled in); null for none. */
export type RequestBodyOf<Op extends OperationId> = Operations[Op] extends { requestBody?: { content: { 'application/json': infer Body } } } ? Body : null;

/** Every JSON answer an operation documents, of any status. */
export type ResponseOf<Op extends OperationId> = Operations[Op] extends { responses: infer R }
  ? { [S in keyof R]: R[S] extends { content: { 'application/json': infer Body } } ? Body : never }[keyof R]
  : unknown;

/** An asymmetric matcher of any runner (expect.objectContaining, expect.any, …). */
export interface AsymmetricLike {
  asymmetricMatch(other: unknown): boolean;
}

/** A value, or at any depth an asymmetric matcher in its place. */
export type Matchable<T> = AsymmetricLike | (T extends readonly (infer Item)[] ? Matchable<Item>[] : T extends object ? { [K in keyof T]: Matchable<T[K]> } : T);

/** Fields of the journal entry to compare (each with the framework's equality: asymmetric matchers work). */
export interface RequestExpectation<Body = unknown, Response = unknown> {
  body?: Matchable<Body | null>;
  /** Query parameters as sent: strings. */
  query?: Matchable<Record<string, string>>;
  /** Header names lower-case; credentials are masked as `***`. */
  headers?: Matchable<Record<string, string>>;
  /** 0: no answer (a dropped connection fault). */
  status?: Matchable<number>;
  response?: Matchable<Response>;
  method?: Matchable<string>;
  path?: Matchable<string>;
  route?: Matchable<string | null>;
  operationId?: Matchable<string | null>;
  interface?: Matchable<string>;
  fault?: Matchable<string | null>;
}

export type OperationExpectation<Op extends OperationId> = RequestExpectation<RequestBodyOf<Op>, ResponseOf<Op>>;

/** A request pattern for a matcher: the handle's namespace is implied. */
export type MatcherPattern = Omit<RequestPattern, 'namespace' | 'operationId'> & { operationId?: OperationId };

/** A shared mock's journal is read over HTTP: its matchers return a promise to await. */
export type MatcherReturn<T> = T extends SharedDoppel ? Promise<void> : void;

export interface DoppelMatchers<R = unknown> {
  /** At least one request of this operation (and, given, with these entry fields) reached the fake. */
  toHaveReceived<Op extends OperationId>(operationId: Op, expected?: OperationExpectation<Op>): R;
  toHaveReceived(pattern: MatcherPattern, expected?: RequestExpectation): R;
  /** Exactly `times` such requests. */
  toHaveReceivedTimes<Op extends OperationId>(operationId: Op, times: number, expected?: OperationExpectation<Op>): R;
  toHaveReceivedTimes(pattern: MatcherPattern, times: number, expected?: RequestExpectation): R;
  /** No request at all (doppel's own admin requests aside) since the last reset. */
  toHaveReceivedNothing(): R;
}
