// GET /api/v1/account/balances: one entry per currency and chain (seed trading §2; decision
// trading.balance-meaning: balance is available, locked is held by orders and copies).

import { defineOperation } from '../define-operation.js';
import { presentBalance } from './present.js';

export const getBalances = defineOperation('trading', 'getBalances', ({ caller, backend }) =>
  backend.balances(caller.account.id).map(presentBalance),
);
