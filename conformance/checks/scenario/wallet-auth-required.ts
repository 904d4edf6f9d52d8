// Wallet §5.1-5.3: wallet endpoints carry X-API-Key; without a valid one nothing succeeds.
// The seed names no status for it (see wallet-auth-401 for doppel's 401).
import { defineScenarioCheck, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { authProbes } from './auth-probes.js';
import { has } from '../../run/context.js';

export const walletAuthRequired = defineScenarioCheck({
  id: 'wallet-auth-required',
  title: 'no success without a valid X-API-Key',
  assertions: [seed('refused', 'wallet §5')],
  appliesTo: ['wallet'],
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  async run(ctx, out) {
    for (const probe of await authProbes(ctx, 'wallet')) {
      for (const [what, ex] of [['no X-API-Key', probe.missing], ['an invalid X-API-Key', probe.invalid]] as const) {
        out.checked(probe.op.operationId);
        if (is2xx(ex.status) || ex.status >= 500) out.fail({ operationId: probe.op.operationId, title: `${what} → ${ex.status}`, message: `a request with ${what} was answered ${ex.status}`, exchange: ex });
      }
    }
  },
});
