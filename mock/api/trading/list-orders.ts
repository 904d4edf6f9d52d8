// GET /api/v1/account/orders: the caller's orders, newest first, filtered by type and status,
// limit 1..100 default 50 (decisions trading.orders-listing, trading.orders-default-limit).

import type { Route } from '../../core/route.js';
import { listOrders } from '../../domain/trading/order-index.js';
import type { OrderKind, OrderStatus } from '../../domain/trading/trading-state.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { keyedRoute } from './define-route.js';
import { parseQuery } from './guards.js';
import { presentOrder } from './present.js';

export function listOrdersRoute(model: TradingModel): Route {
  return keyedRoute(model, 'listOrders', ({ req, caller }) => {
    const query = parseQuery('listOrders', req.query);
    const filter = {
      type: query['type'] as OrderKind | undefined,
      status: query['status'] as OrderStatus | undefined,
      limit: query['limit'] as number,
    };
    return listOrders(model.state, caller.account.id, filter).map(presentOrder);
  });
}
