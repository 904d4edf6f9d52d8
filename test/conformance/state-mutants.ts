// Breakages where every single answer is well-formed and the state behind them is wrong: a write
// that never shows in a read, a read that answers for something else. Each names the check and
// assertion that must catch it; a seed assertion must fail the run without --strict.
import { editJson, pathOf, type Breakage, type ProxiedRequest } from './broken-proxy.js';

export interface StateMutant {
  name: string;
  iface: 'trading' | 'wallet';
  /** `<check>/<assertion>`. */
  killedBy: string;
  /** Whether the killing assertion is a decision (then the run needs --strict to fail). */
  strict: boolean;
  breakage: () => Breakage;
}

const is = (req: ProxiedRequest, method: string, path: string | RegExp): boolean =>
  req.method === method && (typeof path === 'string' ? pathOf(req) === path : path.test(pathOf(req)));

/** Another chain of the fake's demo data for each: where the broken server really creates the wallet. */
const OTHER_CHAIN: Record<string, string> = { ethereum: 'polygon', polygon: 'bsc', bsc: 'ethereum', bitcoin: 'tron', tron: 'solana', solana: 'bitcoin' };

/** The asked chain, and the request asking for another one instead (bodies that are no JSON object pass as they are). */
function otherChain(req: ProxiedRequest): { asked: string | undefined; req: ProxiedRequest } {
  let body: { chain?: unknown };
  try {
    body = JSON.parse(req.body) as { chain?: unknown };
  } catch {
    return { asked: undefined, req };
  }
  const asked = typeof body?.chain === 'string' ? body.chain : undefined;
  const other = asked ? OTHER_CHAIN[asked] : undefined;
  return { asked, req: other ? { ...req, body: JSON.stringify({ ...body, chain: other }) } : req };
}

