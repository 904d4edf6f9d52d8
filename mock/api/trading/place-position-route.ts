// The shared handler of POST /api/v1/margin/order and /futures/order (decisions
// trading.margin-semantics, trading.futures-semantics, trading.futures-duration).

import type { Route } from '../../core/route.js';
import type { Dec } from '../../domain/decimal.js';
import { openPosition } from '../../domain/trading/place-position.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { keyedRoute } from './define-route.js';
import { parseBody } from './guards.js';
import { parseLeverage, parseOrder, type OrderBody } from './order-input.js';
import { presentOrder } from './present.js';

/** Seed section 8: duration_hours defaults to 24. */
export const DEFAULT_DURATION_HOURS = 24;

type PositionBody = OrderBody & { side: 'long' | 'short'; duration_hours?: number };

export function placePositionRoute(model: TradingModel, kind: 'margin' | 'futures'): Route {
  const operationId = kind === 'margin' ? 'placeMarginOrder' : 'placeFuturesOrder';
  return keyedRoute(model, operationId, ({ req, caller, now }) => {
    const body = parseBody<PositionBody>(operationId, req.body);
    const order = parseOrder(body);
    const leverage = parseLeverage(body.leverage, order.market);
    const durationHours = kind === 'futures' ? (body.duration_hours ?? DEFAULT_DURATION_HOURS) : null;
    const price = model.prices.priceAt(order.market.base, now) as Dec;
    const input = { ...order, kind, side: body.side, leverage, durationHours };
    return presentOrder(openPosition(model.state, caller.account.id, input, price, now));
  });
}
