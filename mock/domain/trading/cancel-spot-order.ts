// Cancelling a spot limit order (decision trading.cancel-semantics): unknown or another
// account's order is 404; not open or not spot is 400; the reservation is released.

import { domainError } from '../domain-error.js';
import { beforeWrite } from '../export-cut.js';
import { unlock } from './ledger.js';
import { removeLimit } from './limit-book.js';
import { moveOrder } from './order-index.js';
import type { Order, TradingState } from './trading-state.js';

export function cancelSpotOrder(state: TradingState, accountId: number, orderId: number, now: number): Order {
  const order = state.orders[orderId - 1];
  // Another account's order answers exactly like an unknown one, so ids leak nothing.
  if (order === undefined || order.accountId !== accountId) throw domainError.not_found(`order ${orderId} not found`);
  if (order.type !== 'spot') throw domainError.order_not_open(`order ${orderId} is a ${order.type} order; only spot orders can be cancelled`);
  // Only a limit order stays open; a market order is filled when placed.
  if (order.status !== 'open' || order.orderType !== 'limit') throw domainError.order_not_open(`order ${orderId} is ${order.status}, not open`);
  beforeWrite(state.cuts, 'order', order);
  removeLimit(state, order);
  unlock(state, accountId, order.reservedCurrency, order.reserved);
  order.reserved = 0n;
  order.updatedAt = now;
  moveOrder(state, order, 'cancelled');
  return order;
}
