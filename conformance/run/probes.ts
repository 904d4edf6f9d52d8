// Valid GET requests generated with fast-check over every read operation; they produce the
// exchanges the response checks judge (they fail nothing themselves). Run after the scenarios,
// so that listings hold the orders and transactions those created. Last, with writes, the one input
// class that needs money to have arrived first: a send of a wallet's whole balance.
import fc from 'fast-check';
import type { CheckContext } from '../act/context.js';
import { propertySeed } from '../act/property.js';
import { requestFor, type RequestSpec } from '../exchange/operation-request.js';
import { walletKeyPool, type PoolKey } from '../act/wallet-keys.js';
import { inputClasses, noteUnsent } from '../act/input-classes.js';
import { sentSoFar } from '../judge/input-coverage.js';
import { balanceOf, confirmSends } from '../checks/race/funded-wallet.js';
import { fundedByExplorer } from './explore/explore-wallet.js';
import { formatUnits } from '../exchange/decimal.js';

function tradingRequests(ctx: CheckContext): fc.Arbitrary<RequestSpec>[] {
  const key = ctx.trading.key ?? ctx.trading.readKey;
  const symbols = ctx.facts.symbols.length ? ctx.facts.symbols : ['BTC'];
  const arbs: fc.Arbitrary<RequestSpec>[] = [
    fc.constant(requestFor('getPrices')),
    fc.constant(requestFor('getMarkets')),
    fc.constantFrom(...symbols).map((symbol) => requestFor('getPrice', { params: { symbol } })),
  ];
  if (key === undefined) return arbs;
  const query = fc.record(
    {
      type: fc.constantFrom('spot', 'margin', 'futures', 'binary'),
      status: fc.constantFrom('open', 'filled', 'cancelled', 'settled'),
      limit: fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: 1, max: 100 })).map(String),
    },
    { requiredKeys: [] },
  );
  // The read key's orders listing: whether it holds the trade key's orders, when the two are
  // different accounts (resource-relations, order.own-only).
  if (ctx.trading.readKey !== undefined && ctx.trading.readKey !== key) arbs.push(fc.constant(requestFor('listOrders', { key: ctx.trading.readKey, query: { limit: '100' } })));
  arbs.push(
    fc.constant(requestFor('getAccount', { key })),
    fc.constant(requestFor('getBalances', { key })),
    fc.constant(requestFor('listCopyTraders', { key })),
    query.map((q) => requestFor('listOrders', { key, query: q as Record<string, string> })),
    query.map((q) => requestFor('listOrders', { key, query: { limit: q['limit'] ?? '1' } })),
  );
  return arbs;
}

/** Wallets the run may read, with the key of their owner: the --wallet-key user's and the pool's. */
interface OwnedWallet {
  key: string;
  id: number;
}

// The first sample of each arbitrary is the --wallet-key user's (its wallets are the documented
// data); random ones go round every key, so that reads spread over the keys' budgets (wallet §8).
function walletRequests(ctx: CheckContext, pool: PoolKey[]): fc.Arbitrary<RequestSpec>[] {
  const symbols = ['BTC', 'ETH', 'TRX', 'SOL', 'USDT', 'BNB', 'ZZQX'];
  const arbs: fc.Arbitrary<RequestSpec>[] = [
    fc.constant(requestFor('listChains')),
    fc.subarray(symbols, { minLength: 1 }).map((s) => requestFor('getWalletPrices', { query: { symbols: s.join(',') } })),
  ];
  const key = ctx.wallet.key;
  if (key === undefined) return arbs;
  const keys = [key, ...pool.map((p) => p.key).filter((k) => k !== key)];
  const owned: OwnedWallet[] = [
    ...ctx.facts.wallets.map((w) => ({ key, id: w.id })),
    ...pool.filter((p) => p.key !== key && p.walletId !== undefined).map((p) => ({ key: p.key, id: p.walletId as number })),
  ];
  arbs.push(fc.constantFrom(...keys).map((k) => requestFor('listWallets', { key: k })));
  if (owned.length) {
    arbs.push(
      fc.constantFrom(...owned).map((w) => requestFor('getWalletBalance', { key: w.key, params: { id: w.id } })),
      fc.tuple(fc.constantFrom(...owned), fc.option(fc.integer({ min: 1, max: 100 }), { nil: undefined })).map(([w, limit]) =>
        requestFor('listWalletTransactions', { key: w.key, params: { id: w.id }, query: limit === undefined ? undefined : { limit: String(limit) } }),
      ),
    );
  }
  return arbs;
}

