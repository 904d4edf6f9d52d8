// The wallet explorer: the reads and writes that let the state checks judge the wallet interface,
// drawn with fast-check (seeded by --seed) over what the target lists, within each key's 60
// requests a minute (wallet §8): the --wallet-key's wallets are read (each balance between two
// /prices answers, each history with an explicit limit, then the limit's input classes none of
// those showed); with writes, a user the checker registers creates a wallet on every chain /chains
// lists and lists them, and the --wallet-key's funded wallets send small amounts to that user's
// wallets (token_id null, or left out), each send followed by a balance read, and one token their
// listing shows (a non-null token_id, decision wallet.tokens), followed by both balances' reads.
import fc from 'fast-check';
import type { CheckContext } from '../../act/context.js';
import { walletsOf, type WalletFact } from '../../act/facts.js';
import { inputClasses, noteUnsent, withClass } from '../../act/input-classes.js';
import { sentSoFar } from '../../judge/input-coverage.js';
import { obj } from '../../exchange/json-shape.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { toUnits } from '../../exchange/decimal.js';
import { propertySeed } from '../../act/property.js';
import { SEND_UNIT } from '../../act/valid-requests.js';
import { walletKeyPool } from '../../act/wallet-keys.js';

/** Sends per run: each costs the --wallet-key two requests (the send and the balance after it). */
const SENDS = 3;

async function readWallet(ctx: CheckContext, key: string, wallet: { id: number; symbol: string }, limit: number): Promise<void> {
  // Between two /prices answers (public: they spend no key's budget), so usd_value can be judged.
  await ctx.call('getWalletPrices', { query: { symbols: wallet.symbol } });
  await ctx.call('getWalletBalance', { key, params: { id: wallet.id } });
  await ctx.call('getWalletPrices', { query: { symbols: wallet.symbol } });
  await ctx.call('listWalletTransactions', { key, params: { id: wallet.id }, query: { limit: String(limit) } });
}

/** The transactions listing's query classes none of the reads showed, each once on the first wallet. */
async function coverHistoryQuery(ctx: CheckContext, key: string, wallet: { id: number } | undefined): Promise<void> {
  const classes = inputClasses(['wallet'], ctx.decisions);
  const sent = sentSoFar(classes, ctx.client.exchanges);
  for (const c of classes.filter((x) => x.operationId === 'listWalletTransactions')) {
    if (sent(c)) continue;
    if (wallet) await ctx.call('listWalletTransactions', { key, params: { id: wallet.id }, query: withClass(c, { limit: '100' }, String) });
    else noteUnsent(ctx, c, 'the --wallet-key user has no wallet');
  }
}

/** A wallet of the checker's own user that the explorer sent native coin to, and the --wallet-key wallet it came from. */
export interface OwnFunded {
  key: string;
  walletId: number;
  backTo: string;
}

const fundedOwn = new WeakMap<CheckContext, OwnFunded[]>();

/** The checker's own wallets the run's explorer sent native coin to (the probes send one's whole balance back). */
export const fundedByExplorer = (ctx: CheckContext): readonly OwnFunded[] => fundedOwn.get(ctx) ?? [];

/** The amount of a token the explorer sends: as small as the native sends (SEND_UNIT). */
const TOKEN_AMOUNT = SEND_UNIT.toFixed(5);

/** A wallet of the --wallet-key listing a token with at least TOKEN_AMOUNT, on a chain the checker's user has a wallet on. */
function tokenSource(own: readonly WalletFact[], targets: ReadonlyMap<string, unknown>): { wallet: WalletFact; tokenId: number } | undefined {
  for (const wallet of own) {
    if (!targets.has(wallet.chain)) continue;
    const token = wallet.tokens.find((t) => (toUnits(t.balance) ?? 0n) >= (toUnits(TOKEN_AMOUNT) as bigint));
    if (token) return { wallet, tokenId: token.tokenId };
  }
  return undefined;
}

