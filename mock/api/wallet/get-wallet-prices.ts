// GET /api/v1/prices?symbols=BTC,ETH (seed wallet §4): USD prices as JSON numbers (decision wallet.prices-unknown).

import { decToJsonNumber } from '../../domain/decimal.js';
import { domainError } from '../../domain/domain-error.js';
import { defineOperation } from '../define-operation.js';
import { keptUnlessKeyRequired, requireKeyIfProfiled } from './public-by-profile.js';

/**
 * Case-insensitive, answered upper-case; unknown symbols left out; missing or empty → 400; at
 * most 50 (the fake's decision point wallet.prices-unknown#max-symbols: doppel's 50, or a
 * profile's). Blank items ("BTC,,ETH", spaces around commas) are ignored: a doppel reading of
 * "comma-separated" that keeps hand-typed queries working.
 */
export const getWalletPrices = defineOperation('wallet', 'getWalletPrices', ({ query, backend, req }) => {
  requireKeyIfProfiled(backend, req);
  const wanted = [...new Set(query.symbols.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s !== ''))];
  if (wanted.length === 0) throw domainError.invalid_request('symbols must name at least one symbol');
  const most = backend.decisions['wallet.prices-unknown#max-symbols'];
  if (wanted.length > most) throw domainError.invalid_request(`at most ${most} symbols`);
  const prices: Record<string, number> = {};
  for (const symbol of wanted) {
    const price = backend.prices.priceOf(symbol);
    // A price book never holds a non-positive price; the schema's exclusiveMinimum 0 is kept regardless.
    if (price !== undefined && price > 0n) prices[symbol] = decToJsonNumber(price);
  }
  return { prices };
}, { cached: keptUnlessKeyRequired });
