// POST /api/v1/spot/order (decision trading.spot-semantics).

import type { Route } from '../../core/route.js';
import type { Dec } from '../../domain/decimal.js';
import { placeSpotOrder } from '../../domain/trading/place-spot-order.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { keyedRoute } from './define-route.js';
import { parseBody } from './guards.js';
import { parseOrder, type OrderBody } from './order-input.js';
import { presentOrder } from './present.js';

export function placeSpotOrderRoute(model: TradingModel): Route {
  return keyedRoute(model, 'placeSpotOrder', ({ req, caller, now }) => {
    const body = parseBody<OrderBody & { side: 'buy' | 'sell' }>('placeSpotOrder', req.body);
    const order = parseOrder(body);
    const price = model.prices.priceAt(order.market.base, now) as Dec;
    return presentOrder(placeSpotOrder(model.state, caller.account.id, { ...order, side: body.side }, price, now));
  });
}
