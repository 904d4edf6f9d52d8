// POST /api/v1/spot/cancel (decision trading.cancel-semantics).

import { defineOperation } from '../define-operation.js';
import { presentOrder } from './present.js';

export const cancelSpotOrder = defineOperation('trading', 'cancelSpotOrder', ({ caller, body, now, backend }) =>
  presentOrder(backend.cancelSpotOrder(caller.account.id, body.order_id, now)),
);
