// GET /api/v1/account/orders: the caller's orders, newest first, filtered by type and status,
// limit 1..100 default 50 (decisions trading.orders-listing, trading.orders-default-limit; both
// bounds are decision points a profile may move).

import { defineOperation } from '../define-operation.js';
import { presentOrder } from './present.js';

export const listOrders = defineOperation('trading', 'listOrders', ({ caller, query, backend, req }) => {
  // Without `limit` the fake's decision point (doppel's 50, or a profile's) applies, not the
  // spec's default the pipeline filled in.
  const limit = req.query.has('limit') ? (query.limit as number) : backend.decisions['trading.orders-default-limit'];
  return backend.orders(caller.account.id, { type: query.type, status: query.status, limit }).map(presentOrder);
  // The largest `limit` is the fake's decision point too (doppel's 100, or a profile's).
}, { maxima: (backend) => ({ limit: backend.decisions['trading.orders-listing#max-limit'] }) });
