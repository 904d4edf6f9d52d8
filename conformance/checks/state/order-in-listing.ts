// An order the target accepted is one of "the caller's orders" (trading §4) in every later listing
// of the same key whose filters it matches, as long as that listing is not cut by its limit; and it
// is answered and listed with the fields it was placed with (decision trading.order-fields).
// Judged on any stream of exchanges: the checker's own orders, a proxied client's, a recording's.
import { decision, defineStateCheck, seed } from '../check.js';
import { keyOf, queryOf } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { toUnits } from '../../exchange/decimal.js';
import { accepted, dataListOf, dataOf, idOf, named, overlapped, requestFieldsOf, targetTimeOf } from '../../model/exchange-facts.js';
import { PLACE_KIND, TERMINAL, type KnownOrder } from '../../model/trading-model.js';


/** Fields of the request the order record repeats (decision trading.order-fields). */
function fieldMismatches(order: Record<string, unknown>, kind: string, body: Record<string, unknown>): string[] {
  const out: string[] = [];
  if (order['type'] !== kind) out.push(`type ${JSON.stringify(order['type'])} ≠ ${kind}`);
  for (const field of ['side', 'direction', 'order_type', 'leverage', 'duration_hours', 'duration_minutes']) {
    if (body[field] !== undefined && order[field] !== body[field]) out.push(`${field} ${JSON.stringify(order[field])} ≠ ${JSON.stringify(body[field])}`);
  }
  // Symbols compare case-insensitively here: their case is trading.symbol-case's to judge.
  for (const field of ['market', 'pair']) {
    if (typeof body[field] === 'string' && String(order[field]).toUpperCase() !== (body[field] as string).toUpperCase()) out.push(`${field} ${JSON.stringify(order[field])} ≠ ${JSON.stringify(body[field])}`);
  }
  for (const field of ['amount', 'price']) {
    // A market order's price is ignored (decision trading.required-fields).
    if (field === 'price' && body['order_type'] === 'market') continue;
    if (body[field] !== undefined && toUnits(order[field]) !== toUnits(body[field])) out.push(`${field} ${JSON.stringify(order[field])} ≠ ${JSON.stringify(body[field])}`);
  }
  return out;
}

/** Whether the order belongs in a listing with these filters, as far as the model knows; undefined when its status may have moved. */
function matches(order: KnownOrder, q: URLSearchParams, listingAt: number | undefined): boolean | undefined {
  const type = q.get('type');
  if (type !== null && type !== order.kind) return false;
  const status = q.get('status');
  if (status === null) return true;
  if (TERMINAL.has(order.status)) return order.status === status;
  // Open: a spot limit order may fill at any time; a position or bid stays open until it expires.
  if (status !== 'open' || order.kind === 'spot') return undefined;
  if (order.kind === 'margin') return true;
  return order.expiresAt !== undefined && listingAt !== undefined && listingAt + 2_000 < order.expiresAt ? true : undefined;
}

export const orderInListing = defineStateCheck({
  id: 'order-in-listing',
  title: 'a placed order is in the caller\'s orders, with the fields it was placed with',
  assertions: [
    seed('listed', ['trading §4 GET /api/v1/account/orders', 'trading §4 POST /api/v1/spot/order', 'trading §4 POST /api/v1/margin/order', 'trading §4 POST /api/v1/futures/order', 'trading §4 POST /api/v1/binary/order'], 'an accepted order is in every later listing of its key that matches it and is not cut by its limit'),
    decision('fields', 'trading.order-fields', 'the placement answer and every listing repeat the fields it was placed with'),
  ],
  appliesTo: ['trading'],
  needs: (ctx) => writesSkip(ctx, 'trading'),
  start: () => (ex, model, out) => {
    const kind = ex.operationId === null ? undefined : PLACE_KIND[ex.operationId];
    if (kind && accepted(ex) && ex.requestBody !== undefined) {
      const record = dataOf(ex);
      const body = requestFieldsOf(ex);
      out.checked(ex, 'fields');
      const wrong = fieldMismatches(record, kind, body);
      if (wrong.length) out.fail({ assertion: 'fields', title: `a placed ${kind} order is answered with other fields`, message: `${named(ex)} answered order ${String(record['id'])} with other fields than placed: ${wrong.join('; ')}`, exchange: ex, requests: [ex] });
      return;
    }
    if (ex.operationId !== 'listOrders' || !accepted(ex)) return;
    const key = keyOf(ex);
    const account = key === undefined ? undefined : model.trading.accounts.get(key);
    if (!account) return;
    const q = queryOf(ex);
    const limit = Number(q.get('limit'));
    // Without an explicit limit the listing may be cut by a default that is a decision
    // (trading.orders-default-limit): only an explicit one says the page is complete.
    const complete = Number.isInteger(limit) && limit >= 1 && dataListOf(ex).length < limit;
    const listed = new Map<number, Record<string, unknown>>();
    for (const entry of dataListOf(ex)) {
      const id = idOf(entry['id']);
      if (id !== undefined) listed.set(id, entry);
    }
    const at = targetTimeOf(ex);
    for (const order of account.orders.values()) {
      if (order.id < 0 || overlapped(order.placed, ex)) continue;
      const entry = listed.get(order.id);
      if (entry) {
        out.checked(ex, 'fields');
        const wrong = fieldMismatches(entry, order.kind, order.body);
        if (wrong.length) out.fail({ assertion: 'fields', title: `a ${order.kind} order is listed with other fields than placed`, message: `${named(ex)} lists order ${order.id} (${named(order.placed)}) with other fields than placed: ${wrong.join('; ')}`, exchange: ex, requests: [order.placed, ex] });
      }
      if (!complete || matches(order, q, at) !== true) continue;
      out.checked(ex, 'listed');
      if (!entry) {
        const filters = [...q.entries()].map(([k, v]) => `${k}=${v}`).join('&');
        out.fail({
          assertion: 'listed',
          title: `an accepted ${order.kind} order is missing from the caller's orders`,
          message: `order ${order.id}, accepted by ${named(order.placed)}, is missing from ${named(ex)} (?${filters}: ${listed.size} listed, fewer than the limit, so none was cut)`,
          exchange: ex,
          requests: [order.placed, ex],
        });
      }
    }
  },
});

