// Without `limit` a listing answers its documented default of 50 newest entries: the orders
// listing (trading.orders-default-limit) and a wallet's transactions (wallet.transactions-paging).
// Compared with the same listing at limit=100: the default one is its first min(n, 50) entries.
import { defineScenarioCheck } from './check.js';
import { has, type CheckContext } from '../context.js';
import { arr, obj } from '../json-shape.js';
import type { Exchange } from '../types.js';

const DEFAULT_LIMIT = 50;

function idsOf(ex: Exchange, field: 'data' | 'transactions', id: 'id' | 'tx_hash'): string[] | undefined {
  const list = obj(ex.json)[field];
  return Array.isArray(list) ? arr(list).map((e) => String(obj(e)[id])) : undefined;
}

async function compare(ctx: CheckContext, operationId: string, call: (query: Record<string, string> | undefined) => Promise<Exchange>, field: 'data' | 'transactions', id: 'id' | 'tx_hash') {
  const wide = await call({ limit: '100' });
  const plain = await call(undefined);
  const all = idsOf(wide, field, id);
  const got = idsOf(plain, field, id);
  if (wide.status !== 200 || plain.status !== 200 || !all || !got) return undefined; // status and shape are other checks'
  const expected = all.slice(0, DEFAULT_LIMIT);
  return { operationId, plain, all, got, expected, ok: got.length === expected.length && got.every((v, i) => v === expected[i]) };
}

export const defaultListingLimit = defineScenarioCheck({
  id: 'default-listing-limit',
  source: 'decision:trading.orders-default-limit, decision:wallet.transactions-paging',
  kind: 'decision',
  appliesTo: ['trading', 'wallet'],
  title: 'a listing without limit answers its first 50 entries',
  skip: (ctx) => (has(ctx, 'trading') && ctx.trading.key) || (has(ctx, 'wallet') && ctx.wallet.key && ctx.facts.wallets.length) ? undefined : 'no key given (--trading-key or --wallet-key with a wallet)',
  async run(ctx, out) {
    const results = [];
    const tradingKey = ctx.trading.key ?? ctx.trading.readKey;
    if (has(ctx, 'trading') && tradingKey) results.push(await compare(ctx, 'listOrders', (query) => ctx.call('listOrders', { key: tradingKey, query }), 'data', 'id'));
    const wallet = [...ctx.facts.wallets].sort((a, b) => a.id - b.id)[0];
    if (has(ctx, 'wallet') && ctx.wallet.key && wallet) {
      results.push(await compare(ctx, 'listWalletTransactions', (query) => ctx.call('listWalletTransactions', { key: ctx.wallet.key, params: { id: wallet.id }, query }), 'transactions', 'tx_hash'));
    }
    for (const r of results) {
      if (!r) continue;
      out.checked(r.operationId, r.operationId === 'listOrders' ? 'trading' : 'wallet');
      if (!r.ok) {
        out.fail({
          iface: r.operationId === 'listOrders' ? 'trading' : 'wallet',
          operationId: r.operationId,
          title: `${r.got.length} entries without limit, expected ${r.expected.length}`,
          message: `without limit: ${r.got.length} entries; with limit=100: ${r.all.length}, so the default of ${DEFAULT_LIMIT} gives the first ${r.expected.length}${r.got.length === r.expected.length ? ' (same count, other entries or order)' : ''}`,
          exchange: r.plain,
        });
      }
    }
  },
});
