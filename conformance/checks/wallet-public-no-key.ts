// doppel exempts chains and prices (and register, login) from X-API-Key (wallet.auth-exemptions),
// or they need one when the --profile says key-required; --learn writes which. Read-only.
import { defineScenarioCheck, decision } from './check.js';
import { has } from '../context.js';

const POINT = 'wallet.auth-exemptions';

export const walletPublicNoKey = defineScenarioCheck({
  id: 'wallet-public-no-key',
  title: 'chains and prices succeed without a key (or answer 401, by the profile)',
  assertions: [decision('exemption', POINT)],
  observes: [POINT],
  appliesTo: ['wallet'],
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  async run(ctx, out) {
    const expected = ctx.decisions[POINT];
    for (const [operationId, query] of [['listChains', undefined], ['getWalletPrices', { symbols: 'BTC,ETH' }]] as const) {
      const ex = await ctx.call(operationId, { query });
      out.checked(operationId);
      const seen = ex.status === 200 ? 'public' : ex.status === 401 ? 'key-required' : undefined;
      if (seen !== undefined) ctx.observe(POINT, seen, [ex]);
      if (seen !== expected) out.fail({ operationId, title: `no key → ${ex.status}`, message: `${operationId} without a key got ${ex.status}, expected ${expected === 'public' ? 200 : 401} (${expected})`, exchange: ex });
    }
  },
});
