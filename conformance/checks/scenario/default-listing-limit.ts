// Without `limit` a listing answers its default number of newest entries (doppel: 50, or the
// --profile's): the orders listing (trading.orders-default-limit) and a wallet's transactions
// (wallet.transactions-paging). Compared with the same listing with a limit: the default one is
// its first min(n, default) entries (where that limit is below the default and the listing stopped
// at it, it holds only the first entries, which the default one must start with). When it answers
// fewer than the one with a limit, its length is the target's default (a decision point --learn
// writes); otherwise only a lower bound, which can fail
// (more entries than the default, or others) but not pass. The observer pairs the two listings of
// one key (and wallet, and filters) with no write of the key between. With --allow-writes the check
// first places the orders that make the orders listing longer than its default (fill-orders-listing.ts).
import { decision, defineScenarioCheck } from '../check.js';
import { keyOf, queryOf } from '../../exchange/exchange-readers.js';
import { has, type CheckContext } from '../../act/context.js';
import { fillOrdersListing, ORDERS_MAX_LIMIT, ordersToShow } from './fill-orders-listing.js';
import { BoundedMap } from '../bounded-map.js';
import { arr, obj } from '../../exchange/json-shape.js';
import type { PointId } from '../../../spec/decision-points.js';
import type { Exchange } from '../../types.js';

interface Listing {
  point: PointId;
  assertion: string;
  field: string;
  id: string;
}

const LISTINGS: Readonly<Record<string, Listing>> = {
  listOrders: { point: 'trading.orders-default-limit', assertion: 'orders', field: 'data', id: 'id' },
  listWalletTransactions: { point: 'wallet.transactions-paging', assertion: 'transactions', field: 'transactions', id: 'tx_hash' },
};

/** The ids a listing answered, in order; undefined when it answered no list. */
export function listedIds(ex: Exchange): string[] | undefined {
  const l = LISTINGS[ex.operationId ?? ''];
  const list = l ? obj(ex.json)[l.field] : undefined;
  return l && ex.status === 200 && Array.isArray(list) ? arr(list).map((e) => String(obj(e)[l.id])) : undefined;
}

/** A listing's scope: its operation, key, path (the wallet) and filters, all but `limit`. */
export function scopeOf(ex: Exchange): string {
  const url = new URL(ex.url);
  const query = [...queryOf(ex).entries()].filter(([k]) => k !== 'limit').sort().map(([k, v]) => `${k}=${v}`).join('&');
  return `${ex.iface}\u0000${keyOf(ex) ?? ''}\u0000${url.pathname}\u0000${query}`;
}

/** Whose listings a write changes: any wallet write every wallet's (a send adds to another's history), a trading write its key's. */
export const writerOf = (ex: Exchange): string => (ex.iface === 'wallet' ? 'wallet' : `trading\u0000${keyOf(ex) ?? ''}`);

