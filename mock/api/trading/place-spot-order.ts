// POST /api/v1/spot/order (decision trading.spot-semantics).

import { defineOperation } from '../define-operation.js';
import { parseOrder } from './order-input.js';
import { presentOrder } from './present.js';

// parseOrder's fresh answer is given the side in place: a spread copied it once more per order, garbage on the write path.
export const placeSpotOrder = defineOperation('trading', 'placeSpotOrder', ({ caller, body, now, backend }) =>
  presentOrder(backend.placeSpotOrder(caller.account.id, Object.assign(parseOrder(body, backend), { side: body.side }), now)),
);