export const STATE_MUTANTS: StateMutant[] = [
  {
    name: 'an accepted order that no listing holds',
    iface: 'trading',
    killedBy: 'order-in-listing/listed',
    strict: false,
    breakage: () => {
      // Every third accepted order is left out of every listing from then on.
      const hidden = new Set<number>();
      let placed = 0;
      return {
        response: (req, res) => {
          if (req.method === 'POST' && /\/(spot|margin|futures|binary)\/order$/.test(pathOf(req)) && res.status === 200) {
            editJson(res, (b) => void (placed++ % 3 === 1 && hidden.add(b.data.id)));
          }
          return is(req, 'GET', '/api/v1/account/orders') && res.status === 200 ? editJson(res, (b) => void (b.data = b.data.filter((o: any) => !hidden.has(o.id)))) : res;
        },
      };
    },
  },
  {
    name: 'balances that do not move after the trade key\'s orders',
    iface: 'trading',
    killedBy: 'balances-follow-writes/spot-direction',
    strict: false,
    breakage: () => {
      let first: string | undefined;
      return {
        response: (req, res) => {
          if (!is(req, 'GET', '/api/v1/account/balances') || req.headers['api-key'] !== 'demo-trade-key' || res.status !== 200) return res;
          first ??= res.body;
          return { ...res, body: first };
        },
      };
    },
  },
  {
    name: 'a copy start that locks twice copy_amount',
    iface: 'trading',
    killedBy: 'balances-follow-writes/copy-lock',
    strict: false,
    breakage: () => ({
      request: (req) => {
        if (!is(req, 'POST', '/api/v1/copy/start')) return req;
        const body = JSON.parse(req.body);
        return { ...req, body: JSON.stringify({ ...body, copy_amount: Number(body.copy_amount) * 2 }) };
      },
      // The answer still states the amount asked for.
      response: (req, res) => (is(req, 'POST', '/api/v1/copy/start') && res.status === 200 ? editJson(res, (b) => void (b.data.copy_amount = (Number(b.data.copy_amount) / 2).toFixed(8))) : res),
    }),
  },
  {
    name: 'a limit order whose reservation never shows as locked',
    iface: 'trading',
    killedBy: 'balances-follow-writes/reserve',
    strict: true,
    breakage: () => ({
      response: (req, res) => (is(req, 'GET', '/api/v1/account/balances') && res.status === 200 ? editJson(res, (b) => b.data.forEach((e: any) => (e.locked = '0.00000000'))) : res),
    }),
  },
  {
    name: 'the price of a symbol answers another symbol\'s entry',
    iface: 'trading',
    killedBy: 'reads-answer-asked/price-symbol',
    strict: false,
    breakage: () => ({ request: (req) => (is(req, 'GET', '/api/v1/price/BTC') ? { ...req, path: '/api/v1/price/ETH' } : req) }),
  },
  {
    name: 'a listed order with another amount than placed',
    iface: 'trading',
    killedBy: 'order-in-listing/fields',
    strict: true,
    breakage: () => ({
      response: (req, res) => (is(req, 'GET', '/api/v1/account/orders') && res.status === 200 ? editJson(res, (b) => b.data.forEach((o: any) => o.type === 'binary' && (o.amount = (Number(o.amount) + 1).toFixed(8)))) : res),
    }),
  },
  {
    name: 'a wallet created on another chain than asked',
    iface: 'wallet',
    killedBy: 'wallet-created-listed/chain',
    strict: false,
    breakage: () => ({ request: (req) => (is(req, 'POST', '/api/v1/wallets/create') ? otherChain(req).req : req) }),
  },
  {
    name: 'a wallet answered on the chain asked but listed on another',
    iface: 'wallet',
    killedBy: 'wallet-created-listed/listed',
    strict: false,
    breakage: () => {
      let asked: string | undefined;
      return {
        request: (req) => {
          if (!is(req, 'POST', '/api/v1/wallets/create')) return req;
          const other = otherChain(req);
          asked = other.asked;
          return other.req;
        },
        response: (req, res) => (is(req, 'POST', '/api/v1/wallets/create') && res.status === 200 ? editJson(res, (b) => void (b.wallet.chain = asked)) : res),
      };
    },
  },
  {
    name: 'a wallet\'s balance answers another wallet\'s',
    iface: 'wallet',
    killedBy: 'reads-answer-asked/balance-symbol',
    strict: false,
    breakage: () => ({ request: (req) => (is(req, 'GET', '/api/v1/wallets/1/balance') ? { ...req, path: '/api/v1/wallets/2/balance' } : req) }),
  },
  {
    name: 'a send that never lowers its wallet',
    iface: 'wallet',
    killedBy: 'wallet-send-debits/debit',
    strict: false,
    breakage: () => {
      // Every balance answered as if nothing had been sent from it, confirmed or not.
      const sent = new Map<string, number>();
      const add = (id: string, body: any) => {
        if (body.wallets) for (const w of body.wallets) if (sent.has(String(w.id))) w.balance = (Number(w.balance) + (sent.get(String(w.id)) ?? 0)).toFixed(8);
        if (body.balance !== undefined && sent.has(id)) body.balance = (Number(body.balance) + (sent.get(id) ?? 0)).toFixed(8);
      };
      return {
        response: (req, res) => {
          const send = /^\/api\/v1\/wallets\/(\d+)\/send$/.exec(pathOf(req));
          if (send && res.status === 200) sent.set(send[1] as string, (sent.get(send[1] as string) ?? 0) + Number(JSON.parse(req.body).amount));
          const id = /^\/api\/v1\/wallets\/(\d+)\/balance$/.exec(pathOf(req))?.[1] ?? '';
          return res.status === 200 && (id || is(req, 'GET', '/api/v1/wallets')) ? editJson(res, (b) => add(id, b)) : res;
        },
      };
    },
  },
  {
    name: 'a send missing from its wallet\'s transactions',
    iface: 'wallet',
    killedBy: 'wallet-send-debits/recorded',
    strict: false,
    breakage: () => ({
      response: (req, res) => (is(req, 'GET', /\/transactions$/) && res.status === 200 ? editJson(res, (b) => void (b.transactions = b.transactions.filter((t: any) => t.type !== 'send'))) : res),
    }),
  },
];
