// An AppOptions.beforeEach for the trading port: settles due events and runs the key, whitelist
// and permission guards before the router rejects an undecodable body, so that the guard order
// of decision trading.guard-order (401 → 403 → 400) holds even for invalid JSON. The routes run
// the same guards again; they are cheap and keep each route correct on its own.

import type { FakeRequest } from '../../core/fake-request.js';
import type { Route } from '../../core/route.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { operations, type Permission } from '../../../spec/index.js';
import { authenticate } from './guards.js';

export function tradingBeforeEach(model: TradingModel): (req: FakeRequest, route: Route) => void {
  const permissions = new Map<string, Permission>(operations('trading').map((op) => [op.operationId, op.permission]));
  return (req, route) => {
    model.settle();
    const permission = permissions.get(route.operationId);
    if (permission !== undefined && permission !== 'none') authenticate(model, req, permission);
  };
}
