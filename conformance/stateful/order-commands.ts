// Model-based commands for orders: a placed order appears in the listing with the fields it was
// placed with; a cancelled one leaves `open`.
import type fc from 'fast-check';
import { CheckFailure } from '../check-failure.js';
import { toUnits } from '../decimal.js';
import { validTradingBody } from '../valid-requests.js';
import { expectOk, listOrders, post, type TradingReal } from './trading-real.js';

export interface OrderModel {
  /** Orders placed in this sequence: id → kind and body. */
  placed: Map<number, { kind: string; body: Record<string, unknown> }>;
  /** Resting spot limit orders that can still be cancelled. */
  openSpot: number[];
}

export type OrderCommand = fc.AsyncCommand<OrderModel, TradingReal>;

const KIND_OP: Record<string, string> = { spot: 'placeSpotOrder', margin: 'placeMarginOrder', futures: 'placeFuturesOrder', binary: 'placeBinaryOrder' };

// Fields of the request that the answer and the listing must repeat (trading.order-fields).
function mismatches(order: Record<string, unknown>, kind: string, body: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (order['type'] !== kind) out.push(`type ${JSON.stringify(order['type'])} ≠ ${kind}`);
  for (const field of ['market', 'pair', 'side', 'direction', 'order_type', 'leverage', 'duration_hours', 'duration_minutes']) {
    if (body[field] !== undefined && order[field] !== body[field]) out.push(`${field} ${JSON.stringify(order[field])} ≠ ${JSON.stringify(body[field])}`);
  }
  for (const field of ['amount', 'price']) {
    if (body[field] !== undefined && toUnits(order[field]) !== toUnits(body[field])) out.push(`${field} ${JSON.stringify(order[field])} ≠ ${JSON.stringify(body[field])}`);
  }
  return out;
}

export class PlaceOrder implements OrderCommand {
  constructor(
    readonly kind: 'spot' | 'margin' | 'futures' | 'binary',
    readonly multiple: number,
  ) {}
  check = () => true;
  async run(model: OrderModel, real: TradingReal): Promise<void> {
    const op = KIND_OP[this.kind] as string;
    const body = validTradingBody(real.ctx.facts, op);
    const base = toUnits(body['amount']) ?? 1n;
    const amount = Number(base * BigInt(this.multiple)) / 1e8;
    body['amount'] = amount.toFixed(8).replace(/\.?0+$/, '');
    const placed = expectOk(await post(real, op, body), `placing a ${this.kind} order`);
    const id = placed['id'];
    if (typeof id !== 'number') throw new CheckFailure(`the placed ${this.kind} order has no numeric id`);
    model.placed.set(id, { kind: this.kind, body });
    if (this.kind === 'spot' && placed['status'] === 'open') model.openSpot.push(id);
    const { ex, orders } = await listOrders(real, { type: this.kind });
    const listed = orders.find((o) => o['id'] === id);
    if (!listed) throw new CheckFailure(`${this.kind} order ${id} is missing from GET /account/orders?type=${this.kind}`, ex);
    const wrong = mismatches(listed, this.kind, body);
    if (wrong.length) throw new CheckFailure(`${this.kind} order ${id} is listed with other fields than placed: ${wrong.join('; ')}`, ex);
  }
  toString = () => `PlaceOrder(${this.kind}, ×${this.multiple})`;
}

export class CancelOrder implements OrderCommand {
  constructor(readonly pick: number) {}
  check = (model: Readonly<OrderModel>) => model.openSpot.length > 0;
  async run(model: OrderModel, real: TradingReal): Promise<void> {
    const index = this.pick % model.openSpot.length;
    const id = model.openSpot[index] as number;
    model.openSpot.splice(index, 1);
    const cancelled = expectOk(await post(real, 'cancelSpotOrder', { order_id: id }), `cancelling order ${id}`);
    if (cancelled['status'] === 'open') throw new CheckFailure(`cancelled order ${id} is still open in the answer`);
    const { ex, orders } = await listOrders(real, { type: 'spot', status: 'open' });
    if (orders.some((o) => o['id'] === id)) throw new CheckFailure(`cancelled order ${id} is still listed under status=open`, ex);
  }
  toString = () => `CancelOrder(#${this.pick})`;
}

/** Cancels what the sequence left open, unchecked (the listing check). */
export async function cancelRemaining(model: OrderModel, real: TradingReal): Promise<void> {
  for (const id of model.openSpot) await post(real, 'cancelSpotOrder', { order_id: id });
}

/**
 * Cancels what the sequence left open through CancelOrder, so that every resting order's cancel is
 * checked; every order is cancelled even when one check fails (the next sequence starts clean).
 */
export async function cancelRemainingChecked(model: OrderModel, real: TradingReal): Promise<void> {
  let first: unknown;
  while (model.openSpot.length > 0) {
    try {
      await new CancelOrder(0).run(model, real);
    } catch (error) {
      first ??= error;
    }
  }
  if (first !== undefined) throw first;
}
