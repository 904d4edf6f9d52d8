// The largest accepted size of two requests (the decision points that are limits): a wallet's transactions'
// `limit` (wallet.transactions-paging#max-limit: 100) and the distinct symbols of one prices
// request (wallet.prices-unknown#max-symbols: 50); or the --profile's. (The orders listing's
// largest `limit` is the seed's, trading §8: 100; trading-invalid-input-400 checks it.) Read-only: a listing asked for N and
// N+1. The boundary is where N is answered 200 and N+1 400; when the expected one is not, it is
// searched for (doubling up, then bisecting: a few requests), within the point's range. The
// observer (boundObserver) reads a bound from any stream that shows N accepted next to N+1 refused.
import { decisionPoint, type PointId } from '../../../spec/decision-points.js';
import { decision, defineScenarioCheck, type PointCase } from '../check.js';
import { queryOf } from '../../exchange/exchange-readers.js';
import { BoundedMap } from '../bounded-map.js';
import { obj } from '../../exchange/json-shape.js';
import { has, type CheckContext } from '../../act/context.js';
import type { Exchange } from '../../types.js';

export type Outcome = { ok: boolean; ex: Exchange } | undefined;

export interface Target {
  point: PointId;
  /** The assertion of listing-max-limit it judges. */
  assertion?: 'transactions' | 'prices';
  operationId: string;
  iface: 'trading' | 'wallet';
  /** Sends the request of size n; undefined when the answer is neither 200 nor 400 (not a bound). */
  probe(n: number): Promise<Outcome>;
}

/** distinct made-up symbols AA, AB, …: unknown ones are left out of the answer (wallet.prices-unknown). */
function symbols(n: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from({ length: n }, (_, i) => `${letters[Math.floor(i / 26) % 26]}${letters[i % 26]}`).join(',');
}

async function send(ctx: CheckContext, operationId: string, options: Parameters<CheckContext['call']>[1]): Promise<Outcome> {
  const ex = await ctx.call(operationId, options);
  return ex.status === 200 ? { ok: true, ex } : ex.status === 400 ? { ok: false, ex } : undefined;
}

function targets(ctx: CheckContext): Target[] {
  const out: Target[] = [];
  const wallet = [...ctx.facts.wallets].sort((a, b) => a.id - b.id)[0];
  if (has(ctx, 'wallet') && ctx.wallet.key && wallet) {
    const key = ctx.wallet.key;
    out.push({ point: 'wallet.transactions-paging#max-limit', assertion: 'transactions', operationId: 'listWalletTransactions', iface: 'wallet', probe: (n) => send(ctx, 'listWalletTransactions', { key, params: { id: wallet.id }, query: { limit: String(n) } }) });
  }
  if (has(ctx, 'wallet')) {
    // The key, where there is one: a deployment may want it on prices (wallet.auth-exemptions);
    // a public prices endpoint ignores it.
    const key = ctx.wallet.key;
    out.push({ point: 'wallet.prices-unknown#max-symbols', assertion: 'prices', operationId: 'getWalletPrices', iface: 'wallet', probe: (n) => send(ctx, 'getWalletPrices', { ...(key ? { key } : {}), query: { symbols: symbols(n) } }) });
  }
  return out;
}

export type Bound = { value: number; evidence: Exchange[] } | { beyond: number; ex: Exchange } | { unclear: string };

/** The largest n in the point's range that is accepted while n+1 is refused. */
export async function boundOf(t: Target, expected: number): Promise<Bound> {
  const [min, max] = decisionPoint(t.point)?.range ?? [1, 1000];
  const at = await t.probe(expected);
  if (!at) return { unclear: `${t.operationId} at ${expected} answered neither 200 nor 400` };
  let lo: { n: number; ex: Exchange } | undefined; // largest accepted
  let hi: { n: number; ex: Exchange } | undefined; // smallest refused
  if (at.ok) {
    lo = { n: expected, ex: at.ex };
    // Doubling the step up to the range's end until a refusal.
    for (let step = 1; !hi; step *= 2) {
      const n = Math.min(lo.n + step, max + 1);
      const r = await t.probe(n);
      if (!r) return { unclear: `${t.operationId} at ${n} answered neither 200 nor 400` };
      if (r.ok) {
        if (n > max) return { beyond: max, ex: r.ex };
        lo = { n, ex: r.ex };
      } else hi = { n, ex: r.ex };
    }
  } else {
    hi = { n: expected, ex: at.ex };
    const first = await t.probe(min);
    if (!first) return { unclear: `${t.operationId} at ${min} answered neither 200 nor 400` };
    if (!first.ok) return { unclear: `${t.operationId} refused even ${min}` };
    lo = { n: min, ex: first.ex };
  }
  while (hi.n - lo.n > 1) {
    const mid = Math.floor((lo.n + hi.n) / 2);
    const r = await t.probe(mid);
    if (!r) return { unclear: `${t.operationId} at ${mid} answered neither 200 nor 400` };
    if (r.ok) lo = { n: mid, ex: r.ex };
    else hi = { n: mid, ex: r.ex };
  }
  return { value: lo.n, evidence: [lo.ex, hi.ex] };
}

