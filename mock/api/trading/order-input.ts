// Semantic checks of an order body after its schema passed (decision trading.required-fields):
// market exists, amount > 0 within amount_precision and ≥ min_amount, limit orders carry a price
// within price_precision, leverage within 1..max_leverage. All are input errors (400), checked
// before any balance (decision trading.guard-order).

import type { components } from '../../../spec/generated/trading.js';
import { domainError } from '../../domain/domain-error.js';
import { formatDec8, parseDec, type Dec } from '../../domain/decimal.js';
import { findMarket, fitsPrecision, MARKETS, type Market } from '../../domain/trading/index.js';

/** The fields every order request shares (spot, margin, futures). */
export type OrderBody = components['schemas']['OrderRequestBase'];

export type ParsedOrder = { market: Market; amount: Dec } & ({ orderType: 'market'; price: null } | { orderType: 'limit'; price: Dec });

/** What decides how symbols match: the backend's decision trading.symbol-case. */
export interface SymbolCase {
  decisions: { readonly 'trading.symbol-case': string };
}

/**
 * Whether a symbol is unknown for its case alone: a profile's `upper-case-only` (decision
 * trading.symbol-case) refuses what doppel matches case-insensitively.
 */
export function wrongCase(backend: SymbolCase, ...symbols: string[]): boolean {
  return backend.decisions['trading.symbol-case'] === 'upper-case-only' && symbols.some((s) => s !== s.toUpperCase());
}

/** Unknown pairs are 400, not 404: order placement documents no 404 (seed trading §7). */
export function requireMarket(base: string, quote: string, backend: SymbolCase): Market {
  const market = wrongCase(backend, base, quote) ? undefined : findMarket(base, quote);
  if (market === undefined) {
    throw domainError.unknown_market(
      `unknown market ${base.toUpperCase()}/${quote.toUpperCase()}; tradeable pairs: ${MARKETS.map((m) => m.symbol).join(', ')}`,
    );
  }
  return market;
}

/** A positive amount: the schema already allows only decimal strings, this rejects zero. */
export function positiveAmount(field: string, text: string): Dec {
  const amount = parseDec(text);
  if (amount === null || amount <= 0n) throw domainError.invalid_request(`${field} must be greater than 0`);
  return amount;
}

export function parseOrder(body: OrderBody, backend: SymbolCase): ParsedOrder {
  const market = requireMarket(body.market, body.pair, backend);
  const amount = positiveAmount('amount', body.amount);
  if (!fitsPrecision(amount, market.amountPrecision)) {
    throw domainError.invalid_request(`amount has more than ${market.amountPrecision} fraction digits allowed for ${market.symbol}`);
  }
  if (amount < market.minAmount) {
    throw domainError.invalid_request(`amount must be at least ${formatDec8(market.minAmount)} for ${market.symbol}`);
  }
  if (body.order_type === 'market') return { market, orderType: 'market', amount, price: null };
  if (body.price === undefined) throw domainError.invalid_request('price is required for limit orders');
  const price = positiveAmount('price', body.price);
  if (!fitsPrecision(price, market.pricePrecision)) {
    throw domainError.invalid_request(`price has more than ${market.pricePrecision} fraction digits allowed for ${market.symbol}`);
  }
  return { market, orderType: 'limit', amount, price };
}

/** Seed trading §4: leverage from 1 (the schema's default) up to a maximum, the market's. */
export function parseLeverage(leverage: number, market: Market): number {
  if (leverage > market.maxLeverage) {
    throw domainError.invalid_request(`leverage must be between 1 and ${market.maxLeverage} for ${market.symbol}`);
  }
  return leverage;
}
