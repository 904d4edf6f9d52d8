// Per-account order buckets, so that a filtered listing reads at most `limit` ids per bucket
// instead of scanning every order (the scale target, bench/scale.ts: with 1,000,000 orders a
// listing stays within 2× of its small-state latency).
//
// Each account has one ascending id array per (type, status). Ids grow with creation time, so
// "newest first" (decision trading.orders-listing) is reading the arrays from their ends and
// merging. A status change moves an id between buckets with a binary search and a splice; the
// ids that move (open orders being filled or settled) are usually recent, near the array end.

import { beforeWrite } from '../export-cut.js';
import { ORDER_KINDS, ORDER_STATUSES, type Order, type OrderKind, type OrderStatus, type TradingState } from './trading-state.js';

const bucketKey = (type: OrderKind, status: OrderStatus): string => `${type}:${status}`;

function bucket(state: TradingState, accountId: number, type: OrderKind, status: OrderStatus): number[] {
  let buckets = state.orderBuckets.get(accountId);
  if (buckets === undefined) state.orderBuckets.set(accountId, (buckets = new Map()));
  const key = bucketKey(type, status);
  let ids = buckets.get(key);
  if (ids === undefined) buckets.set(key, (ids = []));
  return ids;
}

/** First index whose id is ≥ id. */
function lowerBound(ids: number[], id: number): number {
  let lo = 0;
  let hi = ids.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((ids[mid] as number) < id) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function indexNewOrder(state: TradingState, order: Order): void {
  const ids = bucket(state, order.accountId, order.type, order.status);
  if (ids.length === 0 || (ids[ids.length - 1] as number) < order.id) ids.push(order.id);
  else ids.splice(lowerBound(ids, order.id), 0, order.id);
}

/** Sets the order's status and moves it to its new bucket. */
export function moveOrder(state: TradingState, order: Order, to: OrderStatus): void {
  beforeWrite(state.cuts, 'order', order);
  const from = bucket(state, order.accountId, order.type, order.status);
  const at = lowerBound(from, order.id);
  if (from[at] === order.id) from.splice(at, 1);
  order.status = to;
  indexNewOrder(state, order);
}

export interface OrderFilter {
  type?: OrderKind;
  status?: OrderStatus;
  limit: number;
  /** Oldest first instead (a profile's trading.orders-listing#order). */
  oldestFirst?: boolean;
}

/** The account's orders matching the filter, newest first (or oldest first), at most limit. */
export function listOrders(state: TradingState, accountId: number, filter: OrderFilter): Order[] {
  const buckets = state.orderBuckets.get(accountId);
  if (buckets === undefined) return [];
  const lists: number[][] = [];
  for (const type of filter.type === undefined ? ORDER_KINDS : [filter.type]) {
    for (const status of filter.status === undefined ? ORDER_STATUSES : [filter.status]) {
      const ids = buckets.get(bucketKey(type, status));
      if (ids !== undefined && ids.length > 0) lists.push(ids);
    }
  }
  if (filter.oldestFirst === true) return mergeFromStarts(state, lists, filter.limit);
  // k-way merge from the ends: at most 16 lists, at most limit picks.
  const cursors = lists.map((ids) => ids.length - 1);
  const out: Order[] = [];
  while (out.length < filter.limit) {
    let best = -1;
    let bestId = 0;
    for (let i = 0; i < lists.length; i++) {
      const c = cursors[i] as number;
      if (c < 0) continue;
      const id = (lists[i] as number[])[c] as number;
      if (id > bestId) {
        bestId = id;
        best = i;
      }
    }
    if (best === -1) break;
    cursors[best] = (cursors[best] as number) - 1;
    out.push(state.orders[bestId - 1] as Order);
  }
  return out;
}

/** The same merge read from the arrays' starts: oldest first. */
function mergeFromStarts(state: TradingState, lists: number[][], limit: number): Order[] {
  const cursors = lists.map(() => 0);
  const out: Order[] = [];
  while (out.length < limit) {
    let best = -1;
    let bestId = Number.POSITIVE_INFINITY;
    for (let i = 0; i < lists.length; i++) {
      const ids = lists[i] as number[];
      const c = cursors[i] as number;
      if (c >= ids.length) continue;
      const id = ids[c] as number;
      if (id < bestId) {
        bestId = id;
        best = i;
      }
    }
    if (best === -1) break;
    cursors[best] = (cursors[best] as number) + 1;
    out.push(state.orders[bestId - 1] as Order);
  }
  return out;
}

/** Count of the account's orders per status (admin state view). */
export function countOrders(state: TradingState, accountId: number): Record<OrderStatus, number> {
  const counts: Record<OrderStatus, number> = { open: 0, filled: 0, cancelled: 0, settled: 0 };
  for (const [key, ids] of state.orderBuckets.get(accountId) ?? []) {
    const status = key.slice(key.indexOf(':') + 1) as OrderStatus;
    counts[status] += ids.length;
  }
  return counts;
}
