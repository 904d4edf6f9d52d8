// doppel exempts chains and prices (and register, login) from X-API-Key (wallet.auth-exemptions),
// or they need one when the --profile says key-required; --learn writes which. Read-only.
import { defineScenarioCheck, decision } from '../check.js';
import { keyOf } from '../../exchange/exchange-readers.js';
import { has } from '../../act/context.js';

const POINT = 'wallet.auth-exemptions';
const SEEN: Readonly<Record<number, string>> = { 200: 'public', 401: 'key-required' };

export const walletPublicNoKey = defineScenarioCheck({
  id: 'wallet-public-no-key',
  title: 'chains and prices succeed without a key (or answer 401, by the profile)',
  assertions: [decision('exemption', POINT, '', 'wallet §5.3')],
  observes: [POINT],
  appliesTo: ['wallet'],
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  observer: {
    shows: { [POINT]: 'chains or prices asked for without X-API-Key, answered 200 or 401' },
    start: () => (ex, found) => {
      const seen = SEEN[ex.status];
      // Another status (a 400 for the symbols, a 5xx) says nothing of the exemption: other checks judge it.
      if ((ex.operationId !== 'listChains' && ex.operationId !== 'getWalletPrices') || keyOf(ex) !== undefined || seen === undefined) return;
      found({
        point: POINT,
        evidence: [ex],
        value: seen,
        describe: (expected) => ({ title: `no key → ${ex.status}`, message: `${ex.operationId} without a key got ${ex.status}, expected ${expected === 'public' ? 200 : 401} (${expected})` }),
      });
    },
  },
  async run(ctx, out) {
    const chains = await ctx.call('listChains');
    const prices = await ctx.call('getWalletPrices', { query: { symbols: 'BTC,ETH' } });
    out.notExercised(`without a key, listChains answered ${chains.status} and getWalletPrices ${prices.status}, neither 200 nor 401`);
  },
});
