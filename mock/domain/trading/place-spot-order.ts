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
import type { LimitSpotOrder, MarketSpotOrder, SpotOrder, TradingState } from './trading-state.js';

export type SpotInput = {
  market: Market;
  side: 'buy' | 'sell';
  amount: Dec;
} & ({ orderType: 'market'; price: null } | { orderType: 'limit'; price: Dec });

export function placeSpotOrder(state: TradingState, accountId: number, input: SpotInput, marketPrice: Dec, now: number): SpotOrder {
  const { market, side, amount } = input;
  // Whole literals, no spreads: this runs for every order placed, and a copy per order is garbage.
  if (input.orderType === 'market') {
    const cost = notional(amount, marketPrice);
    if (side === 'buy') {
      debit(state, accountId, market.quote, cost);
      credit(state, accountId, market.base, amount);
    } else {
      debit(state, accountId, market.base, amount);
      credit(state, accountId, market.quote, cost);
    }
    return recordOrder<MarketSpotOrder>(
      state,
      { accountId, type: 'spot', market: market.base, pair: market.quote, side, amount, orderType: 'market', price: null, fillPrice: marketPrice, status: 'filled', reserved: 0n, reservedCurrency: market.quote },
      now,
    );
  }
  const limit = input.price;
  const reserved = side === 'buy' ? notional(amount, limit) : amount;
  const reservedCurrency = side === 'buy' ? market.quote : market.base;
  lock(state, accountId, reservedCurrency, reserved);
  const order = recordOrder<LimitSpotOrder>(
    state,
    { accountId, type: 'spot', market: market.base, pair: market.quote, side, amount, orderType: 'limit', price: limit, fillPrice: null, status: 'open', reserved, reservedCurrency },
    now,
  );
  const crossed = side === 'buy' ? marketPrice <= limit : marketPrice >= limit;
  if (crossed) fillLimit(state, order, now);
  else addLimit(state, order);
  return order;
}