/**
 * A send of a wallet's whole balance (the most decision wallet.send-semantics allows) from a wallet
 * of a user the checker registered, which the explorer funded by a send, never the --wallet-key's:
 * last, so that the funds had time to arrive (on doppel's fake its clock is moved; elsewhere the
 * run does not wait for them), and back to the wallet they came from; then its balance and history.
 */
async function sendWholeBalance(ctx: CheckContext): Promise<void> {
  const classes = inputClasses(['wallet'], ctx.decisions).filter((c) => c.bound === 'wallet-balance');
  const c = classes[0];
  if (!c || sentSoFar(classes, ctx.client.exchanges)(c)) return;
  const own = fundedByExplorer(ctx)[0];
  if (!own) return noteUnsent(ctx, c, 'the explorer funded no wallet of a user the checker registered (no --wallet-key wallet with native coin on a chain it lists)');
  if (!(await balanceOf(ctx, own.key, own.walletId))) await confirmSends(ctx);
  // Its history, then its balance: a receive listed confirmed is no longer pending, so the reads
  // around the send judge it (wallet-send-debits).
  await ctx.call('listWalletTransactions', { key: own.key, params: { id: own.walletId }, query: { limit: '100' } });
  const balance = await balanceOf(ctx, own.key, own.walletId);
  if (!balance) return noteUnsent(ctx, c, `the coin the explorer sent to a wallet of the checker's own user had not arrived when the probes ran (balance ${balance === undefined ? 'unreadable' : '0'})`);
  await ctx.call('sendFromWallet', { key: own.key, params: { id: own.walletId }, body: { to_address: own.backTo, amount: formatUnits(balance), token_id: null } });
  await ctx.call('getWalletBalance', { key: own.key, params: { id: own.walletId } });
  await ctx.call('listWalletTransactions', { key: own.key, params: { id: own.walletId }, query: { limit: '100' } });
}

/**
 * How many random requests: --runs against the embedded fake; against a URL a fifth of it (at
 * least 20, or --runs below that), which the wallet budget can afford: --runs changes a read-only
 * run too (docs/guides/checking-a-deployment.md, --runs), not only its writes.
 */
export function randomProbes(ctx: Pick<CheckContext, 'embedded' | 'runs'>): number {
  return ctx.embedded ? ctx.runs : Math.max(Math.min(ctx.runs, 20), Math.ceil(ctx.runs / 5));
}

/** Sends the generated valid requests: every operation at least once, then random ones. */
export async function runProbes(ctx: CheckContext): Promise<void> {
  const pool = ctx.targets.wallet ? await walletKeyPool(ctx) : [];
  const arbs = [...(ctx.targets.trading ? tradingRequests(ctx) : []), ...(ctx.targets.wallet ? walletRequests(ctx, pool) : [])];
  if (!arbs.length) return;
  const rnd = fc.sample(fc.oneof(...arbs), { seed: propertySeed(ctx.seed, 'probes'), numRuns: randomProbes(ctx) });
  const firsts = arbs.map((a, i) => fc.sample(a, { seed: propertySeed(ctx.seed, `probe-${i}`), numRuns: 1 })[0] as RequestSpec);
  for (const spec of [...firsts, ...rnd]) await ctx.send(spec);
  if (ctx.targets.wallet && ctx.allowWrites) await sendWholeBalance(ctx);
}
