// settle(now): processes every event that fell due since the last call, at its own time.
//
// Called at the start of every request and after the admin API moves the clock or a price, so
// the state a request sees is the state at `now`. Two kinds of events:
// - limit fills: every open market is checked at each minute boundary the walk passed, and at
//   `now` (decision trading.price-walk: prices change only at minute steps and admin pins);
// - futures expiries and binary resolutions, from a min-heap by expiry time, each priced at its
//   own expiry time.
// Each event touches only its own order's reservation and the flows it pays, so their effects
// commute: balances do not depend on the order the kinds are processed in; timestamps do, and
// every record gets the time of its own event.

import { beforeWrite } from '../export-cut.js';
import { DEC_ONE, type Dec } from '../decimal.js';
import type { PriceBook } from '../price-book.js';
import { popExpiry } from './expiry-queue.js';
import { credit, spendLocked, unlock } from './ledger.js';
import { popCrossed } from './limit-book.js';
import { moveOrder } from './order-index.js';
import { floorDiv, notional } from './orders.js';
import type { BinaryOrder, FuturesOrder, LimitSpotOrder, TradingState } from './trading-state.js';

/** Binary payout rate: a win pays back amount × 1.85 (decision trading.binary-semantics). */
export const BINARY_PAYOUT_RATE: Dec = 85_000_000n;

export function settle(state: TradingState, prices: PriceBook, now: number): void {
  const from = state.settledUntil;
  for (const [symbol, book] of state.limitBooks) {
    if (book.buys.length === 0 && book.sells.length === 0) continue;
    const base = symbol.slice(0, symbol.indexOf('/'));
    prices.forEachMinute(base, from, now, (ms, price) => {
      for (const order of popCrossed(state, book, price)) fillLimit(state, order, ms);
      return book.buys.length > 0 || book.sells.length > 0;
    });
  }
  for (let due = state.expiries[0]; due !== undefined && due.at <= now; due = state.expiries[0]) {
    popExpiry(state.expiries);
    // The heap holds only futures and binary orders (openPosition, placeBinaryOrder push them).
    const order = state.orders[due.id - 1] as FuturesOrder | BinaryOrder;
    const exit = prices.priceAt(order.market, due.at) as Dec;
    if (order.type === 'futures') settleFutures(state, order, exit, due.at);
    else settleBinary(state, order, exit, due.at);
  }
  if (now > state.settledUntil) state.settledUntil = now;
}

/** A spot limit order fills at its limit price: the reservation pays for what it buys. */
export function fillLimit(state: TradingState, order: LimitSpotOrder, at: number): void {
  beforeWrite(state.cuts, 'order', order);
  const limit = order.price;
  if (order.side === 'buy') {
    spendLocked(state, order.accountId, order.pair, order.reserved);
    credit(state, order.accountId, order.market, order.amount);
  } else {
    spendLocked(state, order.accountId, order.market, order.reserved);
    credit(state, order.accountId, order.pair, notional(order.amount, limit));
  }
  order.fillPrice = limit;
  order.reserved = 0n;
  order.updatedAt = at;
  moveOrder(state, order, 'filled');
}

/** Decision trading.futures-semantics: margin + pnl back in the quote, never below zero. */
function settleFutures(state: TradingState, order: FuturesOrder, exit: Dec, at: number): void {
  beforeWrite(state.cuts, 'order', order);
  const entry = order.fillPrice;
  const move = order.side === 'long' ? exit - entry : entry - exit;
  const raw = floorDiv(move * order.amount, DEC_ONE);
  const { margin } = order;
  const pnl = raw < -margin ? -margin : raw;
  spendLocked(state, order.accountId, order.pair, margin);
  credit(state, order.accountId, order.pair, margin + pnl);
  order.pnl = pnl;
  finish(state, order, at);
}

/** Decision trading.binary-semantics: won pays amount × 0.85 on top, lost forfeits, draw refunds. */
function settleBinary(state: TradingState, order: BinaryOrder, exit: Dec, at: number): void {
  beforeWrite(state.cuts, 'order', order);
  const open = order.fillPrice;
  const up = exit > open;
  const result = exit === open ? 'draw' : up === (order.direction === 'long') ? 'won' : 'lost';
  let pnl = 0n;
  if (result === 'lost') {
    spendLocked(state, order.accountId, order.pair, order.amount);
    pnl = -order.amount;
  } else {
    unlock(state, order.accountId, order.pair, order.amount);
    if (result === 'won') {
      pnl = (order.amount * BINARY_PAYOUT_RATE) / DEC_ONE;
      credit(state, order.accountId, order.pair, pnl);
    }
  }
  order.pnl = pnl;
  order.result = result;
  finish(state, order, at);
}

function finish(state: TradingState, order: FuturesOrder | BinaryOrder, at: number): void {
  order.reserved = 0n;
  order.updatedAt = at;
  moveOrder(state, order, 'settled');
}
