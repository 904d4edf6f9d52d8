// POST /api/v1/copy/stop (decision trading.copy-semantics): refunds copy_amount + result.

import { defineOperation } from '../define-operation.js';
import { presentRelation } from './present.js';

export const stopCopy = defineOperation('trading', 'stopCopy', ({ caller, body, now, backend }) =>
  presentRelation(backend.stopCopy(caller.account.id, body.lead_trader_id, now)),
);
