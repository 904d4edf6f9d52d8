// Open spot limit orders per market, best price last, so that a price tick fills by popping.
//
// Decision trading.spot-semantics: a buy fills when price ≤ limit, a sell when price ≥ limit,
// at the limit price. Equal limits fill together on the same tick, oldest id first.

import type { Dec } from '../decimal.js';
import type { LimitBook, Order, TradingState } from './trading-state.js';

export function limitBookOf(state: TradingState, market: string): LimitBook {
  let book = state.limitBooks.get(market);
  if (book === undefined) state.limitBooks.set(market, (book = { buys: [], sells: [] }));
  return book;
}

// Sort key: buys ascending by price then descending id (so the oldest of the best is last);
// sells descending by price then descending id.
function comesBefore(order: Order, other: Order): boolean {
  const a = order.price as Dec;
  const b = other.price as Dec;
  if (a !== b) return order.side === 'buy' ? a < b : a > b;
  return order.id > other.id;
}

function sideOf(book: LimitBook, order: Order): number[] {
  return order.side === 'buy' ? book.buys : book.sells;
}

function position(state: TradingState, ids: number[], order: Order): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (comesBefore(state.orders[(ids[mid] as number) - 1] as Order, order)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function addLimit(state: TradingState, order: Order): void {
  const ids = sideOf(limitBookOf(state, `${order.market}/${order.pair}`), order);
  ids.splice(position(state, ids, order), 0, order.id);
}

export function removeLimit(state: TradingState, order: Order): void {
  const ids = sideOf(limitBookOf(state, `${order.market}/${order.pair}`), order);
  const at = position(state, ids, order);
  if (ids[at] === order.id) ids.splice(at, 1);
}

/** Pops every order the price crosses (buys with limit ≥ price, sells with limit ≤ price). */
export function popCrossed(state: TradingState, book: LimitBook, price: Dec): Order[] {
  const out: Order[] = [];
  for (;;) {
    const id = book.buys[book.buys.length - 1];
    if (id === undefined) break;
    const order = state.orders[id - 1] as Order;
    if ((order.price as Dec) < price) break;
    book.buys.pop();
    out.push(order);
  }
  for (;;) {
    const id = book.sells[book.sells.length - 1];
    if (id === undefined) break;
    const order = state.orders[id - 1] as Order;
    if ((order.price as Dec) > price) break;
    book.sells.pop();
    out.push(order);
  }
  return out;
}
