// Trading §5.6: "Missing or invalid key gives 401", on every endpoint marked read or trade (§4).
import { defineScenarioCheck, seed } from '../check.js';
import { authProbes } from './auth-probes.js';
import { has } from '../../run/context.js';

export const tradingAuth401 = defineScenarioCheck({
  id: 'trading-auth-401',
  title: '401 for a missing and an invalid API-KEY',
  assertions: [seed('401', ['trading §5.6', 'trading §7 401', 'trading §5.5', 'trading §4 GET /api/v1/account', 'trading §4 GET /api/v1/account/balances', 'trading §4 GET /api/v1/account/orders', 'trading §4 GET /api/v1/copy/traders'])],
  appliesTo: ['trading'],
  skip: (ctx) => (has(ctx, 'trading') ? undefined : 'no trading target'),
  async run(ctx, out) {
    for (const probe of await authProbes(ctx, 'trading')) {
      for (const [what, ex] of [['no API-KEY', probe.missing], ['an invalid API-KEY', probe.invalid]] as const) {
        out.checked(probe.op.operationId);
        if (ex.status !== 401) out.fail({ operationId: probe.op.operationId, title: `${what} → ${ex.status}`, message: `expected 401 for ${what}, got ${ex.status}`, exchange: ex });
      }
    }
  },
});
