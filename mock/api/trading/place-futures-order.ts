// POST /api/v1/futures/order (decisions trading.futures-semantics, trading.futures-duration; the
// default of 24 hours (seed trading §8) is the schema's, filled in by the pipeline's validation).

import { defineOperation } from '../define-operation.js';
import { parseLeverage, parseOrder } from './order-input.js';
import { presentOrder } from './present.js';

export const placeFuturesOrder = defineOperation('trading', 'placeFuturesOrder', ({ caller, body, now, backend }) => {
  const order = parseOrder(body, backend);
  const leverage = parseLeverage(body.leverage, order.market);
  const input = { ...order, kind: 'futures' as const, side: body.side, leverage, durationHours: body.duration_hours };
  return presentOrder(backend.openPosition(caller.account.id, input, now));
  // The longest duration is the fake's decision point (doppel's 720 hours, or a profile's).
}, { maxima: (backend) => ({ duration_hours: backend.decisions['trading.futures-duration'] }) });
