// Creating an order record and the products every kind of order uses.
//
// Decision trading.spot-semantics: products are rounded down to 8 fraction digits;
// decision trading.margin-semantics: margin is rounded up.

import { DEC_ONE, type Dec } from '../decimal.js';
import { indexNewOrder } from './order-index.js';
import type { Order, TradingState } from './trading-state.js';

/** An order's fields before it is recorded (id and times are given by recordOrder). */
export type NewOrder<O extends Order> = O extends Order ? Omit<O, 'id' | 'createdAt' | 'updatedAt'> : never;

/**
 * Records a freshly built order: its id and times are set on the object itself, not copied into a
 * new one (a copy per order was garbage on the write path). Callers pass a new literal.
 */
export function recordOrder<O extends Order>(state: TradingState, fields: NewOrder<O>, now: number): O {
  const order = fields as unknown as O;
  order.id = state.orders.length + 1;
  order.createdAt = now;
  order.updatedAt = now;
  state.orders.push(order);
  indexNewOrder(state, order);
  return order;
}

/** amount × price, rounded down (both non-negative). */
export function notional(amount: Dec, price: Dec): Dec {
  return (amount * price) / DEC_ONE;
}

/** amount × price ÷ leverage, rounded up. */
export function marginFor(amount: Dec, price: Dec, leverage: number): Dec {
  const scale = DEC_ONE * BigInt(leverage);
  return (amount * price + scale - 1n) / scale;
}

/** ⌊a ÷ b⌋ for signed a and positive b (BigInt division truncates toward zero). */
export function floorDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b !== 0n && a < 0n ? q - 1n : q;
}
