// doppel exempts chains and prices (and register, login) from X-API-Key (wallet.auth-exemptions).
import { defineScenarioCheck } from './check.js';
import { has } from '../context.js';

export const walletPublicNoKey = defineScenarioCheck({
  id: 'wallet-public-no-key',
  source: 'decision:wallet.auth-exemptions',
  kind: 'decision',
  appliesTo: ['wallet'],
  title: 'chains and prices succeed without a key',
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  async run(ctx, out) {
    for (const [operationId, query] of [['listChains', undefined], ['getWalletPrices', { symbols: 'BTC,ETH' }]] as const) {
      const ex = await ctx.call(operationId, { query });
      out.checked(operationId);
      if (ex.status !== 200) out.fail({ operationId, title: `no key → ${ex.status}`, message: `${operationId} without a key got ${ex.status}`, exchange: ex });
    }
  },
});
