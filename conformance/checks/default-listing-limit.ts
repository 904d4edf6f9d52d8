// Without `limit` a listing answers its default number of newest entries (doppel: 50, or the
// --profile's): the orders listing (trading.orders-default-limit) and a wallet's transactions
// (wallet.transactions-paging). Compared with the same listing at limit=100: the default one is its
// first min(n, default) entries. When it answers fewer than the wide one, its length is the
// target's default (a decision point the run observes, issue 17); otherwise only a lower bound.
import { decision, defineScenarioCheck } from './check.js';
import { has, type CheckContext } from '../context.js';
import { arr, obj } from '../json-shape.js';
import type { Exchange } from '../types.js';

function idsOf(ex: Exchange, field: 'data' | 'transactions', id: 'id' | 'tx_hash'): string[] | undefined {
  const list = obj(ex.json)[field];
  return Array.isArray(list) ? arr(list).map((e) => String(obj(e)[id])) : undefined;
}

async function compare(ctx: CheckContext, operationId: string, limit: number, call: (query: Record<string, string> | undefined) => Promise<Exchange>, field: 'data' | 'transactions', id: 'id' | 'tx_hash') {
  const wide = await call({ limit: '100' });
  const plain = await call(undefined);
  const all = idsOf(wide, field, id);
  const got = idsOf(plain, field, id);
  if (wide.status !== 200 || plain.status !== 200 || !all || !got) return undefined; // status and shape are other checks'
  const expected = all.slice(0, limit);
  const point = operationId === 'listOrders' ? 'trading.orders-default-limit' : 'wallet.transactions-paging';
  if (got.length < all.length) ctx.observe(point, got.length, [plain, wide]);
  return { operationId, limit, plain, all, got, expected, ok: got.length === expected.length && got.every((v, i) => v === expected[i]) };
}

export const defaultListingLimit = defineScenarioCheck({
  id: 'default-listing-limit',
  assertions: [
    decision('orders', 'trading.orders-default-limit', 'the orders listing without limit answers its first 50 (or the profile\'s default)'),
    decision('transactions', 'wallet.transactions-paging', 'a wallet\'s transactions without limit answer the first 50 (or the profile\'s default)'),
  ],
  observes: ['trading.orders-default-limit', 'wallet.transactions-paging'],
  appliesTo: ['trading', 'wallet'],
  title: 'a listing without limit answers its first 50 entries (or the profile\'s default)',
  skip: (ctx) => (has(ctx, 'trading') && ctx.trading.key) || (has(ctx, 'wallet') && ctx.wallet.key && ctx.facts.wallets.length) ? undefined : 'no key given (--trading-key or --wallet-key with a wallet)',
  async run(ctx, out) {
    const results = [];
    const tradingKey = ctx.trading.key ?? ctx.trading.readKey;
    if (has(ctx, 'trading') && tradingKey) results.push(await compare(ctx, 'listOrders', ctx.decisions['trading.orders-default-limit'], (query) => ctx.call('listOrders', { key: tradingKey, query }), 'data', 'id'));
    // Each wallet until one holds more transactions than its default: which wallet the other
    // checks sent from depends on the target's listing order (wallet.list-order).
    for (const wallet of has(ctx, 'wallet') && ctx.wallet.key ? [...ctx.facts.wallets].sort((a, b) => a.id - b.id) : []) {
      const r = await compare(ctx, 'listWalletTransactions', ctx.decisions['wallet.transactions-paging'], (query) => ctx.call('listWalletTransactions', { key: ctx.wallet.key, params: { id: wallet.id }, query }), 'transactions', 'tx_hash');
      results.push(r);
      if (r && r.got.length < r.all.length) break;
    }
    for (const r of results) {
      if (!r) continue;
      out.checked(r.operationId, r.operationId === 'listOrders' ? 'trading' : 'wallet', r.operationId === 'listOrders' ? 'orders' : 'transactions');
      if (!r.ok) {
        out.fail({
          iface: r.operationId === 'listOrders' ? 'trading' : 'wallet',
          assertion: r.operationId === 'listOrders' ? 'orders' : 'transactions',
          operationId: r.operationId,
          title: `${r.got.length} entries without limit, expected ${r.expected.length}`,
          message: `without limit: ${r.got.length} entries; with limit=100: ${r.all.length}, so the default of ${r.limit} gives the first ${r.expected.length}${r.got.length === r.expected.length ? ' (same count, other entries or order)' : ''}`,
          exchange: r.plain,
        });
      }
    }
  },
});
