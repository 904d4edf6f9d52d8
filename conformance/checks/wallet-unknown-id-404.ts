// doppel answers a wallet id that does not exist (or is not the caller's) and an unknown path with
// 404 (wallet.status-codes).
import { defineScenarioCheck, decision } from './check.js';
import { has } from '../context.js';
import { unknownPath } from '../operation-request.js';
import { nextPoolKey } from '../wallet-keys.js';

export const walletUnknownId404 = defineScenarioCheck({
  id: 'wallet-unknown-id-404',
  title: '404 for an unknown wallet id and path',
  assertions: [decision('404', 'wallet.status-codes')],
  appliesTo: ['wallet'],
  skip: (ctx) => (!has(ctx, 'wallet') ? 'no wallet target' : !ctx.wallet.key ? 'no --wallet-key given' : undefined),
  async run(ctx, out) {
    const key = (await nextPoolKey(ctx))?.key ?? (ctx.wallet.key as string);
    const exchanges = [
      await ctx.call('getWalletBalance', { key, params: { id: 987654321 } }),
      await ctx.call('listWalletTransactions', { key, params: { id: 987654321 } }),
      await ctx.send({ iface: 'wallet', operationId: null, method: 'GET', path: unknownPath('wallet'), headers: { 'X-API-Key': key } }),
    ];
    for (const ex of exchanges) {
      const operationId = ex.operationId;
      out.checked(operationId ?? '(unknown path)');
      if (ex.status !== 404) out.fail({ operationId, title: `unknown id → ${ex.status}`, message: `GET ${new URL(ex.url).pathname} got ${ex.status}, expected 404`, exchange: ex });
    }
  },
});
