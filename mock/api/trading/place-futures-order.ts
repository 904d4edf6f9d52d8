// POST /api/v1/futures/order (decision trading.futures-semantics).

import type { Route } from '../../core/route.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { placePositionRoute } from './place-position-route.js';

export function placeFuturesOrderRoute(model: TradingModel): Route {
  return placePositionRoute(model, 'futures');
}
