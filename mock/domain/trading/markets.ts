// The tradeable pairs and their limits (decision trading.market-fields).
//
// Every base with a settlement chain (decision trading.balance-meaning) trades against USDT. USDT
// is pinned at 1 USD (decision trading.price-walk), so a pair's price is the base's price_usd.

import { dec, type Dec } from '../decimal.js';

export interface Market {
  symbol: string;
  base: string;
  quote: string;
  minAmount: Dec;
  maxLeverage: number;
  pricePrecision: number;
  amountPrecision: number;
}

function market(base: string, minAmount: string, maxLeverage: number, pricePrecision: number, amountPrecision: number): Market {
  return { symbol: `${base}/USDT`, base, quote: 'USDT', minAmount: dec(minAmount), maxLeverage, pricePrecision, amountPrecision };
}

export const MARKETS: readonly Market[] = [
  market('BTC', '0.0001', 100, 2, 6),
  market('ETH', '0.001', 100, 2, 5),
  market('SOL', '0.01', 50, 3, 3),
  market('BNB', '0.001', 50, 2, 4),
  market('XRP', '1', 50, 4, 1),
  market('DOGE', '1', 50, 5, 0),
  market('LTC', '0.01', 50, 2, 3),
  market('TRX', '1', 20, 5, 1),
];

const BY_SYMBOL = new Map(MARKETS.map((m) => [m.symbol, m]));

/** base and quote as sent by the client; matched case-insensitively (decision trading.symbol-case). */
export function findMarket(base: string, quote: string): Market | undefined {
  return BY_SYMBOL.get(`${base.toUpperCase()}/${quote.toUpperCase()}`);
}

/** True when d has at most `digits` fraction digits. */
export function fitsPrecision(d: Dec, digits: number): boolean {
  return d % 10n ** BigInt(8 - digits) === 0n;
}
