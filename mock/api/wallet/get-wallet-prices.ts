// GET /api/v1/prices?symbols=BTC,ETH (seed §4): USD prices as JSON numbers (decision wallet.prices-unknown).

import type { Route } from '../../core/route.js';
import { decToJsonNumber } from '../../domain/decimal.js';
import { domainError } from '../../domain/domain-error.js';
import type { WalletModel } from '../../domain/wallet/index.js';
import { queryOf } from './request-input.js';
import { walletRoute } from './wallet-route.js';

const OP = 'getWalletPrices';
const MAX_SYMBOLS = 50;

/**
 * Case-insensitive, answered upper-case; unknown symbols left out; missing or empty → 400; at
 * most 50. Blank items ("BTC,,ETH", spaces around commas) are ignored: a doppel reading of
 * "comma-separated" that keeps hand-typed queries working.
 */
export function getWalletPricesRoute(model: WalletModel): Route {
  return walletRoute(model, {
    method: 'GET',
    path: '/api/v1/prices',
    operationId: OP,
    handle(req) {
      const { symbols } = queryOf<{ symbols: string }>(OP, req);
      const wanted = [...new Set(symbols.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s !== ''))];
      if (wanted.length === 0) throw domainError.invalid_request(`${OP}: symbols must name at least one symbol`);
      if (wanted.length > MAX_SYMBOLS) throw domainError.invalid_request(`${OP}: at most ${MAX_SYMBOLS} symbols`);
      const prices: Record<string, number> = {};
      for (const symbol of wanted) {
        const price = model.prices.priceOf(symbol);
        // A price book never holds a non-positive price; the schema's exclusiveMinimum 0 is kept regardless.
        if (price !== undefined && price > 0n) prices[symbol] = decToJsonNumber(price);
      }
      return { body: { success: true, prices } };
    },
  });
}
