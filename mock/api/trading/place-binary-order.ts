// POST /api/v1/binary/order (decisions trading.binary-semantics, trading.binary-durations; the
// schema's enum rejects any other duration_minutes with a 400).

import type { Route } from '../../core/route.js';
import type { Dec } from '../../domain/decimal.js';
import { placeBinaryOrder } from '../../domain/trading/place-binary-order.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { keyedRoute } from './define-route.js';
import { parseBody } from './guards.js';
import { positiveAmount, requireMarket } from './order-input.js';
import { presentOrder } from './present.js';

interface BinaryBody {
  market: string;
  pair: string;
  direction: 'long' | 'short';
  amount: string;
  duration_minutes: number;
}

export function placeBinaryOrderRoute(model: TradingModel): Route {
  return keyedRoute(model, 'placeBinaryOrder', ({ req, caller, now }) => {
    const body = parseBody<BinaryBody>('placeBinaryOrder', req.body);
    const market = requireMarket(body.market, body.pair);
    // The bid is in the quote currency, so the base's min_amount and precision do not apply.
    const amount = positiveAmount('amount', body.amount);
    const price = model.prices.priceAt(market.base, now) as Dec;
    const input = { market, direction: body.direction, amount, durationMinutes: body.duration_minutes };
    return presentOrder(placeBinaryOrder(model.state, caller.account.id, input, price, now));
  });
}
