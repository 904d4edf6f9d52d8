// The deliberately broken servers: each breaks one behaviour of the fake and names the check that
// must catch it ("kill" it).
import { editJson, pathOf, type Breakage, type ProxiedRequest } from './broken-proxy.js';

export interface Mutant {
  name: string;
  iface: 'trading' | 'wallet';
  killedBy: string;
  /** The 429 mutant needs the fake's documented limit of 60 and --rate-limit. */
  rateLimit?: boolean;
  breakage: () => Breakage;
}

const is = (req: ProxiedRequest, method: string, path: string | RegExp): boolean =>
  req.method === method && (typeof path === 'string' ? pathOf(req) === path : path.test(pathOf(req)));

export const MUTANTS: Mutant[] = [
  {
    name: '7-digit balance decimals',
    iface: 'trading',
    killedBy: 'balance-decimals',
    breakage: () => ({
      response: (req, res) => (is(req, 'GET', '/api/v1/account/balances') && res.status === 200 ? editJson(res, (b) => b.data.forEach((e: any) => (e.balance = e.balance.slice(0, -1)))) : res),
    }),
  },
  {
    name: 'ISO transaction dates',
    iface: 'wallet',
    killedBy: 'wallet-date-format',
    breakage: () => ({
      response: (req, res) =>
        is(req, 'GET', /\/transactions$/) && res.status === 200 ? editJson(res, (b) => b.transactions.forEach((t: any) => (t.date = `${t.date.replace(' ', 'T')}Z`))) : res,
    }),
  },
  {
    name: 'missing success in trading envelopes',
    iface: 'trading',
    killedBy: 'success-envelope',
    breakage: () => ({ response: (_req, res) => (res.status === 200 ? editJson(res, (b) => void delete b.success) : res) }),
  },
  {
    name: '200 instead of 401',
    iface: 'trading',
    killedBy: 'trading-auth-401',
    breakage: () => ({ response: (_req, res) => (res.status === 401 ? { ...res, status: 200, body: '{"success":true,"data":{}}' } : res) }),
  },
  {
    name: 'read key allowed to trade',
    iface: 'trading',
    killedBy: 'read-key-403',
    breakage: () => ({
      request: (req) => (req.method === 'POST' && req.headers['api-key'] === 'demo-read-key' ? { ...req, headers: { ...req.headers, 'api-key': 'demo-trade-key' } } : req),
    }),
  },
  {
    name: 'no refund on copy stop',
    iface: 'trading',
    killedBy: 'balances-follow-writes',
    breakage: () => {
      // The refund never shows: every refunded amount is kept off the USDT balance from then on.
      let kept = 0;
      return {
        response: (req, res) => {
          if (is(req, 'POST', '/api/v1/copy/stop') && res.status === 200) {
            editJson(res, (b) => void (kept += Number(b.data.refunded)));
          }
          if (is(req, 'GET', '/api/v1/account/balances') && res.status === 200 && kept > 0) {
            return editJson(res, (b) => {
              const usdt = b.data.find((e: any) => e.currency === 'USDT');
              if (usdt) usdt.balance = (Number(usdt.balance) - kept).toFixed(8);
            });
          }
          return res;
        },
      };
    },
  },
  {
    name: 'ignored limit on the orders listing',
    iface: 'trading',
    killedBy: 'orders-listing-query',
    breakage: () => ({ request: (req) => (is(req, 'GET', '/api/v1/account/orders') ? { ...req, path: req.path.replace(/([?&])limit=\d+/, '$1limit=100') } : req) }),
  },
  {
    name: 'a 500 on an exponent amount',
    iface: 'trading',
    killedBy: 'no-server-error',
    breakage: () => ({
      response: (req, res) => (req.method === 'POST' && /"amount":"[0-9.]*e/i.test(req.body) ? { ...res, status: 500, body: '{"success":false,"error":"internal error"}' } : res),
    }),
  },
  {
    name: 'text/html Content-Type on chains',
    iface: 'wallet',
    killedBy: 'content-type-json',
    breakage: () => ({ response: (req, res) => (is(req, 'GET', '/api/v1/chains') ? { ...res, headers: { ...res.headers, 'content-type': 'text/html; charset=utf-8' } } : res) }),
  },
  {
    name: 'price map key differs from the symbol',
    iface: 'trading',
    killedBy: 'price-map-keys',
    breakage: () => ({
      response: (req, res) =>
        is(req, 'GET', '/api/v1/prices') && res.status === 200
          ? editJson(res, (b) => {
              const entry = b.data.BTC;
              delete b.data.BTC;
              b.data.XBT = entry;
            })
          : res,
    }),
  },
  {
    name: 'no 429 after 60 requests',
    iface: 'wallet',
    killedBy: 'rate-limit-429',
    rateLimit: true,
    breakage: () => ({ response: (_req, res) => (res.status === 429 ? { status: 200, headers: { 'content-type': 'application/json' }, body: '{"success":true,"wallets":[]}' } : res) }),
  },
  {
    name: 'duplicate balance entry',
    iface: 'trading',
    killedBy: 'resource-relations',
    breakage: () => ({ response: (req, res) => (is(req, 'GET', '/api/v1/account/balances') && res.status === 200 ? editJson(res, (b) => void b.data.push(b.data[0])) : res) }),
  },
  {
    name: 'cancel answers but leaves the order open',
    iface: 'trading',
    killedBy: 'cancel-leaves-open',
    breakage: () => {
      // The cancel is answered as done, but the fake is asked to cancel an order that does not exist.
      let wanted: unknown;
      return {
        request: (req) => {
          if (!is(req, 'POST', '/api/v1/spot/cancel') || req.headers['api-key'] !== 'demo-trade-key') return req;
          wanted = JSON.parse(req.body).order_id;
          return { ...req, body: JSON.stringify({ order_id: 987654321 }) };
        },
        response: (req, res) =>
          is(req, 'POST', '/api/v1/spot/cancel') && wanted !== undefined && wanted !== 987654321 && res.status === 404
            ? { ...res, status: 200, body: JSON.stringify({ success: true, data: { id: wanted, status: 'cancelled' } }) }
            : res,
      };
    },
  },
  {
    name: 'public prices demand a key',
    iface: 'trading',
    killedBy: 'trading-public-no-key',
    breakage: () => ({
      response: (req, res) => (is(req, 'GET', '/api/v1/markets') && !req.headers['api-key'] ? { ...res, status: 401, body: '{"success":false,"error":"missing API-KEY header"}' } : res),
    }),
  },
  {
    name: 'leverage 0 accepted',
    iface: 'trading',
    killedBy: 'trading-invalid-input-400',
    breakage: () => ({
      response: (req, res) => (is(req, 'POST', '/api/v1/margin/order') && /"leverage":0\b/.test(req.body) ? { ...res, status: 200, body: '{"success":true,"data":{}}' } : res),
    }),
  },
  {
    name: 'wallet error body without success',
    iface: 'wallet',
    killedBy: 'wallet-error-body',
    breakage: () => ({ response: (_req, res) => (res.status >= 400 ? editJson(res, (b) => void delete b.success) : res) }),
  },
  {
    name: 'unknown symbol answered 200',
    iface: 'trading',
    killedBy: 'unknown-resource-404',
    breakage: () => ({ response: (req, res) => (is(req, 'GET', /^\/api\/v1\/price\//) && res.status === 404 ? { ...res, status: 200, body: '{"success":true,"data":{}}' } : res) }),
  },
  {
    name: 'send does not debit the balance',
    iface: 'wallet',
    killedBy: 'wallet-send-debits',
    breakage: () => {
      const sent = new Map<string, number>();
      return {
        response: (req, res) => {
          const send = /^\/api\/v1\/wallets\/(\d+)\/send$/.exec(pathOf(req));
          if (send && res.status === 200) sent.set(send[1] as string, (sent.get(send[1] as string) ?? 0) + Number(JSON.parse(req.body).amount));
          const bal = /^\/api\/v1\/wallets\/(\d+)\/balance$/.exec(pathOf(req));
          if (bal && res.status === 200 && sent.has(bal[1] as string)) return editJson(res, (b) => void (b.balance = (Number(b.balance) + (sent.get(bal[1] as string) ?? 0)).toFixed(8)));
          return res;
        },
      };
    },
  },
  {
    name: "another user's wallet readable",
    iface: 'wallet',
    killedBy: 'wallet-isolation',
    breakage: () => ({
      request: (req) => (req.headers['x-api-key']?.startsWith('wt_') && /\/wallets\/\d+\/(balance|transactions)$/.test(pathOf(req)) ? { ...req, headers: { ...req.headers, 'x-api-key': 'demo-wallet-key' } } : req),
    }),
  },
  {
    name: 'usd_value doubled',
    iface: 'wallet',
    killedBy: 'usd-value-matches-price',
    breakage: () => ({
      response: (req, res) =>
        is(req, 'GET', /^\/api\/v1\/wallets\/\d+\/balance$/) && res.status === 200 ? editJson(res, (b) => void (b.usd_value = (Number(b.usd_value) * 2).toFixed(8))) : res,
    }),
  },
  {
    name: 'orders listing defaults to 2 entries',
    iface: 'trading',
    killedBy: 'default-listing-limit',
    breakage: () => ({ request: (req) => (is(req, 'GET', '/api/v1/account/orders') && !/[?&]limit=/.test(req.path) ? { ...req, path: `${req.path}${req.path.includes('?') ? '&' : '?'}limit=2` } : req) }),
  },
  {
    name: 'binary bids never settle',
    iface: 'trading',
    killedBy: 'settlement-through-clock',
    breakage: () => ({
      response: (req, res) =>
        is(req, 'GET', '/api/v1/account/orders') && res.status === 200
          ? editJson(res, (b) => b.data.forEach((o: any) => o.type === 'binary' && o.status === 'settled' && Object.assign(o, { status: 'open', result: null, pnl: null })))
          : res,
    }),
  },
];

/** The named mutants' breakages at once (a target broken several ways), each applied in turn. */
export function brokenWays(...names: string[]): Breakage {
  const all = names.map((name) => {
    const mutant = MUTANTS.find((m) => m.name === name);
    if (!mutant) throw new Error(`no mutant "${name}"`);
    return mutant.breakage();
  });
  return {
    request: (req) => all.reduce((r, b) => b.request?.(r) ?? r, req),
    response: (req, res) => all.reduce((r, b) => b.response?.(req, r) ?? r, res),
  };
}
