// GET /api/v1/prices: the whole price table keyed by symbol (seed section 2, price entry).

import type { Route } from '../../core/route.js';
import type { PriceEntryData } from '../../domain/price-book.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { publicRoute } from './define-route.js';
import { presentPrice } from './present.js';

export function getPricesRoute(model: TradingModel): Route {
  return publicRoute(model, 'getPrices', () => {
    const data: Record<string, unknown> = {};
    for (const symbol of model.prices.symbols()) data[symbol] = presentPrice(model.prices.entry(symbol) as PriceEntryData);
    return data;
  });
}
