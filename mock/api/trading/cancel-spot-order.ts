// POST /api/v1/spot/cancel (decision trading.cancel-semantics).

import type { Route } from '../../core/route.js';
import { cancelSpotOrder } from '../../domain/trading/cancel-spot-order.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { keyedRoute } from './define-route.js';
import { parseBody } from './guards.js';
import { presentOrder } from './present.js';

export function cancelSpotOrderRoute(model: TradingModel): Route {
  return keyedRoute(model, 'cancelSpotOrder', ({ req, caller, now }) => {
    const body = parseBody<{ order_id: number }>('cancelSpotOrder', req.body);
    return presentOrder(cancelSpotOrder(model.state, caller.account.id, body.order_id, now));
  });
}