export async function exploreWallet(ctx: CheckContext): Promise<void> {
  const key = ctx.wallet.key;
  await ctx.call('listChains');
  if (key === undefined) return;
  const seed = propertySeed(ctx.seed, 'explore-wallet');
  const limits = fc.sample(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(100)), { seed, numRuns: Math.max(ctx.facts.wallets.length, 1) });
  const own = ctx.facts.wallets.slice(0, 4);
  for (const [i, w] of own.entries()) await readWallet(ctx, key, w, limits[i] ?? 100);
  await coverHistoryQuery(ctx, key, own[0]);
  if (!ctx.allowWrites) return;

  // A user of the checker's own creates a wallet on every chain the target lists.
  const [user] = (await walletKeyPool(ctx)).filter((p) => p.key !== key);
  if (!user) return;
  const targets = new Map<string, { id: number; address: string }>();
  for (const chain of ctx.facts.chains) {
    const created = obj(obj((await ctx.call('createWallet', { key: user.key, body: { chain } })).json)['wallet']);
    if (typeof created['id'] === 'number' && typeof created['address'] === 'string') targets.set(chain, { id: created['id'], address: created['address'] });
  }
  const listed = walletsOf((await ctx.call('listWallets', { key: user.key })).json);
  const first = listed[listed.length - 1];
  if (first) await ctx.call('getWalletBalance', { key: user.key, params: { id: first.id } });

  // Sends from the --wallet-key's funded wallets to that user's wallet on the same chain.
  const funded = own.filter((w) => (toUnits(w.balance) ?? 0n) >= 100_000n && targets.has(w.chain));
  const sends = funded.length ? fc.sample(fc.tuple(fc.nat(funded.length - 1), fc.integer({ min: 1, max: 5 })), { seed: seed + 1, numRuns: SENDS }) : [];
  const from = new Set<number>();
  const received: OwnFunded[] = [];
  for (const [i, [pick, k]] of sends.entries()) {
    const w = funded[pick] as (typeof funded)[number];
    const to = targets.get(w.chain) as { id: number; address: string };
    // token_id null and token_id left out both send the native coin (decision wallet.tokens): one and then the other.
    const token = i % 2 === 0 ? { token_id: null } : {};
    const sent = await ctx.call('sendFromWallet', { key, params: { id: w.id }, body: { to_address: to.address, amount: (k * SEND_UNIT).toFixed(5), ...token } });
    await ctx.call('getWalletBalance', { key, params: { id: w.id } });
    from.add(w.id);
    if (is2xx(sent.status) && !received.some((r) => r.walletId === to.id)) received.push({ key: user.key, walletId: to.id, backTo: w.address });
  }
  fundedOwn.set(ctx, received);
  // A token the wallet lists (a non-null token_id): its native balance read after it, and the
  // listing, which holds the token's balance (decision wallet.tokens).
  const source = tokenSource(own, targets);
  const notNull = inputClasses(['wallet'], ctx.decisions).find((c) => c.operationId === 'sendFromWallet' && c.kind === 'not-null');
  if (!source && notNull) noteUnsent(ctx, notNull, `no wallet of the --wallet-key lists a token with at least ${TOKEN_AMOUNT} on a chain the checker's user has a wallet on`);
  if (source) {
    const to = targets.get(source.wallet.chain) as { id: number; address: string };
    await ctx.call('sendFromWallet', { key, params: { id: source.wallet.id }, body: { to_address: to.address, amount: TOKEN_AMOUNT, token_id: source.tokenId } });
    await ctx.call('getWalletBalance', { key, params: { id: source.wallet.id } });
    await ctx.call('listWallets', { key });
    from.add(source.wallet.id);
  }
  for (const id of from) await ctx.call('listWalletTransactions', { key, params: { id }, query: { limit: '100' } });
  for (const w of own.filter((f) => from.has(f.id))) {
    const to = targets.get(w.chain);
    if (to) await ctx.call('listWalletTransactions', { key: user.key, params: { id: to.id }, query: { limit: '100' } });
  }
}
