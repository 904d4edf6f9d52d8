// Wallets are listed oldest first by id (decision wallet.list-order), a wallet's tokens by id
// (wallet.tokens#order), orders newest first by creation, then id (trading.orders-listing#order), a
// wallet's transactions newest first by date, then creation (wallet.transactions-paging#order); or
// as the --profile says; --learn writes the order seen. Read-only; a listing shows an order from two entries on. A transaction's creation is
// not in its record: of two of one date, the observer orders only sends whose answers the stream
// showed (in the order they were answered).
import { decision, defineScenarioCheck, type PointCase } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { has } from '../../run/context.js';
import { BoundedMap } from '../bounded-map.js';
import { arr, obj } from '../../exchange/json-shape.js';
import type { PointId } from '../../../spec/decision-points.js';
import type { Exchange } from '../../types.js';

/** A listing entry's sort key: what it is ordered by first, then (where known) what breaks a tie. */
type Key = readonly [string | number, number | undefined];
const sign = (a: string | number, b: string | number): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The keys' strict order; undefined when no two entries can be compared. Entries of one first key
 * are compared by their second where both have one.
 */
export function listingOrder(keys: readonly Key[]): 'oldest-first' | 'newest-first' | 'unordered' | undefined {
  const steps: number[] = [];
  for (let i = 1; i < keys.length; i++) {
    const [a, b] = [keys[i - 1] as Key, keys[i] as Key];
    if (a[0] !== b[0]) steps.push(sign(a[0], b[0]));
  }
  // Within each run of one first key, its entries that carry a second one.
  for (let start = 0; start < keys.length; ) {
    let end = start;
    while (end < keys.length && (keys[end] as Key)[0] === (keys[start] as Key)[0]) end++;
    const seconds = keys.slice(start, end).flatMap((k) => (k[1] === undefined ? [] : [k[1]]));
    for (let i = 1; i < seconds.length; i++) steps.push(sign(seconds[i - 1] as number, seconds[i] as number));
    start = end;
  }
  if (steps.length === 0) return undefined;
  return steps.every((s) => s < 0) ? 'oldest-first' : steps.every((s) => s > 0) ? 'newest-first' : 'unordered';
}

interface Listing {
  point: PointId;
  assertion: string;
  field: string;
  by: string;
  key(entry: Record<string, unknown>, created: ReadonlyMap<string, number>): Key;
}

const LISTINGS: Readonly<Record<string, Listing>> = {
  listWallets: { point: 'wallet.list-order', assertion: 'wallets', field: 'wallets', by: 'id', key: (e) => [Number(e['id']), undefined] },
  listOrders: { point: 'trading.orders-listing#order', assertion: 'orders', field: 'data', by: 'created_at, then id', key: (e) => [String(e['created_at'] ?? ''), Number(e['id'])] },
  listWalletTransactions: {
    point: 'wallet.transactions-paging#order',
    assertion: 'transactions',
    field: 'transactions',
    by: 'date, then creation',
    key: (e, created) => [String(e['date'] ?? ''), created.get(String(e['tx_hash']))],
  },
};

/** The order of the wallets' tokens in a wallets listing: one case, when a wallet lists two or more. */
function tokensOrder(ex: Exchange, found: (c: PointCase) => void): void {
  const wallets = arr(obj(ex.json)['wallets']).map(obj);
  const orders = new Set(wallets.map((w) => listingOrder(arr(w['tokens']).map((t) => [Number(obj(t)['token_id']), undefined] as const))).filter((o) => o !== undefined));
  if (orders.size === 0) return;
  const order = orders.size === 1 ? ([...orders][0] as string) : 'unordered';
  found({
    point: 'wallet.tokens#order',
    assertion: 'tokens',
    evidence: [ex],
    value: order === 'unordered' ? undefined : order,
    describe: (expected) => ({ title: `listWallets lists tokens ${order}, expected ${expected}`, message: `listWallets listed its wallets' tokens ${order} (by token_id), expected ${expected}` }),
  });
}

