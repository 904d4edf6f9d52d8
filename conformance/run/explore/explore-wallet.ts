// The wallet explorer: the reads and writes that let the state checks judge the wallet interface,
// drawn with fast-check (seeded by --seed) over what the target lists, within each key's 60
// requests a minute (wallet §8): the --wallet-key's wallets are read (each balance between two
// /prices answers, each history with an explicit limit); with writes, a user the checker registers
// creates a wallet on every chain /chains lists and lists them, and the --wallet-key's funded
// wallets send small amounts to that user's wallets, each send followed by a balance read.
import fc from 'fast-check';
import type { CheckContext } from '../../act/context.js';
import { walletsOf } from '../../act/facts.js';
import { obj } from '../../exchange/json-shape.js';
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

export async function exploreWallet(ctx: CheckContext): Promise<void> {
  const key = ctx.wallet.key;
  await ctx.call('listChains');
  if (key === undefined) return;
  const seed = propertySeed(ctx.seed, 'explore-wallet');
  const limits = fc.sample(fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(100)), { seed, numRuns: Math.max(ctx.facts.wallets.length, 1) });
  const own = ctx.facts.wallets.slice(0, 4);
  for (const [i, w] of own.entries()) await readWallet(ctx, key, w, limits[i] ?? 100);
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
  if (!funded.length) return;
  const sends = fc.sample(fc.tuple(fc.nat(funded.length - 1), fc.integer({ min: 1, max: 5 })), { seed: seed + 1, numRuns: SENDS });
  const from = new Set<number>();
  for (const [pick, k] of sends) {
    const w = funded[pick] as (typeof funded)[number];
    const to = targets.get(w.chain) as { id: number; address: string };
    await ctx.call('sendFromWallet', { key, params: { id: w.id }, body: { to_address: to.address, amount: (k * SEND_UNIT).toFixed(5), token_id: null } });
    await ctx.call('getWalletBalance', { key, params: { id: w.id } });
    from.add(w.id);
  }
  for (const id of from) await ctx.call('listWalletTransactions', { key, params: { id }, query: { limit: '100' } });
  for (const w of funded.filter((f) => from.has(f.id))) {
    const to = targets.get(w.chain);
    if (to) await ctx.call('listWalletTransactions', { key: user.key, params: { id: to.id }, query: { limit: '100' } });
  }
}
