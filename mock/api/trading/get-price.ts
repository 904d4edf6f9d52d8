// GET /api/v1/price/{symbol}: one price entry (decisions trading.single-price-shape,
// trading.symbol-case). An unknown symbol is 404; so is a malformed one, since the operation
// documents no 400.

import type { Route } from '../../core/route.js';
import { domainError } from '../../domain/domain-error.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { publicRoute } from './define-route.js';
import { presentPrice } from './present.js';

export function getPriceRoute(model: TradingModel): Route {
  return publicRoute(model, 'getPrice', ({ params }) => {
    const symbol = params['symbol'] ?? '';
    const entry = symbol.length <= 16 ? model.prices.entry(symbol) : undefined;
    if (entry === undefined) throw domainError.unknown_symbol(`unknown symbol ${symbol.slice(0, 16).toUpperCase()}`);
    return presentPrice(entry);
  });
}
