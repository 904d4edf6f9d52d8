// Margin and futures positions (decisions trading.margin-semantics, trading.futures-semantics).
//
// The entry price is the current price for a market order and the limit price for a limit order
// (no pending state). Margin = amount × entry ÷ leverage, rounded up, locked in the quote.
// Margin positions have no closing endpoint and stay open; futures settle at expiry (settle.ts).

import type { Dec } from '../decimal.js';
import { pushExpiry } from './expiry-queue.js';
import { lock } from './ledger.js';
import type { Market } from './markets.js';
import { marginFor, recordOrder } from './orders.js';
import type { FuturesOrder, MarginOrder, TradingState } from './trading-state.js';

export const HOUR_MS = 3_600_000;

export type PositionInput = {
  market: Market;
  side: 'long' | 'short';
  amount: Dec;
  leverage: number;
} & ({ orderType: 'market'; price: null } | { orderType: 'limit'; price: Dec }) &
  ({ kind: 'margin'; durationHours: null } | { kind: 'futures'; durationHours: number });

export function openPosition(state: TradingState, accountId: number, input: PositionInput, marketPrice: Dec, now: number): MarginOrder | FuturesOrder {
  const { market } = input;
  const entry = input.orderType === 'limit' ? input.price : marketPrice;
  const margin = marginFor(input.amount, entry, input.leverage);
  lock(state, accountId, market.quote, margin);
  const fields = {
    accountId,
    market: market.base,
    pair: market.quote,
    side: input.side,
    orderType: input.orderType,
    amount: input.amount,
    price: input.orderType === 'limit' ? entry : null,
    fillPrice: entry,
    leverage: input.leverage,
    margin,
    status: 'open' as const,
    reserved: margin,
    reservedCurrency: market.quote,
  };
  if (input.kind === 'margin') return recordOrder<MarginOrder>(state, { ...fields, type: 'margin' }, now);
  const expiresAt = now + input.durationHours * HOUR_MS;
  const order = recordOrder<FuturesOrder>(state, { ...fields, type: 'futures', durationHours: input.durationHours, expiresAt, pnl: null }, now);
  pushExpiry(state.expiries, { at: expiresAt, id: order.id });
  return order;
}
