// The wallets listing is oldest first by id (decision wallet.list-order) and the orders listing
// newest first by creation, then id (decision point trading.orders-listing#order), or the orders
// the --profile gives; --learn writes the order seen. Read-only; a listing needs two entries to
// show an order (the orders one has some after a writes run's order checks).
import { defineScenarioCheck } from './check.js';
import { has, type CheckContext } from '../context.js';
import { arr, obj } from '../json-shape.js';
import type { Exchange, InterfaceName } from '../types.js';

type Order = 'oldest-first' | 'newest-first';
type Key = readonly [string, number];

function compare(a: Key, b: Key): number {
  return a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : a[1] - b[1];
}

/** The order the keys are in, when strict; undefined for fewer than two or no strict order. */
export function listingOrder(keys: readonly Key[]): Order | 'unordered' | undefined {
  if (keys.length < 2) return undefined;
  const steps = keys.slice(1).map((k, i) => Math.sign(compare(keys[i] as Key, k)));
  if (steps.every((s) => s < 0)) return 'oldest-first';
  if (steps.every((s) => s > 0)) return 'newest-first';
  return 'unordered';
}

interface Listing {
  iface: InterfaceName;
  operationId: string;
  point: 'wallet.list-order' | 'trading.orders-listing#order';
  ex: Exchange;
  keys: Key[];
}

async function listings(ctx: CheckContext): Promise<Listing[]> {
  const out: Listing[] = [];
  if (has(ctx, 'wallet') && ctx.wallet.key) {
    const ex = await ctx.call('listWallets', { key: ctx.wallet.key });
    const keys = arr(obj(ex.json)['wallets']).map((w) => ['', Number(obj(w)['id'])] as const);
    if (ex.status === 200) out.push({ iface: 'wallet', operationId: 'listWallets', point: 'wallet.list-order', ex, keys });
  }
  const tradingKey = ctx.trading.key ?? ctx.trading.readKey;
  if (has(ctx, 'trading') && tradingKey) {
    const ex = await ctx.call('listOrders', { key: tradingKey, query: { limit: '100' } });
    const keys = arr(obj(ex.json)['data']).map((o) => [String(obj(o)['created_at']), Number(obj(o)['id'])] as const);
    if (ex.status === 200) out.push({ iface: 'trading', operationId: 'listOrders', point: 'trading.orders-listing#order', ex, keys });
  }
  return out;
}

export const listingOrderCheck = defineScenarioCheck({
  id: 'listing-order',
  source: 'decision:wallet.list-order, decision:trading.orders-listing',
  kind: 'decision',
  observes: ['wallet.list-order', 'trading.orders-listing#order'],
  appliesTo: ['trading', 'wallet'],
  title: 'wallets are listed oldest first, orders newest first (or in the profile\'s orders)',
  skip: (ctx) => ((has(ctx, 'wallet') && ctx.wallet.key) || (has(ctx, 'trading') && (ctx.trading.key ?? ctx.trading.readKey)) ? undefined : 'no key given (--wallet-key or --trading-key)'),
  async run(ctx, out) {
    const shown: string[] = [];
    let checked = 0;
    for (const l of await listings(ctx)) {
      const order = listingOrder(l.keys);
      if (order === undefined) {
        shown.push(`${l.operationId} listed ${l.keys.length} entr${l.keys.length === 1 ? 'y' : 'ies'}`);
        continue;
      }
      out.checked(l.operationId, l.iface);
      checked++;
      if (order !== 'unordered') ctx.observe(l.point, order, [l.ex]);
      const expected = ctx.decisions[l.point];
      if (order !== expected) {
        out.fail({ iface: l.iface, operationId: l.operationId, title: `${l.operationId} is ${order}, expected ${expected}`, message: `${l.operationId} listed ${l.keys.length} entries ${order === 'unordered' ? 'in neither order' : order} (by ${l.iface === 'wallet' ? 'id' : 'created_at, then id'}), expected ${expected}`, exchange: l.ex });
      }
    }
    if (checked === 0) out.notExercised(`no listing of two entries or more: ${shown.join('; ')}`);
  },
});
