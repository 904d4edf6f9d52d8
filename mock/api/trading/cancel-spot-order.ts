// POST /api/v1/spot/cancel (decision trading.cancel-semantics).

import { defineOperation } from '../define-operation.js';
import { withStatus } from '../status-error.js';
import { presentOrder } from './present.js';

export const cancelSpotOrder = defineOperation('trading', 'cancelSpotOrder', ({ caller, body, now, backend }) => {
  try {
    return presentOrder(backend.cancelSpotOrder(caller.account.id, body.order_id, now));
  } catch (error) {
    // Decision trading.cancel-semantics#not-open-status: an order no longer open answers the profile's status.
    return withStatus(error, 'order_not_open', backend.decisions['trading.cancel-semantics#not-open-status']);
  }
});
