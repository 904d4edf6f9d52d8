// Spot orders (decision trading.spot-semantics).
//
// Market: fills at once at the current price, moving both currencies. Limit: reserves the funds
// (buy: amount × limit of the quote; sell: amount of the base) and stays open until the price
// crosses it; a limit that the current price already crosses fills at once, at its limit price.

import type { Dec } from '../decimal.js';
import { addLimit } from './limit-book.js';
import { credit, debit, lock } from './ledger.js';
import type { Market } from './markets.js';
import { fillLimit } from './settle.js';
import { notional, recordOrder } from './orders.js';
import type { Order, TradingState } from './trading-state.js';

export interface SpotInput {
  market: Market;
  side: 'buy' | 'sell';
  orderType: 'market' | 'limit';
  amount: Dec;
  /** Required for limit orders, ignored for market orders. */
  price: Dec | null;
}

export function placeSpotOrder(state: TradingState, accountId: number, input: SpotInput, marketPrice: Dec, now: number): Order {
  const { market, side, amount } = input;
  const base = {
    accountId,
    type: 'spot' as const,
    market: market.base,
    pair: market.quote,
    side,
    direction: null,
    orderType: input.orderType,
    amount,
    leverage: null,
    margin: null,
    durationHours: null,
    durationMinutes: null,
    result: null,
    pnl: null,
    expiresAt: null,
  };
  if (input.orderType === 'market') {
    const cost = notional(amount, marketPrice);
    if (side === 'buy') {
      debit(state, accountId, market.quote, cost);
      credit(state, accountId, market.base, amount);
    } else {
      debit(state, accountId, market.base, amount);
      credit(state, accountId, market.quote, cost);
    }
    return recordOrder(state, { ...base, price: null, fillPrice: marketPrice, status: 'filled', reserved: 0n, reservedCurrency: market.quote }, now);
  }
  const limit = input.price as Dec;
  const reserved = side === 'buy' ? notional(amount, limit) : amount;
  const reservedCurrency = side === 'buy' ? market.quote : market.base;
  lock(state, accountId, reservedCurrency, reserved);
  const order = recordOrder(state, { ...base, price: limit, fillPrice: null, status: 'open', reserved, reservedCurrency }, now);
  const crossed = side === 'buy' ? marketPrice <= limit : marketPrice >= limit;
  if (crossed) fillLimit(state, order, now);
  else addLimit(state, order);
  return order;
}
