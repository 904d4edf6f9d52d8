// POST /api/v1/copy/start (decisions trading.copy-semantics, trading.conflict-409).

import type { Route } from '../../core/route.js';
import { domainError } from '../../domain/domain-error.js';
import { decFromNumberLiteral } from '../../domain/decimal.js';
import { startCopy } from '../../domain/trading/copy-trading.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { keyedRoute } from './define-route.js';
import { parseBody } from './guards.js';
import { presentRelation } from './present.js';

export function startCopyRoute(model: TradingModel): Route {
  return keyedRoute(model, 'startCopy', ({ req, caller, now }) => {
    const body = parseBody<{ lead_trader_id: number; copy_amount: number }>('startCopy', req.body);
    // Seed section 4: copy_amount is a JSON number; read it through its decimal literal, never as a float.
    const amount = decFromNumberLiteral(body.copy_amount);
    if (amount === null || amount <= 0n) throw domainError.invalid_request('copy_amount must be a positive number with at most 8 fraction digits');
    const relation = startCopy(model.state, caller.account.id, body.lead_trader_id, amount, now);
    return presentRelation(relation, 0n);
  });
}
