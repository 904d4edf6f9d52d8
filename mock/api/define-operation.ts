// defineOperation(iface, operationId, handler): one documented operation of either interface.
// Method, path, whether a key is needed and trading's permission come from the spec; the handler's
// input (caller, params, query, body) and its result are typed from spec/generated, so a spec
// change that the code does not follow is a compile error.

import { getOperation, type InterfaceName } from '../../spec/index.js';
import type { operations as TradingOperations, PublicOperationId as TradingPublic } from '../../spec/generated/trading.js';
import type { operations as WalletOperations, PublicOperationId as WalletPublic } from '../../spec/generated/wallet.js';
import type { FakeRequest } from '../core/fake-request.js';
import type { JsonText } from './json-text.js';
import type { OperationEntry, OperationInput } from '../core/operation-entry.js';
import type { TradingBackend, TradingCaller } from '../domain/trading/index.js';
import type { WalletBackend, WalletCaller } from '../domain/wallet/index.js';

interface Interfaces {
  trading: { operations: TradingOperations; public: TradingPublic; backend: TradingBackend; caller: TradingCaller };
  wallet: { operations: WalletOperations; public: WalletPublic; backend: WalletBackend; caller: WalletCaller };
}

export type OperationId<I extends InterfaceName> = keyof Interfaces[I]['operations'] & string;
type Op<I extends InterfaceName, Id extends OperationId<I>> = Interfaces[I]['operations'][Id];
type JsonOf<R> = R extends { content: { 'application/json': infer B } } ? B : never;

/** The 200 answer's body, as the spec documents it. */
export type Success<I extends InterfaceName, Id extends OperationId<I>> = Op<I, Id> extends { responses: { 200: infer R } } ? JsonOf<R> : never;

/**
 * What the handler returns: trading wraps it as `{success: true, data}` (seed trading §1), the
 * wallet puts its fields next to `success` (seed wallet §4), so a wallet handler returns those fields.
 */
export type Result<I extends InterfaceName, Id extends OperationId<I>> = I extends 'trading'
  ? Success<I, Id> extends { data: infer D } ? D : never
  : Omit<Success<I, Id>, 'success'>;

type Parameters<I extends InterfaceName, Id extends OperationId<I>, Where extends 'path' | 'query'> =
  Op<I, Id> extends { parameters: { [K in Where]?: infer P } } ? ([P] extends [never] ? Record<string, never> : NonNullable<P>) : Record<string, never>;

type Body<I extends InterfaceName, Id extends OperationId<I>> = Op<I, Id> extends { requestBody?: infer RB }
  ? [RB] extends [never] ? undefined : JsonOf<NonNullable<RB>>
  : undefined;

export interface OperationContext<I extends InterfaceName, Id extends OperationId<I>> {
  /** The authenticated caller; operations without a key (security: []) get none. */
  caller: Id extends Interfaces[I]['public'] ? undefined : Interfaces[I]['caller'];
  /** Path parameters coerced to their schema types. */
  params: Parameters<I, Id, 'path'>;
  /** Query parameters coerced, with the spec's defaults already applied by the pipeline. */
  query: Parameters<I, Id, 'query'>;
  body: Body<I, Id>;
  now: number;
  backend: Interfaces[I]['backend'];
  /** The request as it came (e.g. whether `limit` was sent, or is the profile's default). */
  req: FakeRequest;
}

export interface OperationDefinition<I extends InterfaceName> {
  readonly iface: I;
  readonly operationId: string;
  /** The pipeline's entry for one backend (one fake). */
  bind(backend: Interfaces[I]['backend']): OperationEntry;
}

export interface OperationOptions<I extends InterfaceName> {
  /** A backend's own maximum for integer query parameters and body properties, by name (a profile's point). */
  maxima?(backend: Interfaces[I]['backend']): Record<string, number>;
  /** A success's status when a decision point sets it (a profile's 201). */
  status?(backend: Interfaces[I]['backend']): number;
  /** false: the answer is never kept for this backend (the handler runs a guard of its own; mock/core/answer-cache.ts). */
  cached?(backend: Interfaces[I]['backend']): boolean;
}

export function defineOperation<I extends InterfaceName, Id extends OperationId<I>>(
  iface: I,
  operationId: Id,
  // A result, or its JSON text when the operation keeps presented texts (mock/api/json-text.ts).
  handler: (ctx: OperationContext<I, Id>) => Result<I, Id> | JsonText<Result<I, Id>>,
  options: OperationOptions<I> = {},
): OperationDefinition<I> {
  const op = getOperation(iface, operationId);
  if (op.method === 'PATCH') throw new Error(`${operationId}: PATCH is not routed`);
  const takes = {
    path: op.parameters.some((p) => p.in === 'path'),
    query: op.parameters.some((p) => p.in === 'query'),
    body: op.requestBodyPointer !== null,
  };
  const meta = { iface, operationId, method: op.method, path: op.path, secured: op.secured, permission: op.permission, takes };
  return {
    iface,
    operationId,
    bind: (backend) => ({
      ...meta,
      backend,
      ...(options.maxima ? { maxima: options.maxima(backend) } : {}),
      // The pipeline validated and coerced the input against the same operation's schemas, and
      // passes this entry's backend in it.
      run: handler as (input: OperationInput) => unknown,
      ...(options.cached?.(backend) === false ? { cached: false as const } : {}),
      ...(options.status ? { successStatus: () => (options.status as (b: typeof backend) => number)(backend) } : {}),
    }),
  };
}
