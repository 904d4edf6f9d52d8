// POST /api/v1/binary/order (decisions trading.binary-semantics, trading.binary-durations; the
// schema's enum rejects any other duration_minutes with a 400).

import { defineOperation } from '../define-operation.js';
import { positiveAmount, requireMarket } from './order-input.js';
import { presentOrder } from './present.js';

export const placeBinaryOrder = defineOperation('trading', 'placeBinaryOrder', ({ caller, body, now, backend }) => {
  const market = requireMarket(body.market, body.pair, backend);
  // The bid is in the quote currency, so the base's min_amount and precision do not apply.
  const input = { market, direction: body.direction, amount: positiveAmount('amount', body.amount), durationMinutes: body.duration_minutes };
  return presentOrder(backend.placeBinaryOrder(caller.account.id, input, now));
});
