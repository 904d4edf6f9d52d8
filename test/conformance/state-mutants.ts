// Breakages where every single answer is well-formed and the state behind them is wrong: a write
// that never shows in a read, a read that answers for something else. Each names the check and
// assertion that must catch it; a seed assertion must fail the run without --strict.
import { editJson, pathOf, type Breakage, type ProxiedRequest, type ProxiedResponse } from './broken-proxy.js';
import { formatUnits, toUnits } from '../../conformance/exchange/decimal.js';

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

/** A key's balances answered with `credit` added (per currency, to its first entry): money a repeated write gave back again. */
function credited(res: ProxiedResponse, credit: Map<string, bigint> | undefined): ProxiedResponse {
  if (!credit?.size) return res;
  return editJson(res, (b) => {
    const done = new Set<string>();
    for (const e of b.data) {
      const add = credit.get(e.currency);
      if (add === undefined || done.has(e.currency)) continue;
      done.add(e.currency);
      e.balance = formatUnits((toUnits(e.balance) ?? 0n) + add);
    }
  });
}

const bodyOf = (req: ProxiedRequest): any => {
  try {
    return JSON.parse(req.body);
  } catch {
    return {};
  }
};

/**
 * A write the target refuses the second time (a stop of a copy it stopped, a cancel of an order it
 * cancelled) answered as its first success again, and what the first gave back (`gave`) given back
 * again on the key's later balances. `thing`: what the write names; `reopen`: a write after which
 * the thing is there again (a copy started anew).
 */
function repeatsEffect(path: string, thing: (req: ProxiedRequest) => string, gave: (req: ProxiedRequest, res: ProxiedResponse) => { currency: string; amount: bigint }, reopen?: string): () => Breakage {
  return () => {
    const ended = new Map<string, { currency: string; amount: bigint; answer: string }>();
    const credits = new Map<string, Map<string, bigint>>();
    return {
      response: (req, res) => {
        const key = req.headers['api-key'] ?? '';
        if (is(req, 'GET', '/api/v1/account/balances') && res.status === 200) return credited(res, credits.get(key));
        if (reopen && is(req, 'POST', reopen) && res.status === 200) ended.delete(`${key} ${thing(req)}`);
        if (!is(req, 'POST', path)) return res;
        if (res.status === 200) {
          ended.set(`${key} ${thing(req)}`, { ...gave(req, res), answer: res.body });
          return res;
        }
        const again = ended.get(`${key} ${thing(req)}`);
        if (!again || res.status < 400 || res.status >= 500) return res;
        const credit = credits.get(key) ?? new Map<string, bigint>();
        credit.set(again.currency, (credit.get(again.currency) ?? 0n) + again.amount);
        credits.set(key, credit);
        return { ...res, status: 200, body: again.answer };
      },
    };
  };
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
    killedBy: 'resource-relations/price.unchanging',
    strict: false,
    breakage: () => ({ request: (req) => (is(req, 'GET', '/api/v1/price/BTC') ? { ...req, path: '/api/v1/price/ETH' } : req) }),
  },
  {
    name: 'a listed order with another amount than placed',
    iface: 'trading',
    killedBy: 'resource-relations/order.unchanging',
    strict: true,
    breakage: () => ({
      response: (req, res) => (is(req, 'GET', '/api/v1/account/orders') && res.status === 200 ? editJson(res, (b) => b.data.forEach((o: any) => o.type === 'binary' && (o.amount = (Number(o.amount) + 1).toFixed(8)))) : res),
    }),
  },
  {
    name: 'a wallet created on another chain than asked',
    iface: 'wallet',
    killedBy: 'resource-relations/wallet.unchanging',
    strict: false,
    breakage: () => ({ request: (req) => (is(req, 'POST', '/api/v1/wallets/create') ? otherChain(req).req : req) }),
  },
  {
    name: 'a wallet answered on the chain asked but listed on another',
    iface: 'wallet',
    killedBy: 'resource-relations/wallet.unchanging',
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
    killedBy: 'resource-relations/wallet.unchanging',
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
  {
    name: 'a second copy stop that refunds the copy again',
    iface: 'trading',
    killedBy: 'balances-follow-writes/refund-once',
    strict: false,
    breakage: repeatsEffect(
      '/api/v1/copy/stop',
      (req) => String(bodyOf(req).lead_trader_id),
      (_req, res) => {
        let refunded: bigint | undefined;
        editJson(res, (b) => void (refunded = toUnits(b?.data?.refunded)));
        return { currency: 'USDT', amount: refunded ?? 0n };
      },
      '/api/v1/copy/start',
    ),
  },
  {
    name: 'a second cancel that releases the reservation again',
    iface: 'trading',
    killedBy: 'balances-follow-writes/reserve',
    // The seed says nothing of what an order holds: the reservation is decision trading.balance-meaning.
    strict: true,
    breakage: () => {
      const holds = new Map<number, { currency: string; amount: bigint }>();
      const repeat = repeatsEffect('/api/v1/spot/cancel', (req) => String(bodyOf(req).order_id), (req) => holds.get(Number(bodyOf(req).order_id)) ?? { currency: 'USDT', amount: 0n })();
      return {
        response: (req, res) => {
          if (is(req, 'POST', '/api/v1/spot/order') && res.status === 200) {
            editJson(res, (b) => {
              const o = b.data;
              const amount = toUnits(o.amount) ?? 0n;
              const price = toUnits(o.price) ?? 0n;
              if (o.status === 'open') holds.set(o.id, o.side === 'buy' ? { currency: o.pair, amount: (amount * price) / 100_000_000n } : { currency: o.market, amount });
            });
          }
          return repeat.response?.(req, res) ?? res;
        },
      };
    },
  },
];
