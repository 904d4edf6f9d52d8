// The trading view of GET /__doppel/summary (and of the dashboard, mock/admin/dashboard-routes.ts):
// accounts with keys, balances, order counts and open orders; copy relations; lead traders.

import { formatSeedDate } from '../../domain/format-date.js';
import type { TradingBackend } from '../../domain/trading/index.js';
import { presentBalance, presentOrder, presentRelation, presentTrader } from './present.js';

// Typed loosely on purpose: an admin view, and its inferred type would add ~4 kB of declarations to the package.
export function tradingSummary(backend: TradingBackend, now: number): Record<string, unknown> {
  return {
    now: formatSeedDate(now),
    epoch_ms: now,
    accounts: backend.accounts().map(({ account, keys, balances, orderCounts }) => ({
      id: account.id,
      name: account.name,
      created_at: formatSeedDate(account.createdAt),
      keys: keys.map((k) => ({ key: k.key, permissions: k.permissions, ip_whitelist: k.ipWhitelist })),
      balances: balances.map(presentBalance),
      order_counts: orderCounts,
      open_orders: backend.openOrders(account.id, 100).map(presentOrder),
    })),
    copy_relations: backend.copies(now).map((c) => ({ account_id: c.relation.accountId, ...presentRelation(c) })),
    traders: backend.traders().map(presentTrader),
    orders_total: backend.orderCount(),
  };
}
