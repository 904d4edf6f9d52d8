// GET /api/v1/account/balances: one entry per currency and chain (seed section 2; decision
// trading.balance-meaning: balance is available, locked is held by orders and copies).

import type { Route } from '../../core/route.js';
import { balancesOf } from '../../domain/trading/ledger.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { keyedRoute } from './define-route.js';
import { presentBalance } from './present.js';

export function getBalancesRoute(model: TradingModel): Route {
  return keyedRoute(model, 'getBalances', ({ caller }) => balancesOf(model.state, caller.account.id).map(presentBalance));
}
