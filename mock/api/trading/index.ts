// The trading fake's public surface (docs/MOCK-CONTRACT.md): the model factory, the 14 operations
// of spec/trading.openapi.yaml and the trading admin routes.

import type { Route } from '../../core/route.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { cancelSpotOrderRoute } from './cancel-spot-order.js';
import { getAccountRoute } from './get-account.js';
import { getBalancesRoute } from './get-balances.js';
import { getMarketsRoute } from './get-markets.js';
import { getPriceRoute } from './get-price.js';
import { getPricesRoute } from './get-prices.js';
import { listCopyTradersRoute } from './list-copy-traders.js';
import { listOrdersRoute } from './list-orders.js';
import { placeBinaryOrderRoute } from './place-binary-order.js';
import { placeFuturesOrderRoute } from './place-futures-order.js';
import { placeMarginOrderRoute } from './place-margin-order.js';
import { placeSpotOrderRoute } from './place-spot-order.js';
import { startCopyRoute } from './start-copy.js';
import { stopCopyRoute } from './stop-copy.js';

export { createTradingModel } from '../../domain/trading/trading-model.js';
export { tradingAdminRoutes } from './admin-routes.js';
export { tradingBeforeEach } from './trading-before-each.js';
export { DEMO_ACCOUNTS, LEAD_TRADERS } from '../../domain/trading/seed-demo.js';

export type { TradingModel, TradingModelOptions } from '../../domain/trading/trading-model.js';
export type { TradingState } from '../../domain/trading/trading-state.js';

/** The 14 operations, one Route each. */
export function tradingRoutes(model: TradingModel): Route[] {
  return [
    getPricesRoute(model),
    getPriceRoute(model),
    getMarketsRoute(model),
    getAccountRoute(model),
    getBalancesRoute(model),
    listOrdersRoute(model),
    placeSpotOrderRoute(model),
    cancelSpotOrderRoute(model),
    placeMarginOrderRoute(model),
    placeFuturesOrderRoute(model),
    placeBinaryOrderRoute(model),
    listCopyTradersRoute(model),
    startCopyRoute(model),
    stopCopyRoute(model),
  ];
}
