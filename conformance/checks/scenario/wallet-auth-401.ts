// doppel answers a missing or unknown X-API-Key with 401 (wallet.status-codes).
import { defineScenarioCheck, decision } from '../check.js';
import { authProbes } from './auth-probes.js';
import { has } from '../../run/context.js';

export const walletAuth401 = defineScenarioCheck({
  id: 'wallet-auth-401',
  title: '401 for a missing and an invalid X-API-Key',
  assertions: [decision('401', 'wallet.status-codes', '', 'wallet §7 bullet 3')],
  appliesTo: ['wallet'],
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  async run(ctx, out) {
    for (const probe of await authProbes(ctx, 'wallet')) {
      for (const [what, ex] of [['no X-API-Key', probe.missing], ['an invalid X-API-Key', probe.invalid]] as const) {
        out.checked(probe.op.operationId);
        if (ex.status !== 401) out.fail({ operationId: probe.op.operationId, title: `${what} → ${ex.status}`, message: `expected 401 for ${what}, got ${ex.status}`, exchange: ex });
      }
    }
  },
});
