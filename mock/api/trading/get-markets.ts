// GET /api/v1/markets: the tradeable pairs with their limits (decision trading.market-fields).

import type { Route } from '../../core/route.js';
import { MARKETS } from '../../domain/trading/markets.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { publicRoute } from './define-route.js';
import { presentMarket } from './present.js';

export function getMarketsRoute(model: TradingModel): Route {
  return publicRoute(model, 'getMarkets', () => MARKETS.map(presentMarket));
}
