// Open spot limit orders per market, best price last, so that a price tick fills by popping.
//
// Decision trading.spot-semantics: a buy fills when price ≤ limit, a sell when price ≥ limit,
// at the limit price. Equal limits fill together on the same tick, oldest id first.

import type { Dec } from '../decimal.js';
import type { LimitBook, LimitSpotOrder, TradingState } from './trading-state.js';

export function limitBookOf(state: TradingState, market: string): LimitBook {
  let book = state.limitBooks.get(market);
  if (book === undefined) state.limitBooks.set(market, (book = { buys: [], sells: [] }));
  return book;
}

// Sort key: buys ascending by price then descending id (so the oldest of the best is last);
// sells descending by price then descending id.
function comesBefore(order: LimitSpotOrder, other: LimitSpotOrder): boolean {
  const a = order.price;
  const b = other.price;
  if (a !== b) return order.side === 'buy' ? a < b : a > b;
  return order.id > other.id;
}

function sideOf(book: LimitBook, order: LimitSpotOrder): number[] {
  return order.side === 'buy' ? book.buys : book.sells;
}

function position(state: TradingState, ids: number[], order: LimitSpotOrder): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (comesBefore(limitOrder(state, ids[mid] as number), order)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function addLimit(state: TradingState, order: LimitSpotOrder): void {
  const ids = sideOf(limitBookOf(state, `${order.market}/${order.pair}`), order);
  ids.splice(position(state, ids, order), 0, order.id);
}

export function removeLimit(state: TradingState, order: LimitSpotOrder): void {
  const ids = sideOf(limitBookOf(state, `${order.market}/${order.pair}`), order);
  const at = position(state, ids, order);
  if (ids[at] === order.id) ids.splice(at, 1);
}

/** Pops every order the price crosses (buys with limit ≥ price, sells with limit ≤ price). */
export function popCrossed(state: TradingState, book: LimitBook, price: Dec): LimitSpotOrder[] {
  const out: LimitSpotOrder[] = [];
  for (;;) {
    const id = book.buys[book.buys.length - 1];
    if (id === undefined) break;
    const order = limitOrder(state, id);
    if (order.price < price) break;
    book.buys.pop();
    out.push(order);
  }
  for (;;) {
    const id = book.sells[book.sells.length - 1];
    if (id === undefined) break;
    const order = limitOrder(state, id);
    if (order.price > price) break;
    book.sells.pop();
    out.push(order);
  }
  return out;
}

/** A book holds only open spot limit orders (addLimit takes no other). */
function limitOrder(state: TradingState, id: number): LimitSpotOrder {
  return state.orders[id - 1] as LimitSpotOrder;
}
