// GET /api/v1/prices: the whole price table keyed by symbol (seed trading §2, price entry).

import type { PriceEntryData } from '../../domain/price-book.js';
import { defineOperation } from '../define-operation.js';
import { presentPrice } from './present.js';

export const getPrices = defineOperation('trading', 'getPrices', ({ backend }) => {
  const data: Record<string, ReturnType<typeof presentPrice>> = {};
  for (const symbol of backend.prices.symbols()) data[symbol] = presentPrice(backend.prices.entry(symbol) as PriceEntryData);
  return data;
});
