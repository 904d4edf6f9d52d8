// The burst of wallet requests on one key shared by the 429 checks: on a fresh embedded fake with
// the default limit, on a newly logged-in user (writes), or on --wallet-key.
import type { CheckContext } from '../../act/context.js';
import { requestFor } from '../../exchange/operation-request.js';
import { Client } from '../../exchange/transport.js';
import type { Exchange } from '../../types.js';
import { registerUser } from '../../act/wallet-peer.js';

export interface Burst {
  exchanges: Exchange[];
  fresh: boolean;
}

export function burst(ctx: CheckContext): Promise<Burst | undefined> {
  return ctx.memo('rate-limit-burst', async () => {
    let client = ctx.client;
    let key: string | undefined;
    let fresh = true;
    let close: (() => Promise<void>) | undefined;
    if (ctx.freshWalletTarget) {
      const target = await ctx.freshWalletTarget();
      client = new Client({ bases: { wallet: target.url } });
      key = target.key;
      close = async () => {
        await client.close();
        await target.close();
      };
    } else if (ctx.allowWrites) {
      key = (await registerUser(ctx, 'ratelimit'))?.token;
    }
    if (key === undefined) {
      key = ctx.wallet.key;
      fresh = false;
    }
    if (key === undefined) return undefined;
    const exchanges: Exchange[] = [];
    try {
      for (let i = 0; i < 61; i++) {
        const ex = await client.send(requestFor('listWallets', { key, keep429: true }));
        exchanges.push(ex);
        if (ex.status === 429) break;
      }
    } finally {
      if (client !== ctx.client) ctx.client.exchanges.push(...client.exchanges);
      await close?.();
    }
    return { exchanges, fresh };
  });
}
