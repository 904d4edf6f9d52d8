// POST /api/v1/margin/order (decision trading.margin-semantics): no closing endpoint, stays open.

import { defineOperation } from '../define-operation.js';
import { parseLeverage, parseOrder } from './order-input.js';
import { presentOrder } from './present.js';

export const placeMarginOrder = defineOperation('trading', 'placeMarginOrder', ({ caller, body, now, backend }) => {
  const order = parseOrder(body, backend);
  const input = { ...order, kind: 'margin' as const, side: body.side, leverage: parseLeverage(body.leverage, order.market), durationHours: null };
  return presentOrder(backend.openPosition(caller.account.id, input, now));
});
