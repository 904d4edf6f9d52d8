// Spreading wallet traffic over keys: the wallet allows 60 requests a minute per key (wallet §8),
// so requests that need "a valid key with a wallet" but not the --wallet-key user go round a pool:
// the further --wallet-key values, and with --allow-writes users the checker registers, each with
// a wallet of its own. The --wallet-key user keeps what needs its funded wallets.
import type { CheckContext } from './context.js';
import { obj } from '../exchange/json-shape.js';
import { registerUser } from './wallet-peer.js';
import { walletsOf } from './facts.js';

export interface PoolKey {
  key: string;
  /** A wallet of the key's user (its first), if it has one. */
  walletId: number | undefined;
  address: string | undefined;
}

/** Users registered for the pool when writes are allowed. */
export const POOL_USERS = 3;

export function walletKeyPool(ctx: CheckContext): Promise<PoolKey[]> {
  return ctx.memo('wallet-key-pool', async () => {
    const pool: PoolKey[] = [];
    for (const key of ctx.wallet.extraKeys) {
      const listed = walletsOf((await ctx.call('listWallets', { key })).json)[0];
      pool.push({ key, walletId: listed?.id, address: listed?.address });
    }
    if (ctx.allowWrites) {
      const chain = ctx.facts.wallets[0]?.chain ?? ctx.facts.chains[0] ?? 'ethereum';
      for (let i = 0; i < POOL_USERS; i++) {
        const user = await registerUser(ctx, 'pool');
        if (!user) break;
        const wallet = obj(obj((await ctx.call('createWallet', { key: user.token, body: { chain } })).json)['wallet']);
        if (typeof wallet['id'] === 'number') {
          pool.push({ key: user.token, walletId: wallet['id'], address: typeof wallet['address'] === 'string' ? wallet['address'] : undefined });
          continue;
        }
        // A rerun with the same --seed logs in the same users, whose wallet may exist already.
        const listed = walletsOf((await ctx.call('listWallets', { key: user.token })).json)[0];
        pool.push({ key: user.token, walletId: listed?.id, address: listed?.address });
      }
    }
    const main = ctx.wallet.key;
    if (!pool.length && main !== undefined) {
      const own = ctx.facts.wallets[0];
      pool.push({ key: main, walletId: own?.id, address: own?.address });
    }
    return pool;
  });
}

const turns = new WeakMap<CheckContext, number>();

/** The next key of the pool (round robin); undefined when the run has no wallet key at all. */
export async function nextPoolKey(ctx: CheckContext): Promise<PoolKey | undefined> {
  const pool = await walletKeyPool(ctx);
  if (!pool.length) return undefined;
  const turn = ((turns.get(ctx) ?? -1) + 1) % pool.length;
  turns.set(ctx, turn);
  return pool[turn];
}
