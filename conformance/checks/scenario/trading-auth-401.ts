// Trading §5.6: "Missing or invalid key gives 401", on every endpoint marked read or trade (§4);
// the key goes in API-KEY (§5.1), so a valid key in the wallet's X-API-Key is a missing one, and a
// wallet key in API-KEY is an invalid one.
import { defineScenarioCheck, seed } from '../check.js';
import { authProbes, probeCases } from './auth-probes.js';
import { has } from '../../act/context.js';
import { describeKeyless, keyCase, keylessVerdict } from './auth-passive.js';

const ASSERTION = { missing: '401', 'wrong-header': 'wrong-header', 'other-key': 'other-key' } as const;

export const tradingAuth401 = defineScenarioCheck({
  id: 'trading-auth-401',
  title: '401 for a missing and an invalid API-KEY',
  assertions: [
    seed('401', ['trading §5.6', 'trading §7 401', 'trading §5.5', 'trading §4 GET /api/v1/account', 'trading §4 GET /api/v1/account/balances', 'trading §4 GET /api/v1/account/orders', 'trading §4 GET /api/v1/copy/traders'], 'no API-KEY, or an invalid one, gets 401'),
    seed('wrong-header', 'trading §5.1', 'a valid trading key in X-API-Key instead of API-KEY gets 401'),
    seed('other-key', 'trading §5.6', 'a valid wallet key in API-KEY is an invalid key: 401'),
  ],
  appliesTo: ['trading'],
  // Any stream: a keyed operation without API-KEY (a key in X-API-Key instead or none) refused
  // with 401 is a case, answered with a success is a failure, and so is a valid POST refused with
  // another status (the key is all it lacks, whatever resource it names); a keyed request's 401 is a case.
  passive: {
    start: () => (ex, _model, out) => {
      const c = ex.iface === 'trading' ? keyCase(ex) : undefined;
      if (!c) return;
      if (c.kind === 'keyed') return ex.status === 401 ? out.checked(ex, '401') : undefined;
      const verdict = keylessVerdict(ex);
      if (!verdict) return;
      const assertion = c.otherHeader ? 'wrong-header' : '401';
      out.checked(ex, assertion);
      if (verdict !== 'held') out.fail({ assertion, title: `no API-KEY → ${ex.status}`, message: `${describeKeyless(ex, c, 'API-KEY')}, expected 401 (trading §5.6)`, exchange: ex, requests: [ex] });
    },
  },
  skip: (ctx) => (has(ctx, 'trading') ? undefined : 'no trading target'),
  async run(ctx, out) {
    for (const probe of await authProbes(ctx, 'trading')) {
      for (const { what, assertion, ex } of probeCases(probe, 'trading')) {
        out.checked(probe.op.operationId, 'trading', ASSERTION[assertion]);
        if (ex.status !== 401) out.fail({ assertion: ASSERTION[assertion], operationId: probe.op.operationId, title: `${what} → ${ex.status}`, message: `expected 401 for ${what}, got ${ex.status}`, exchange: ex });
      }
    }
  },
});
