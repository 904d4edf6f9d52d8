// The trading interface of the fake: its 14 operations (spec/trading.openapi.yaml), its rules for
// the pipeline and its admin routes.

import type { OperationDefinition } from '../define-operation.js';
import { cancelSpotOrder } from './cancel-spot-order.js';
import { getAccount } from './get-account.js';
import { getBalances } from './get-balances.js';
import { getMarkets } from './get-markets.js';
import { getPrice } from './get-price.js';
import { getPrices } from './get-prices.js';
import { listCopyTraders } from './list-copy-traders.js';
import { listOrders } from './list-orders.js';
import { placeBinaryOrder } from './place-binary-order.js';
import { placeFuturesOrder } from './place-futures-order.js';
import { placeMarginOrder } from './place-margin-order.js';
import { placeSpotOrder } from './place-spot-order.js';
import { startCopy } from './start-copy.js';
import { stopCopy } from './stop-copy.js';

export const tradingOperations: readonly OperationDefinition<'trading'>[] = [
  getPrices,
  getPrice,
  getMarkets,
  getAccount,
  getBalances,
  listOrders,
  placeSpotOrder,
  cancelSpotOrder,
  placeMarginOrder,
  placeFuturesOrder,
  placeBinaryOrder,
  listCopyTraders,
  startCopy,
  stopCopy,
];

export { tradingRules, TRADING_GUARD_STATUSES } from './rules.js';
export { tradingAdminRoutes } from './admin-routes.js';
export { tradingSummary } from './trading-summary.js';
