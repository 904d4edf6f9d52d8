// The `error` of a 401 for a request without a key is `{operationId}: missing X-API-Key header`
// (decision point wallet.status-codes#missing-key-message) or `{operationId}: missing API-KEY
// header` (trading.error-shape#missing-key-message), or the template the --profile gives. Read-only:
// the shared auth probes send every keyed operation without a key. --learn writes the text seen,
// with the operation's id turned back into `{operationId}`.
import { renderTemplate, templateOf } from '../../spec/index.js';
import { decision, defineScenarioCheck } from './check.js';
import { authProbes } from './auth-probes.js';
import { has } from '../context.js';
import { obj } from '../json-shape.js';
import type { InterfaceName } from '../types.js';

const POINTS = { wallet: 'wallet.status-codes#missing-key-message', trading: 'trading.error-shape#missing-key-message' } as const;

export const missingKeyMessage = defineScenarioCheck({
  id: 'missing-key-message',
  assertions: [
    decision('trading', 'trading.error-shape', 'a trading request without API-KEY is told `{operationId}: missing API-KEY header` (or the profile\'s)'),
    decision('wallet', 'wallet.status-codes', 'a wallet request without X-API-Key is told `{operationId}: missing X-API-Key header` (or the profile\'s)'),
  ],
  observes: [POINTS.wallet, POINTS.trading],
  appliesTo: ['trading', 'wallet'],
  title: 'a request without a key is told its decided message',
  skip: (ctx) => (has(ctx, 'trading') || has(ctx, 'wallet') ? undefined : 'no target'),
  async run(ctx, out) {
    for (const iface of ['trading', 'wallet'] as InterfaceName[]) {
      if (!has(ctx, iface)) continue;
      const point = POINTS[iface];
      const expected = ctx.decisions[point];
      for (const { op, missing } of await authProbes(ctx, iface)) {
        const error = obj(missing.json)['error'];
        // Another status is the 401 checks' failure; no text to compare here.
        if (missing.status !== 401 || typeof error !== 'string') continue;
        out.checked(op.operationId, iface, iface);
        ctx.observe(point, templateOf(error, op.operationId), [missing]);
        const want = renderTemplate(expected, op.operationId);
        if (error !== want) out.fail({ iface, assertion: iface, operationId: op.operationId, title: `no key → ${JSON.stringify(error).slice(0, 80)}`, message: `a request without a key was told ${JSON.stringify(error)}, expected ${JSON.stringify(want)}`, exchange: missing });
      }
    }
  },
});
