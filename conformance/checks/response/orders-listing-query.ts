// Trading §4: the orders listing takes type, status and limit (at most 100, §8): the answer holds
// no more than limit orders, and only of the asked type and status.
import { needsTradingKey } from '../needs.js';
import { defineResponseCheck, seed } from '../check.js';
import { is2xx, bodyOf, queryOf } from '../../exchange/exchange-readers.js';

export const ordersListingQuery = defineResponseCheck({
  id: 'orders-listing-query',
  title: 'orders listing respects limit, type and status',
  assertions: [seed('filters', ['trading §4 GET /api/v1/account/orders', 'trading §4 Query of GET /api/v1/account/orders.type', 'trading §4 Query of GET /api/v1/account/orders.status', 'trading §4 Query of GET /api/v1/account/orders.limit', 'trading §3 bullet 1', 'trading §8 limit'], 'orders listing respects limit, type and status')],
  appliesTo: ['trading'],
  needs: needsTradingKey,
  applies: (ex) => ex.operationId === 'listOrders' && is2xx(ex.status) && Array.isArray(bodyOf(ex)?.['data']),
  run(ex) {
    const orders = bodyOf(ex)?.['data'] as Record<string, unknown>[];
    const q = queryOf(ex);
    const problems: string[] = [];
    const limit = Number(q.get('limit') ?? '100');
    if (orders.length > Math.min(limit, 100)) problems.push(`${orders.length} orders for limit ${q.get('limit') ?? '(none; at most 100)'}`);
    for (const field of ['type', 'status'] as const) {
      const wanted = q.get(field);
      if (wanted === null) continue;
      const other = orders.find((o) => o?.[field] !== wanted);
      if (other) problems.push(`order ${String(other['id'])} has ${field} ${JSON.stringify(other[field])} in a listing filtered by ${field}=${wanted}`);
    }
    return problems;
  },
});
