// doppel answers a missing or unknown X-API-Key with 401 (wallet.status-codes): also a valid key
// in API-KEY instead (wallet §5.1) and a trading key in X-API-Key (wallet §5.2).
import { defineScenarioCheck, decision } from '../check.js';
import { authProbes, probeCases } from './auth-probes.js';
import { has } from '../../act/context.js';
import { describeKeyless, keyCase, keylessVerdict } from './auth-passive.js';

export const walletAuth401 = defineScenarioCheck({
  id: 'wallet-auth-401',
  title: '401 for a missing and an invalid X-API-Key',
  assertions: [decision('401', 'wallet.status-codes', '', 'wallet §7 bullet 3')],
  appliesTo: ['wallet'],
  // Any stream: a keyed operation without X-API-Key answered 401 is a case, with a success a
  // failure, and so is a valid POST refused with another status (the key is all it lacks).
  passive: {
    start: () => (ex, _model, out) => {
      const c = ex.iface === 'wallet' ? keyCase(ex) : undefined;
      if (!c) return;
      if (c.kind === 'keyed') return ex.status === 401 ? out.checked(ex) : undefined;
      const verdict = keylessVerdict(ex);
      if (!verdict) return;
      out.checked(ex);
      if (verdict !== 'held') out.fail({ title: `no X-API-Key → ${ex.status}`, message: `${describeKeyless(ex, c, 'X-API-Key')}, expected 401`, exchange: ex, requests: [ex] });
    },
  },
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  async run(ctx, out) {
    for (const probe of await authProbes(ctx, 'wallet')) {
      for (const { what, ex } of probeCases(probe, 'wallet')) {
        out.checked(probe.op.operationId);
        if (ex.status !== 401) out.fail({ operationId: probe.op.operationId, title: `${what} → ${ex.status}`, message: `expected 401 for ${what}, got ${ex.status}`, exchange: ex });
      }
    }
  },
});
