// GET /api/v1/account/orders: the caller's orders, newest first, filtered by type and status,
// limit 1..100 default 50 (decisions trading.orders-listing, trading.orders-default-limit).

import { defineOperation } from '../define-operation.js';
import { presentOrder } from './present.js';

export const listOrders = defineOperation('trading', 'listOrders', ({ caller, query, backend }) =>
  backend
    // The pipeline applied the spec's default limit.
    .orders(caller.account.id, { type: query.type, status: query.status, limit: query.limit as number })
    .map(presentOrder),
);