export interface BoundSpec {
  point: PointId;
  assertion?: string;
  operationId: string;
  /** The size the request asks for; undefined when it names none. */
  sizeOf(ex: Exchange): number | undefined;
  /** A refusal counts only when its error names this (a 400 for another reason says nothing of the bound). */
  names: string;
}

/**
 * The largest size a stream showed accepted (200), told when the next size was refused (400 naming
 * it); refusals below an accepted size (a size under the minimum) say nothing of the bound.
 */
export function boundObserver(spec: BoundSpec): (ex: Exchange, found: (c: PointCase) => void) => void {
  let lo: { n: number; ex: Exchange } | undefined;
  const refused = new BoundedMap<number, Exchange>(1_000);
  let told: number | undefined;
  return (ex, found) => {
    const n = ex.operationId === spec.operationId ? spec.sizeOf(ex) : undefined;
    if (n === undefined || !Number.isInteger(n)) return;
    if (ex.status === 200 && (!lo || n > lo.n)) lo = { n, ex };
    else if (ex.status === 400 && String(obj(ex.json)['error']).includes(spec.names)) refused.set(n, ex);
    else return;
    const hi = lo ? refused.get(lo.n + 1) : undefined;
    if (!lo || !hi || told === lo.n) return;
    const [value, evidence] = [lo.n, [lo.ex, hi]];
    told = value;
    found({
      point: spec.point,
      assertion: spec.assertion,
      evidence,
      value,
      describe: (expected) => ({ title: `the largest accepted is ${value}, expected ${expected}`, message: `${spec.point}: ${value} was accepted and ${value + 1} refused, expected ${expected}` }),
    });
  };
}

/** Distinct symbols of a prices request, as the fake counts them (blank items ignored). */
const symbolCount = (ex: Exchange): number | undefined => {
  const symbols = queryOf(ex).get('symbols');
  return symbols === null ? undefined : new Set(symbols.split(',').map((s) => s.trim().toUpperCase()).filter((s) => s !== '')).size;
};

const limitOf = (ex: Exchange): number | undefined => {
  const limit = queryOf(ex).get('limit');
  return limit !== null && /^\d+$/.test(limit) ? Number(limit) : undefined;
};

export const listingMaxLimit = defineScenarioCheck({
  id: 'listing-max-limit',
  assertions: [
    decision('transactions', 'wallet.transactions-paging', 'the largest transactions limit accepted is 100 (or the profile\'s)', 'wallet §8 Other limits'),
    decision('prices', 'wallet.prices-unknown', 'the most symbols one prices request accepts is 50 (or the profile\'s)'),
  ],
  observes: ['wallet.transactions-paging#max-limit', 'wallet.prices-unknown#max-symbols'],
  appliesTo: ['wallet'],
  title: 'the largest accepted transactions limit is 100 (prices: 50 symbols), or the profile\'s',
  skip: (ctx) => (targets(ctx).length === 0 ? 'no target to ask' : undefined),
  observer: {
    shows: {
      'wallet.transactions-paging#max-limit': 'a transactions listing accepted at limit=N and one refused at N+1',
      'wallet.prices-unknown#max-symbols': 'a prices request accepted with N distinct symbols and one refused with N+1',
    },
    start() {
      const reads = [
        boundObserver({ point: 'wallet.transactions-paging#max-limit', assertion: 'transactions', operationId: 'listWalletTransactions', sizeOf: limitOf, names: 'limit' }),
        boundObserver({ point: 'wallet.prices-unknown#max-symbols', assertion: 'prices', operationId: 'getWalletPrices', sizeOf: symbolCount, names: 'symbols' }),
      ];
      return (ex, found) => reads.forEach((read) => read(ex, found));
    },
  },
  async run(ctx, out) {
    const unclear: string[] = [];
    for (const t of targets(ctx)) {
      const expected = ctx.decisions[t.point] as number;
      const bound = await boundOf(t, expected);
      if ('unclear' in bound) {
        ctx.log(`listing-max-limit: ${bound.unclear}`);
        unclear.push(bound.unclear);
        continue;
      }
      if ('beyond' in bound) {
        out.checked(t.operationId, t.iface, t.assertion);
        out.fail({ iface: t.iface, assertion: t.assertion, operationId: t.operationId, title: `accepted ${bound.beyond + 1}, expected at most ${expected}`, message: `${t.point}: ${bound.beyond + 1} was accepted, beyond any value a profile can give (${bound.beyond})`, exchange: bound.ex });
        continue;
      }
    }
    out.notExercised(unclear.join('; ') || 'no bound was found');
  },
});
