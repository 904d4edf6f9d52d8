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
import type { Order, TradingState } from './trading-state.js';

export const HOUR_MS = 3_600_000;

export interface PositionInput {
  kind: 'margin' | 'futures';
  market: Market;
  side: 'long' | 'short';
  orderType: 'market' | 'limit';
  amount: Dec;
  price: Dec | null;
  leverage: number;
  /** Futures only. */
  durationHours: number | null;
}

export function openPosition(state: TradingState, accountId: number, input: PositionInput, marketPrice: Dec, now: number): Order {
  const { market } = input;
  const entry = input.orderType === 'limit' ? (input.price as Dec) : marketPrice;
  const margin = marginFor(input.amount, entry, input.leverage);
  lock(state, accountId, market.quote, margin);
  const futures = input.kind === 'futures';
  const order = recordOrder(
    state,
    {
      accountId,
      type: input.kind,
      market: market.base,
      pair: market.quote,
      side: input.side,
      direction: null,
      orderType: input.orderType,
      amount: input.amount,
      price: input.orderType === 'limit' ? entry : null,
      fillPrice: entry,
      leverage: input.leverage,
      margin,
      durationHours: futures ? input.durationHours : null,
      durationMinutes: null,
      status: 'open',
      result: null,
      pnl: null,
      expiresAt: futures ? now + (input.durationHours as number) * HOUR_MS : null,
      reserved: margin,
      reservedCurrency: market.quote,
    },
    now,
  );
  if (order.expiresAt !== null) pushExpiry(state.expiries, { at: order.expiresAt, id: order.id });
  return order;
}
