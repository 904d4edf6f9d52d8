// POST /api/v1/margin/order (decision trading.margin-semantics).

import type { Route } from '../../core/route.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { placePositionRoute } from './place-position-route.js';

export function placeMarginOrderRoute(model: TradingModel): Route {
  return placePositionRoute(model, 'margin');
}
