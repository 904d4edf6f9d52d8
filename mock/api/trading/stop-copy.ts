// POST /api/v1/copy/stop (decision trading.copy-semantics): refunds copy_amount + result.

import { defineOperation } from '../define-operation.js';
import { withStatus } from '../status-error.js';
import { presentRelation } from './present.js';

export const stopCopy = defineOperation('trading', 'stopCopy', ({ caller, body, now, backend }) => {
  try {
    return presentRelation(backend.stopCopy(caller.account.id, body.lead_trader_id, now));
  } catch (error) {
    // Decision trading.copy-semantics#stop-unknown-status: no relation to stop answers the profile's status.
    return withStatus(error, 'not_found', backend.decisions['trading.copy-semantics#stop-unknown-status']);
  }
});
