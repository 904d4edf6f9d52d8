// GET /api/v1/copy/traders: the active lead traders (seed section 3), by id.

import type { Route } from '../../core/route.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { keyedRoute } from './define-route.js';
import { presentTrader } from './present.js';

export function listCopyTradersRoute(model: TradingModel): Route {
  return keyedRoute(model, 'listCopyTraders', () =>
    [...model.state.traders.values()].filter((t) => t.active).sort((a, b) => a.id - b.id).map(presentTrader),
  );
}