export const listingOrderCheck = defineScenarioCheck({
  id: 'listing-order',
  assertions: [
    decision('wallets', 'wallet.list-order', 'wallets are listed oldest first by id (or in the profile\'s order)'),
    decision('tokens', 'wallet.tokens', 'a wallet\'s tokens are listed by id (or in the profile\'s order)'),
    decision('orders', 'trading.orders-listing', 'orders are listed newest first by creation, then id (or in the profile\'s order)'),
    decision('transactions', 'wallet.transactions-paging', 'a wallet\'s transactions are listed newest first by date, then creation (or in the profile\'s order)'),
  ],
  observes: ['wallet.list-order', 'wallet.tokens#order', 'trading.orders-listing#order', 'wallet.transactions-paging#order'],
  appliesTo: ['trading', 'wallet'],
  title: 'wallets and their tokens are listed oldest first, orders and transactions newest first (or in the profile\'s orders)',
  skip: (ctx) => ((has(ctx, 'wallet') && ctx.wallet.key) || (has(ctx, 'trading') && (ctx.trading.key ?? ctx.trading.readKey)) ? undefined : 'no key given (--wallet-key or --trading-key)'),
  observer: {
    shows: {
      'wallet.list-order': 'a wallets listing of two entries or more',
      'wallet.tokens#order': 'a wallets listing with a wallet of two tokens or more',
      'trading.orders-listing#order': 'an orders listing of two entries or more',
      'wallet.transactions-paging#order': 'a transactions listing of two entries of different dates, or of one date that are sends the traffic made',
    },
    start() {
      // tx_hash → the order in which the stream's sends were answered.
      const created = new BoundedMap<string, number>(100_000);
      let sends = 0;
      return (ex, found) => {
        if (ex.operationId === 'sendFromWallet' && is2xx(ex.status)) {
          const hash = obj(ex.json)['tx_hash'];
          if (typeof hash === 'string') created.set(hash, sends++);
          return;
        }
        if (ex.operationId === 'listWallets' && ex.status === 200) tokensOrder(ex, found);
        const l = LISTINGS[ex.operationId ?? ''];
        if (!l || ex.status !== 200) return;
        const entries = arr(obj(ex.json)[l.field]).map(obj);
        const order = listingOrder(entries.map((e) => l.key(e, created)));
        if (order === undefined) return;
        const op = ex.operationId as string;
        found({
          point: l.point,
          assertion: l.assertion,
          evidence: [ex],
          value: order === 'unordered' ? undefined : order,
          describe: (expected) => ({ title: `${op} is ${order}, expected ${expected}`, message: `${op} listed ${entries.length} entries ${order} (by ${l.by}), expected ${expected}` }),
        });
      };
    },
  },
  async run(ctx, out) {
    const tradingKey = ctx.trading.key ?? ctx.trading.readKey;
    const listed: string[] = [];
    if (has(ctx, 'wallet') && ctx.wallet.key) {
      const wallets = await ctx.call('listWallets', { key: ctx.wallet.key });
      listed.push(`listWallets listed ${arr(obj(wallets.json)['wallets']).length}`);
      for (const wallet of ctx.facts.wallets) {
        const txs = await ctx.call('listWalletTransactions', { key: ctx.wallet.key, params: { id: wallet.id }, query: { limit: '100' } });
        listed.push(`wallet ${wallet.id} listed ${arr(obj(txs.json)['transactions']).length} transactions`);
      }
    }
    if (has(ctx, 'trading') && tradingKey) {
      const orders = await ctx.call('listOrders', { key: tradingKey, query: { limit: '100' } });
      listed.push(`listOrders listed ${arr(obj(orders.json)['data']).length}`);
    }
    out.notExercised(`no listing showed an order (${listed.join(', ')})`);
  },
});
