// An order the target accepted is one of "the caller's orders" (trading §4) in every later listing
// of the same key whose filters it matches, as long as that listing is not cut by its limit. That it
// is answered and listed with the fields it was placed with is the resource graph's
// (resource-relations: order.unchanging).
// Judged on any stream of exchanges: the checker's own orders, a proxied client's, a recording's.
import { defineStateCheck, seed } from '../check.js';
import { keyOf, queryOf } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { accepted, dataListOf, idOf, named, overlapped, targetTimeOf } from '../../model/exchange-facts.js';
import { TERMINAL, type KnownOrder } from '../../model/trading-model.js';


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
  title: 'a placed order is in the caller\'s orders',
  assertions: [seed('listed', ['trading §4 GET /api/v1/account/orders', 'trading §4 POST /api/v1/spot/order', 'trading §4 POST /api/v1/margin/order', 'trading §4 POST /api/v1/futures/order', 'trading §4 POST /api/v1/binary/order'], 'an accepted order is in every later listing of its key that matches it and is not cut by its limit')],
  appliesTo: ['trading'],
  needs: (ctx) => writesSkip(ctx, 'trading'),
  start: () => (ex, model, out) => {
    if (ex.operationId !== 'listOrders' || !accepted(ex)) return;
    const key = keyOf(ex);
    const account = key === undefined ? undefined : model.trading.accounts.get(key);
    if (!account) return;
    const q = queryOf(ex);
    const limit = Number(q.get('limit'));
    // Without an explicit limit the listing may be cut by a default that is a decision
    // (trading.orders-default-limit): only an explicit one says the page is complete.
    const complete = Number.isInteger(limit) && limit >= 1 && dataListOf(ex).length < limit;
    const listed = new Set(dataListOf(ex).map((entry) => idOf(entry['id'])));
    const at = targetTimeOf(ex);
    for (const order of account.orders.values()) {
      if (order.id < 0 || overlapped(order.placed, ex)) continue;
      if (!complete || matches(order, q, at) !== true) continue;
      out.checked(ex);
      if (!listed.has(order.id)) {
        const filters = [...q.entries()].map(([k, v]) => `${k}=${v}`).join('&');
        out.fail({
          title: `an accepted ${order.kind} order is missing from the caller's orders`,
          message: `order ${order.id}, accepted by ${named(order.placed)}, is missing from ${named(ex)} (?${filters}: ${listed.size} listed, fewer than the limit, so none was cut)`,
          exchange: ex,
          requests: [order.placed, ex],
        });
      }
    }
  },
});

