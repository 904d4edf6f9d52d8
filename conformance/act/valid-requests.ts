// Valid requests built from the discovered facts: the bases that invalid cases mutate, and the
// small orders the stateful checks place (far from the price, smallest amounts).
import { operations } from '../../spec/index.js';
import type { Facts, MarketFact } from './facts.js';
import { toUnits } from '../exchange/decimal.js';

/** The unit of the amounts the checker sends from a wallet (0.00001 of the native coin; the plan prints the largest). */
export const SEND_UNIT = 0.00001;

/** The trading operations that need the trade permission (trading §4), from spec/. */
export const TRADE_OPERATIONS: readonly string[] = operations('trading')
  .filter((o) => o.permission === 'trade')
  .map((o) => o.operationId);

/** The market the checker trades on: BTC/USDT when listed, else the first USDT market. */
export function orderMarket(facts: Facts): MarketFact {
  return (
    facts.markets.find((m) => m.market === 'BTC' && m.pair === 'USDT') ??
    facts.markets.find((m) => m.pair === 'USDT') ??
    facts.markets[0] ?? { market: 'BTC', pair: 'USDT', minAmount: '0.0001', maxLeverage: 10, amountPrecision: 6, pricePrecision: 2 }
  );
}

/** A price far below the market (so a buy limit order rests), within the market's precision. */
export function restingBuyPrice(facts: Facts, m: MarketFact, fraction = 0.5): string {
  const price = facts.prices[m.market] ?? 1;
  const digits = Math.min(m.pricePrecision ?? 2, 8);
  const value = Math.max(price * fraction, 10 ** -digits);
  return value.toFixed(digits);
}

export function smallestAmount(m: MarketFact): string {
  return m.minAmount ?? '0.001';
}

/**
 * The USDT market whose smallest order costs least (min_amount × price, in 1e-8 USDT, rounded
 * up): where the checker places orders whose number matters, not their size.
 */
export function cheapestMarket(facts: Facts): { market: MarketFact; units: bigint } | undefined {
  let best: { market: MarketFact; units: bigint } | undefined;
  for (const m of facts.markets) {
    const amount = toUnits(smallestAmount(m));
    const price = facts.prices[m.market];
    if (m.pair !== 'USDT' || amount === undefined || price === undefined || !(price > 0)) continue;
    const units = (amount * (toUnits(price) ?? 0n) + 10n ** 8n - 1n) / 10n ** 8n;
    if (units > 0n && (!best || units < best.units)) best = { market: m, units };
  }
  return best;
}

/** A valid body per trading write operation (what the 403 and invalid-input cases start from). */
export function validTradingBody(facts: Facts, operationId: string): Record<string, unknown> {
  const m = orderMarket(facts);
  const common = { market: m.market, pair: m.pair, order_type: 'limit', amount: smallestAmount(m), price: restingBuyPrice(facts, m) };
  const trader = facts.traders[0];
  switch (operationId) {
    case 'placeSpotOrder':
      return { ...common, side: 'buy' };
    case 'placeMarginOrder':
      return { ...common, side: 'long', leverage: 1 };
    case 'placeFuturesOrder':
      return { ...common, side: 'long', leverage: 1, duration_hours: 24 };
    case 'placeBinaryOrder':
      return { market: m.market, pair: m.pair, direction: 'long', amount: '1', duration_minutes: 5 };
    case 'cancelSpotOrder':
      return { order_id: 999_999_999 };
    case 'startCopy':
      return { lead_trader_id: trader?.id ?? 1, copy_amount: trader?.minCopyAmount ?? 10 };
    case 'stopCopy':
      return { lead_trader_id: trader?.id ?? 1 };
    default:
      throw new Error(`no valid body for ${operationId}`);
  }
}