export const defaultListingLimit = defineScenarioCheck({
  id: 'default-listing-limit',
  assertions: [
    decision('orders', 'trading.orders-default-limit', 'the orders listing without limit answers its first 50 (or the profile\'s default)', 'trading §8 bullet 1'),
    decision('transactions', 'wallet.transactions-paging', 'a wallet\'s transactions without limit answer the first 50 (or the profile\'s default)', 'wallet §4 bullet 3'),
  ],
  observes: ['trading.orders-default-limit', 'wallet.transactions-paging'],
  appliesTo: ['trading', 'wallet'],
  title: 'a listing without limit answers its first 50 entries (or the profile\'s default)',
  skip: (ctx) => (has(ctx, 'trading') && ctx.trading.key) || (has(ctx, 'wallet') && ctx.wallet.key && ctx.facts.wallets.length) ? undefined : 'no key given (--trading-key or --wallet-key with a wallet)',
  observer: {
    unobserved: 'the listing held no more entries than its default, which gives only a lower bound',
    shows: {
      'trading.orders-default-limit': 'the orders listing of one key without limit and with a larger one, more entries than the default, no order placed between',
      'wallet.transactions-paging': 'a wallet\'s transactions without limit and with a larger one, more entries than the default, no send between',
    },
    start() {
      // Per scope, the last listing without limit and with one, each with the writes seen before it.
      const plain = new BoundedMap<string, { ex: Exchange; writes: number }>(10_000);
      const wide = new BoundedMap<string, { ex: Exchange; writes: number }>(10_000);
      // A write changes what a listing holds: pair only listings with none between (of the key; a
      // send also adds to another wallet's history, so any wallet write counts for every wallet).
      const writes = new BoundedMap<string, number>(10_000);
      return (ex, found) => {
        if (ex.method !== 'GET' && ex.status >= 200 && ex.status < 300) {
          writes.set(writerOf(ex), (writes.get(writerOf(ex)) ?? 0) + 1);
          return;
        }
        const l = LISTINGS[ex.operationId ?? ''];
        if (!l || !listedIds(ex)) return;
        const scope = scopeOf(ex);
        const now = writes.get(writerOf(ex)) ?? 0;
        (queryOf(ex).get('limit') === null ? plain : wide).set(scope, { ex, writes: now });
        const p = plain.get(scope);
        const w = wide.get(scope);
        if (!p || !w || p.writes !== now || w.writes !== now) return;
        plain.delete(scope);
        const all = listedIds(w.ex) as string[];
        const got = listedIds(p.ex) as string[];
        const wideLimit = Number(queryOf(w.ex).get('limit'));
        /** Whether the listing with a limit stopped at that limit, below a default of n: then it is not the whole listing. */
        const cutBelow = (n: number): boolean => wideLimit < n && all.length >= wideLimit;
        const op = ex.operationId as string;
        found({
          point: l.point,
          assertion: l.assertion,
          evidence: [w.ex, p.ex],
          value: got.length < all.length ? got.length : undefined,
          agrees: (expected) => {
            const n = Number(expected);
            // A listing cut by its own limit below the default (limit=2, from another check or a
            // generated request) holds only the listing's first entries: the default one must
            // start with them and hold at most the default.
            if (cutBelow(n)) return got.length >= all.length && got.length <= n && all.every((v, i) => v === got[i]);
            const want = all.slice(0, n);
            return got.length === want.length && got.every((v, i) => v === want[i]);
          },
          // No longer than the default, the wide listing agrees with any default at least as long.
          decisive: (expected) => all.length > Number(expected),
          describe: (expected) => {
            if (cutBelow(Number(expected))) {
              return {
                title: `${got.length} entries without limit, expected at most ${expected} starting with the ${all.length} of limit=${wideLimit}`,
                message: `${op} without limit: ${got.length} entries; with limit=${wideLimit}: ${all.length}, so the default of ${expected} gives at most ${expected} entries, the first ${all.length} of them these`,
              };
            }
            const want = Math.min(all.length, Number(expected));
            return {
              title: `${got.length} entries without limit, expected ${want}`,
              message: `${op} without limit: ${got.length} entries; with limit=${wideLimit}: ${all.length}, so the default of ${expected} gives the first ${want}${got.length === want ? ' (same count, other entries or order)' : ''}`,
            };
          },
        });
      };
    },
  },
  async run(ctx, out) {
    const tradingKey = ctx.trading.key ?? ctx.trading.readKey;
    const seen: string[] = [];
    if (has(ctx, 'trading') && tradingKey) seen.push(await ordersPair(ctx, tradingKey));
    // Each wallet until one holds more transactions than its default: which wallet the other
    // checks sent from depends on the target's listing order (wallet.list-order).
    for (const wallet of has(ctx, 'wallet') && ctx.wallet.key ? [...ctx.facts.wallets].sort((a, b) => a.id - b.id) : []) {
      const call = (query?: Record<string, string>) => ctx.call('listWalletTransactions', { key: ctx.wallet.key, params: { id: wallet.id }, query });
      const all = listedIds(await call({ limit: '100' }));
      const got = listedIds(await call());
      seen.push(`wallet ${wallet.id} listed ${all?.length ?? 'no list'} and ${got?.length ?? 'no list'}`);
      if (all && got && got.length < all.length) break;
    }
    out.notExercised(seen.join('; '));
  },
});

/**
 * The orders listing at its largest limit and without one, after placing what makes it longer than
 * the expected default where the run may; what it saw, for a run that showed no case.
 */
async function ordersPair(ctx: CheckContext, key: string): Promise<string> {
  const expected = Number(ctx.decisions['trading.orders-default-limit']);
  const need = ordersToShow(expected);
  const wide = async () => listedIds(await ctx.call('listOrders', { key, query: { limit: String(ORDERS_MAX_LIMIT) } }));
  let all = await wide();
  let short: string | undefined;
  if (all && all.length < need) {
    short = need > ORDERS_MAX_LIMIT ? `a default of ${expected} needs ${need} orders, more than the largest limit (${ORDERS_MAX_LIMIT}, trading §8) lists` : await fillOrdersListing(ctx, need - all.length);
    if (short === undefined) all = await wide();
  }
  const plain = listedIds(await ctx.call('listOrders', { key }));
  const listed = `listOrders listed ${all?.length ?? 'no list'} with limit=${ORDERS_MAX_LIMIT} and ${plain?.length ?? 'no list'} without`;
  return short === undefined ? listed : `${listed}, no more than the default of ${expected}: ${short}`;
}
