// GET /api/v1/price/{symbol}: one price entry (decisions trading.single-price-shape,
// trading.symbol-case: case-insensitive, or upper-case only by a profile). An unknown symbol is 404; so is a malformed one, since the operation
// documents no 400 for it.

import { domainError } from '../../domain/domain-error.js';
import { defineOperation } from '../define-operation.js';
import { wrongCase } from './order-input.js';
import { presentPrice } from './present.js';

export const getPrice = defineOperation('trading', 'getPrice', ({ params: { symbol }, backend }) => {
  const entry = symbol.length <= 16 && !wrongCase(backend, symbol) ? backend.prices.entry(symbol) : undefined;
  if (entry === undefined) throw domainError.unknown_symbol(`unknown symbol ${symbol.slice(0, 16).toUpperCase()}`);
  return presentPrice(entry);
});
