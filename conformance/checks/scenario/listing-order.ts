// Wallets are listed oldest first by id (decision wallet.list-order), a wallet's tokens by id
// (wallet.tokens#order), orders newest first by creation, then id (trading.orders-listing#order), a
// wallet's transactions newest first by date, then creation (wallet.transactions-paging#order); or
// as the --profile says; --learn writes the order seen. A listing shows an order from two entries on
// (with --allow-writes the check places two orders where the account lists fewer);
// a listing cut by limit, filtered or not, holds the first entries of a longer one of the same moment. A transaction's creation is
// not in its record: of two of one date, the observer orders only sends whose answers the stream
// showed (in the order they were answered).
import { decision, defineScenarioCheck, type PointCase } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { has } from '../../act/context.js';
import { BoundedMap } from '../bounded-map.js';
import { arr, obj } from '../../exchange/json-shape.js';
import type { PointId } from '../../../spec/decision-points.js';
import type { Exchange } from '../../types.js';
import { queryOf } from '../../exchange/exchange-readers.js';
import { listedIds, scopeOf, writerOf } from './default-listing-limit.js';
import { fillOrdersListing } from './fill-orders-listing.js';

/** The decided order a cut keeps, per listing (the points its cases belong to). */
const CUT: Readonly<Record<string, { point: PointId; assertion: string }>> = {
  listOrders: { point: 'trading.orders-listing#order', assertion: 'cut-orders' },
  listWalletTransactions: { point: 'wallet.transactions-paging#order', assertion: 'cut-transactions' },
};

/**
 * A listing cut by `limit` against another of the same scope and moment (no write between) with
 * another limit: the smaller holds the first entries of the larger, in its order, so a cut keeps
 * the entries the decided order puts first (the newest), never others.
 */
function cutCase(small: Exchange, large: Exchange, found: (c: PointCase) => void): void {
  const cut = CUT[small.operationId ?? ''] as { point: PointId; assertion: string };
  const limit = Number(queryOf(small).get('limit'));
  const got = listedIds(small) as string[];
  const all = listedIds(large) as string[];
  const want = all.slice(0, Math.min(limit, all.length));
  const same = got.length === want.length && got.every((v, i) => v === want[i]);
  const op = small.operationId as string;
  found({
    point: cut.point,
    assertion: cut.assertion,
    evidence: [large, small],
    value: undefined,
    agrees: () => same,
    describe: () => ({
      title: `${op} limit=${limit} is not the first ${want.length} of limit=${queryOf(large).get('limit')}`,
      message: `${op} with limit=${limit} listed ${got.length} entries [${got.slice(0, 5).join(', ')}${got.length > 5 ? ', …' : ''}]; with limit=${queryOf(large).get('limit')} at the same moment ${all.length}, whose first ${want.length} are [${want.slice(0, 5).join(', ')}${want.length > 5 ? ', …' : ''}]: a cut keeps the entries the listing's order puts first`,
    }),
  });
}

/** A listing's limit when it is a positive integer (a listing without one is default-listing-limit's). */
function limitOf(ex: Exchange): number | undefined {
  const raw = queryOf(ex).get('limit');
  return raw !== null && /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : undefined;
}

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
    // From start + 1: a key that equals nothing, not even itself (NaN from a missing id), is a run of one.
    let end = start + 1;
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
    decision('tokens', 'wallet.tokens', 'a wallet\'s tokens are listed by id (or in the profile\'s order)', ['wallet §1 bullet 4', 'wallet §2 bullet 2']),
    decision('orders', 'trading.orders-listing', 'orders are listed newest first by creation, then id (or in the profile\'s order)'),
    decision('transactions', 'wallet.transactions-paging', 'a wallet\'s transactions are listed newest first by date, then creation (or in the profile\'s order)', 'wallet §4 bullet 3'),
    decision('cut-orders', 'trading.orders-listing', 'an orders listing cut by limit (filtered or not) holds the first entries of a longer one of the same moment: the newest, not others'),
    decision('cut-transactions', 'wallet.transactions-paging', 'a wallet\'s transactions cut by limit hold the first entries of a longer listing of the same moment: the newest, not others', 'wallet §4 bullet 3'),
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
      // Per scope (listing, key, wallet, filters) and count of writes before it, the last listing of each limit.
      const byLimit = new BoundedMap<string, Map<number, Exchange>>(10_000);
      const writes = new BoundedMap<string, number>(10_000);
      return (ex, found) => {
        if (ex.method !== 'GET' && is2xx(ex.status)) writes.set(writerOf(ex), (writes.get(writerOf(ex)) ?? 0) + 1);
        const limit = CUT[ex.operationId ?? ''] && listedIds(ex) ? limitOf(ex) : undefined;
        if (limit !== undefined) {
          const scope = `${scopeOf(ex)}\u0000${writes.get(writerOf(ex)) ?? 0}`;
          const seen = byLimit.get(scope) ?? new Map<number, Exchange>();
          for (const [other, earlier] of seen) if (other !== limit) cutCase(other < limit ? earlier : ex, other < limit ? ex : earlier, found);
          byLimit.set(scope, seen.set(limit, ex));
        }
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
        const n = arr(obj(txs.json)['transactions']).length;
        listed.push(`wallet ${wallet.id} listed ${n} transactions`);
        // The same listing cut, at once: it keeps the first (cut-transactions).
        if (n > 1) await ctx.call('listWalletTransactions', { key: ctx.wallet.key, params: { id: wallet.id }, query: { limit: String(n - 1) } });
      }
    }
    if (has(ctx, 'trading') && tradingKey) {
      const count = async () => arr(obj((await ctx.call('listOrders', { key: tradingKey, query: { limit: '100' } })).json)['data']).length;
      let n = await count();
      // Two orders show an order (and a cut of one): placed where the account lists fewer (--allow-writes).
      const short = n < 2 ? await fillOrdersListing(ctx, 2 - n) : undefined;
      if (n < 2 && short === undefined) n = await count();
      listed.push(`listOrders listed ${n}${short ? ` (${short})` : ''}`);
      // The same listings cut, at once, whole and filtered: each keeps the first (cut-orders).
      if (n > 1) await ctx.call('listOrders', { key: tradingKey, query: { limit: String(Math.ceil(n / 2)) } });
      const open = arr(obj((await ctx.call('listOrders', { key: tradingKey, query: { status: 'open', limit: '100' } })).json)['data']).length;
      if (open > 1) await ctx.call('listOrders', { key: tradingKey, query: { status: 'open', limit: String(open - 1) } });
    }
    out.notExercised(`no listing showed an order (${listed.join(', ')})`);
  },
});
