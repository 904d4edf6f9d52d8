// Builds a trading Route from the spec's operation table: method, path and permission come from
// spec/trading.openapi.yaml, so a route cannot drift from the document.
//
// Every request first settles the model (due fills, expiries) and then works at that one time.

import type { FakeRequest } from '../../core/fake-request.js';
import type { Route } from '../../core/route.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { getOperation } from '../../../spec/index.js';
import { authenticate, type Caller } from './guards.js';

export interface PublicContext {
  req: FakeRequest;
  params: Record<string, string>;
  now: number;
}

export interface KeyedContext extends PublicContext {
  caller: Caller;
}

/** Seed section 1: success is `{success: true, data}`. */
function envelope(data: unknown): { body: unknown } {
  return { body: { success: true, data } };
}

function routeBase(operationId: string): Pick<Route, 'method' | 'path' | 'operationId'> {
  const op = getOperation('trading', operationId);
  if (op.method === 'PATCH') throw new Error(`${operationId}: PATCH is not routed`);
  return { method: op.method, path: op.path, operationId };
}

/** An operation with permission none (prices, price, markets). */
export function publicRoute(model: TradingModel, operationId: string, run: (ctx: PublicContext) => unknown): Route {
  return {
    ...routeBase(operationId),
    handle(req, params) {
      const now = model.settle();
      return envelope(run({ req, params, now }));
    },
  };
}

/** An operation that needs a key with the permission the document names (x-permission). */
export function keyedRoute(model: TradingModel, operationId: string, run: (ctx: KeyedContext) => unknown): Route {
  const permission = getOperation('trading', operationId).permission;
  if (permission === 'none') throw new Error(`${operationId} is public; use publicRoute`);
  return {
    ...routeBase(operationId),
    handle(req, params) {
      const now = model.settle();
      const caller = authenticate(model, req, permission);
      return envelope(run({ req, params, now, caller }));
    },
  };
}
