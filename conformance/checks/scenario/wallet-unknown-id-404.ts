// doppel answers a wallet id that does not exist (or is not the caller's) and an unknown path with
// 404 (wallet.status-codes).
import { defineScenarioCheck, decision, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { has } from '../../act/context.js';
import { unknownPath } from '../../exchange/operation-request.js';
import { nextPoolKey } from '../../act/wallet-keys.js';

export const walletUnknownId404 = defineScenarioCheck({
  id: 'wallet-unknown-id-404',
  title: '404 for an unknown wallet id and path',
  assertions: [
    seed('refused', ['wallet §4 GET /api/v1/wallets/{id}/balance', 'wallet §4 GET /api/v1/wallets/{id}/transactions', 'wallet §4 POST /api/v1/wallets/{id}/send'], 'a wallet id the caller does not have, or a path that is no endpoint, is never a success'),
    decision('404', 'wallet.status-codes', 'both are answered 404'),
  ],
  appliesTo: ['wallet'],
  skip: (ctx) => (!has(ctx, 'wallet') ? 'no wallet target' : !ctx.wallet.key ? 'no --wallet-key given' : undefined),
  async run(ctx, out) {
    const key = (await nextPoolKey(ctx))?.key ?? (ctx.wallet.key as string);
    const exchanges = [
      await ctx.call('getWalletBalance', { key, params: { id: 987654321 } }),
      await ctx.call('listWalletTransactions', { key, params: { id: 987654321 } }),
      await ctx.send({ iface: 'wallet', operationId: null, method: 'GET', path: unknownPath('wallet'), headers: { 'X-API-Key': key } }),
      // A send from no wallet moves nothing on a target that keeps the rule; only with --allow-writes all the same.
      ...(ctx.allowWrites ? [await ctx.call('sendFromWallet', { key, params: { id: 987654321 }, body: { to_address: '0x52908400098527886E0F7030069857D2E4169EE7', amount: '0.00000001', token_id: null } })] : []),
    ];
    for (const ex of exchanges) {
      const operationId = ex.operationId;
      out.checked(operationId ?? '(unknown path)');
      if (ex.status !== 404) out.fail({ assertion: is2xx(ex.status) ? 'refused' : '404', operationId, title: `unknown id → ${ex.status}`, message: `${ex.method} ${new URL(ex.url).pathname} got ${ex.status}, expected 404`, exchange: ex });
    }
  },
});
