// POST /api/v1/copy/start (decisions trading.copy-semantics, trading.conflict-409).

import { decFromNumberLiteral } from '../../domain/decimal.js';
import { domainError } from '../../domain/domain-error.js';
import { defineOperation } from '../define-operation.js';
import { withStatus } from '../status-error.js';
import { presentRelation } from './present.js';

export const startCopy = defineOperation('trading', 'startCopy', ({ caller, body, now, backend }) => {
  // Seed trading §4: copy_amount is a JSON number; read it through its decimal literal, never as a float.
  const amount = decFromNumberLiteral(body.copy_amount);
  if (amount === null || amount <= 0n) throw domainError.invalid_request('copy_amount must be a positive number with at most 8 fraction digits');
  try {
    return presentRelation(backend.startCopy(caller.account.id, body.lead_trader_id, amount, now));
  } catch (error) {
    // Decision trading.conflict-409: an already copied trader answers the profile's status.
    return withStatus(error, 'conflict', backend.decisions['trading.conflict-409']);
  }
});
