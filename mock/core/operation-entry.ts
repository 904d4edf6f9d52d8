// What the pipeline runs: an interface's operations (from the spec, via mock/api's defineOperation),
// doppel's admin routes, and the few rules in which the two interfaces differ.

import type { InterfaceName, Permission } from '../../spec/index.js';
import type { FakeRequest } from './fake-request.js';
import type { HttpMethod, Routable } from '../../spec/route-table.js';

/** The validated input of one request, as the operation's handler receives it. */
export interface OperationInput {
  /** What authenticate() returned; undefined for operations that need no key. */
  caller: unknown;
  /** Path parameters, coerced to their schema types (a wallet id is a number). */
  params: Record<string, unknown>;
  /** Documented query parameters, coerced, with the spec's defaults applied; others are ignored. */
  query: Record<string, unknown>;
  /** The JSON body, valid against the operation's request schema (undefined when it takes none). */
  body: unknown;
  /** The virtual time the request works at (every due event up to it is settled). */
  now: number;
  /** The interface's backend the operation was bound to (OperationEntry.backend). */
  backend: unknown;
  /** The request as it came: whether a query parameter was sent or defaulted (a profile's default limit). */
  req: FakeRequest;
}

/** One documented operation: method, path and guards come from the spec (mock/api/define-operation.ts). */
export interface OperationEntry extends Routable {
  iface: InterfaceName;
  operationId: string;
  /** The operation needs a key (its security in the spec is not empty). */
  secured: boolean;
  /** Trading's x-permission; 'read' or 'none' elsewhere. */
  permission: Permission;
  /** Which inputs the spec documents, so that the pipeline validates only those (a hot path). */
  takes: { path: boolean; query: boolean; body: boolean };
  /** Its own maximum for integer query parameters and body properties, in place of the spec's (a profile's point). */
  maxima?: Readonly<Record<string, number>>;
  /** The backend `run` works on; the pipeline passes it in the input (one object per request). */
  backend: unknown;
  /** Returns the result the interface's envelope wraps. Synchronous: see docs/ARCHITECTURE.md. */
  run(input: OperationInput): unknown;
  /** The status of a success when not 200: a profile's choice (a decision point). */
  successStatus?(): number;
  /** false: a read whose answer is never kept (it runs a guard of its own, which must run every time). */
  cached?: false;
}

/** A page an admin route answers instead of JSON (the dashboard, the API reference). */
export interface Page {
  contentType: string;
  text: string;
}

/** A route of doppel's own admin API under /__doppel/ (docs/MOCK-CONTRACT.md); not in the spec. */
export interface AdminRoute extends Routable {
  method: HttpMethod;
  operationId: string;
  /**
   * 'json' (default): handle returns the `data` of `{success: true, data}`; 'page': it returns a
   * Page; 'chunks': it returns the JSON text of `data` as an iterator of pieces (a state export
   * whose cost grows with the state, served a piece at a time, FakeResponse.chunks).
   */
  answers?: 'json' | 'page' | 'chunks';
  /** false: served without the admin token (a page shell that holds no state and whose own fetches carry the token, the health probe). */
  guarded?: false;
  handle(input: { req: FakeRequest; params: Record<string, string>; body: unknown; now: number }): unknown;
}

/** The only things in which the two interfaces differ for the pipeline (shared/ARCHITECTURE.md). */
export interface InterfaceRules {
  iface: InterfaceName;
  /** Processes every event due by now and returns now: run once per request, before anything else. */
  settle(): number;
  /**
   * The guards of a secured operation, in the interface's documented order (trading: key →
   * whitelist → permission; wallet: key → rate limit). Throws DomainError; returns the caller.
   */
  authenticate(req: FakeRequest, operation: OperationEntry): unknown;
  /**
   * The guards a profile's guard order (decisions trading.guard-order, wallet.guard-order) puts
   * after input validation, given authenticate's caller; absent in doppel's order. Resolved once
   * per pipeline, when the rules are made.
   */
  afterInput?(caller: unknown, req: FakeRequest, operation: OperationEntry): void;
  /** The header that carries the caller's credential: a secured read's answer is kept per its value. */
  credentialHeader: string;
  /**
   * The first virtual instant after `now` at which time alone can change what a read answers (a
   * price step, a settlement or confirmation falling due): kept answers hold until then.
   */
  quietUntil(now: number): number;
  /** The statuses those guards can answer, for the spec's status lists (mock/core/pipeline-statuses.ts). */
  guardStatuses: readonly number[];
  /** The success body around a result (trading: {success, data}; wallet: fields at the top level). */
  envelope(result: unknown): unknown;
  /** The same around a result's JSON text (mock/api/json-text.ts): JSON.stringify(envelope(r)) for the text of r. */
  envelopeText(resultText: string): string;
}
