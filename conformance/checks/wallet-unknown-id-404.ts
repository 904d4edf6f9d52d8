// doppel answers a wallet id that does not exist (or is not the caller's) and an unknown path with
// 404 (wallet.status-codes).
import { defineScenarioCheck } from './check.js';
import { has } from '../context.js';

export const walletUnknownId404 = defineScenarioCheck({
  id: 'wallet-unknown-id-404',
  source: 'decision:wallet.status-codes',
  kind: 'decision',
  appliesTo: ['wallet'],
  title: '404 for an unknown wallet id and path',
  skip: (ctx) => (!has(ctx, 'wallet') ? 'no wallet target' : !ctx.wallet.key ? 'needs --wallet-key' : undefined),
  async run(ctx, out) {
    const headers = { 'X-API-Key': ctx.wallet.key as string };
    const cases = [
      ['getWalletBalance', '/api/v1/wallets/987654321/balance'],
      ['listWalletTransactions', '/api/v1/wallets/987654321/transactions'],
      [null, '/api/v1/no-such-endpoint'],
    ] as const;
    for (const [operationId, path] of cases) {
      const ex = await ctx.send({ iface: 'wallet', operationId, method: 'GET', path, headers });
      out.checked(operationId ?? '(unknown path)');
      if (ex.status !== 404) out.fail({ operationId, title: `unknown id → ${ex.status}`, message: `GET ${path} got ${ex.status}, expected 404`, exchange: ex });
    }
  },
});
