// Breakages of the listings that say "all": each leaves out of a listing something the target
// itself accepted or answered (a pair it took an order on, a lead trader being copied, a chain a
// wallet is on, a symbol /price answers), or lists an inactive lead trader, and names the
// assertion that must catch it and the clause that assertion cites.
import { editJson, pathOf, type ProxiedRequest } from './broken-proxy.js';
import type { Breakage } from './broken-proxy.js';
import type { NegativeMutant } from './negative-space-mutants.js';

const isGet = (req: ProxiedRequest, path: string): boolean => req.method === 'GET' && pathOf(req) === path;

/**
 * A listing at `path` whose `limit` (when `when` holds for the query) keeps the oldest entries
 * instead of the newest, still listed newest first: the request asks for 100, the answer keeps
 * the last `limit` of them.
 */
function keepsOldest(path: RegExp, field: string, when: (q: URLSearchParams) => boolean = () => true): () => Breakage {
  return () => ({
    request: (req) => {
      const url = new URL(req.path, 'http://x');
      const limit = url.searchParams.get('limit');
      if (req.method !== 'GET' || !path.test(url.pathname) || limit === null || !when(url.searchParams)) return req;
      url.searchParams.set('limit', '100');
      return { ...req, path: `${url.pathname}${url.search}`, headers: { ...req.headers, 'x-broken-limit': limit } };
    },
    response: (req, res) => {
      const limit = Number(req.headers['x-broken-limit']);
      return limit > 0 && res.status === 200 ? editJson(res, (b) => void (b[field] = b[field].slice(-limit))) : res;
    },
  });
}

export const LISTING_MUTANTS: NegativeMutant[] = [
  {
    // The checker trades only on pairs listed; with none, the scenario checks that need one order
    // place it on BTC/USDT (orderMarket), which the target accepts.
    name: 'an empty markets listing while orders on BTC/USDT are accepted',
    iface: 'trading',
    killedBy: 'resource-relations/order.market-pair-reference',
    cites: 'seed trading §4 GET /api/v1/markets; trading §4 Body of POST /api/v1/spot/order.market; trading §4 Body of POST /api/v1/spot/order.pair',
    strict: false,
    checks: ['cancel-not-open-status'],
    breakage: () => ({ response: (req, res) => (isGet(req, '/api/v1/markets') && res.status === 200 ? editJson(res, (b) => void (b.data = [])) : res) }),
  },
  {
    name: 'the traders listing leaves out a lead trader while it is copied',
    iface: 'trading',
    killedBy: 'listings-hold-accepted/traders',
    cites: 'seed trading §4 GET /api/v1/copy/traders',
    strict: false,
    breakage: () => {
      const copied = new Set<number>();
      return {
        response: (req, res) => {
          const body = (): any => JSON.parse(req.body || '{}');
          if (req.method === 'POST' && pathOf(req) === '/api/v1/copy/start' && res.status === 200) copied.add(body().lead_trader_id);
          if (req.method === 'POST' && pathOf(req) === '/api/v1/copy/stop' && res.status === 200) copied.delete(body().lead_trader_id);
          return isGet(req, '/api/v1/copy/traders') && res.status === 200 ? editJson(res, (b) => void (b.data = b.data.filter((t: any) => !copied.has(t.id)))) : res;
        },
      };
    },
  },
  {
    name: 'the traders listing holds an inactive lead trader',
    iface: 'trading',
    killedBy: 'listings-hold-accepted/traders-active',
    cites: 'seed trading §3 bullet 2',
    strict: false,
    breakage: () => ({
      response: (req, res) => (isGet(req, '/api/v1/copy/traders') && res.status === 200 ? editJson(res, (b) => void b.data.push({ ...b.data[0], id: 999, status: 'inactive' })) : res),
    }),
  },
  {
    name: '/chains leaves out ethereum, where wallets are',
    iface: 'wallet',
    killedBy: 'resource-relations/wallet.chain-reference',
    cites: 'seed wallet §2 Wallet.chain; wallet §2 Chain.slug',
    strict: false,
    breakage: () => ({
      response: (req, res) => (isGet(req, '/api/v1/chains') && res.status === 200 ? editJson(res, (b) => void (b.chains = b.chains.filter((c: any) => c.slug !== 'ethereum'))) : res),
    }),
  },
  {
    name: '/prices leaves out BTC, which /price/BTC answers',
    iface: 'trading',
    killedBy: 'listings-hold-accepted/prices',
    cites: 'seed trading §4 GET /api/v1/prices',
    strict: false,
    breakage: () => ({ response: (req, res) => (isGet(req, '/api/v1/prices') && res.status === 200 ? editJson(res, (b) => void delete b.data.BTC) : res) }),
  },
  {
    name: 'the orders listing keeps the oldest orders under limit',
    iface: 'trading',
    killedBy: 'listing-order/cut-orders',
    cites: 'decision:trading.orders-listing',
    strict: true,
    checks: ['listing-order'],
    breakage: keepsOldest(/\/account\/orders$/, 'data'),
  },
  {
    name: 'the orders listing filtered by status keeps the oldest orders under limit',
    iface: 'trading',
    killedBy: 'listing-order/cut-orders',
    cites: 'decision:trading.orders-listing',
    strict: true,
    checks: ['listing-order'],
    breakage: keepsOldest(/\/account\/orders$/, 'data', (q) => q.get('status') !== null),
  },
  {
    name: "a wallet's transactions keep the oldest under limit",
    iface: 'wallet',
    killedBy: 'listing-order/cut-transactions',
    cites: 'decision:wallet.transactions-paging',
    strict: true,
    checks: ['listing-order'],
    breakage: keepsOldest(/\/transactions$/, 'transactions'),
  },
];
