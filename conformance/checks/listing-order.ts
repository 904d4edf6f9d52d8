// Wallets are listed oldest first by id (decision wallet.list-order), orders newest first by
// creation, then id (decision point trading.orders-listing#order), or as the --profile says;
// --learn writes the order seen. Read-only; a listing shows an order from two entries on.
import { decision, defineScenarioCheck } from './check.js';
import { has } from '../context.js';
import { arr, obj } from '../json-shape.js';

type Key = readonly [string, number];
const compare = (a: Key, b: Key): number => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1]);

/** The keys' strict order; undefined for fewer than two. */
export function listingOrder(keys: readonly Key[]): 'oldest-first' | 'newest-first' | 'unordered' | undefined {
  if (keys.length < 2) return undefined;
  const steps = keys.slice(1).map((k, i) => Math.sign(compare(keys[i] as Key, k)));
  return steps.every((s) => s < 0) ? 'oldest-first' : steps.every((s) => s > 0) ? 'newest-first' : 'unordered';
}

export const listingOrderCheck = defineScenarioCheck({
  id: 'listing-order',
  assertions: [
    decision('wallets', 'wallet.list-order', 'wallets are listed oldest first by id (or in the profile\'s order)'),
    decision('orders', 'trading.orders-listing', 'orders are listed newest first by creation, then id (or in the profile\'s order)'),
  ],
  observes: ['wallet.list-order', 'trading.orders-listing#order'],
  appliesTo: ['trading', 'wallet'],
  title: 'wallets are listed oldest first, orders newest first (or in the profile\'s orders)',
  skip: (ctx) => ((has(ctx, 'wallet') && ctx.wallet.key) || (has(ctx, 'trading') && (ctx.trading.key ?? ctx.trading.readKey)) ? undefined : 'no key given (--wallet-key or --trading-key)'),
  async run(ctx, out) {
    const tradingKey = ctx.trading.key ?? ctx.trading.readKey;
    const listings = [
      has(ctx, 'wallet') && ctx.wallet.key ? { iface: 'wallet', assertion: 'wallets', point: 'wallet.list-order', by: 'id', ex: await ctx.call('listWallets', { key: ctx.wallet.key }), field: 'wallets' } as const : undefined,
      has(ctx, 'trading') && tradingKey ? { iface: 'trading', assertion: 'orders', point: 'trading.orders-listing#order', by: 'created_at, then id', ex: await ctx.call('listOrders', { key: tradingKey, query: { limit: '100' } }), field: 'data' } as const : undefined,
    ];
    const short: string[] = [];
    let checked = 0;
    for (const l of listings) {
      if (!l || l.ex.status !== 200) continue;
      const keys = arr(obj(l.ex.json)[l.field]).map((e) => [String(obj(e)['created_at'] ?? ''), Number(obj(e)['id'])] as const);
      const order = listingOrder(keys);
      const operationId = l.ex.operationId as string;
      if (order === undefined) {
        short.push(`${operationId} listed ${keys.length}`);
        continue;
      }
      out.checked(operationId, l.iface, l.assertion);
      checked++;
      if (order !== 'unordered') ctx.observe(l.point, order, [l.ex]);
      const expected = ctx.decisions[l.point];
      if (order !== expected) out.fail({ iface: l.iface, assertion: l.assertion, operationId, title: `${operationId} is ${order}, expected ${expected}`, message: `${operationId} listed ${keys.length} entries ${order} (by ${l.by}), expected ${expected}`, exchange: l.ex });
    }
    if (checked === 0) out.notExercised(`no listing of two entries or more (${short.join(', ')})`);
  },
});
