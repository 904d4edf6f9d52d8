// POST /api/v1/spot/order (decision trading.spot-semantics).

import { defineOperation } from '../define-operation.js';
import { parseOrder } from './order-input.js';
import { presentOrder } from './present.js';

export const placeSpotOrder = defineOperation('trading', 'placeSpotOrder', ({ caller, body, now, backend }) =>
  presentOrder(backend.placeSpotOrder(caller.account.id, { ...parseOrder(body, backend), side: body.side }, now)),
);
