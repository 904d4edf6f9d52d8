// GET /api/v1/account/orders: the caller's orders, newest first (or a profile's order), filtered
// by type and status, limit 1..100 (seed trading §8) default 50 (decisions trading.orders-listing,
// trading.orders-default-limit).

import { defineOperation } from '../define-operation.js';
import { presentOrder } from './present.js';

export const listOrders = defineOperation('trading', 'listOrders', ({ caller, query, backend, req }) => {
  // Without `limit` the fake's decision point (doppel's 50, or a profile's) applies, not the
  // spec's default the pipeline filled in.
  const limit = req.query.has('limit') ? (query.limit as number) : backend.decisions['trading.orders-default-limit'];
  // Decision trading.orders-listing#order: newest first, or the profile's order.
  const oldestFirst = backend.decisions['trading.orders-listing#order'] === 'oldest-first';
  return backend.orders(caller.account.id, { type: query.type, status: query.status, limit, oldestFirst }).map(presentOrder);
});
