// POST /api/v1/copy/stop (decision trading.copy-semantics): refunds copy_amount + result.

import type { Route } from '../../core/route.js';
import type { Dec } from '../../domain/decimal.js';
import { stopCopy } from '../../domain/trading/copy-trading.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { keyedRoute } from './define-route.js';
import { parseBody } from './guards.js';
import { presentRelation } from './present.js';

export function stopCopyRoute(model: TradingModel): Route {
  return keyedRoute(model, 'stopCopy', ({ req, caller, now }) => {
    const body = parseBody<{ lead_trader_id: number }>('stopCopy', req.body);
    const relation = stopCopy(model.state, caller.account.id, body.lead_trader_id, now);
    return presentRelation(relation, relation.result as Dec);
  });
}
