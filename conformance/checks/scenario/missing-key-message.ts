// The `error` of a 401 for a request without a key is `{operationId}: missing X-API-Key header`
// (decision point wallet.status-codes#missing-key-message) or `{operationId}: missing API-KEY
// header` (trading.error-shape#missing-key-message), or the template the --profile gives. Read-only:
// the shared auth probes send every keyed operation without a key; the observer reads every such
// 401 of any stream, with the operation's id turned back into `{operationId}` (--learn).
import { getOperation, renderTemplate, templateOf } from '../../../spec/index.js';
import { decision, defineScenarioCheck } from '../check.js';
import { keyOf } from '../../exchange/exchange-readers.js';
import { authProbes } from './auth-probes.js';
import { has } from '../../act/context.js';
import { obj } from '../../exchange/json-shape.js';
import type { InterfaceName } from '../../types.js';

const POINTS = { wallet: 'wallet.status-codes#missing-key-message', trading: 'trading.error-shape#missing-key-message' } as const;

export const missingKeyMessage = defineScenarioCheck({
  id: 'missing-key-message',
  assertions: [
    decision('trading', 'trading.error-shape', 'a trading request without API-KEY is told `{operationId}: missing API-KEY header` (or the profile\'s)', 'trading §7 Shape of an error body'),
    decision('wallet', 'wallet.status-codes', 'a wallet request without X-API-Key is told `{operationId}: missing X-API-Key header` (or the profile\'s)'),
  ],
  observes: [POINTS.wallet, POINTS.trading],
  appliesTo: ['trading', 'wallet'],
  title: 'a request without a key is told its decided message',
  skip: (ctx) => (has(ctx, 'trading') || has(ctx, 'wallet') ? undefined : 'no target'),
  observer: {
    shows: {
      [POINTS.wallet]: 'a keyed wallet operation called without X-API-Key, answered 401 with an error text',
      [POINTS.trading]: 'a keyed trading operation called without API-KEY, answered 401 with an error text',
    },
    start: () => (ex, found) => {
      const op = ex.operationId;
      const error = obj(ex.json)['error'];
      // Another status is the 401 checks' failure; no text to compare here.
      if (ex.status !== 401 || op === null || typeof error !== 'string' || keyOf(ex) !== undefined || !getOperation(ex.iface, op).secured) return;
      found({
        point: POINTS[ex.iface],
        assertion: ex.iface,
        evidence: [ex],
        value: templateOf(error, op),
        agrees: (expected) => error === renderTemplate(String(expected), op),
        describe: (expected) => ({ title: `no key → ${JSON.stringify(error).slice(0, 80)}`, message: `a request without a key was told ${JSON.stringify(error)}, expected ${JSON.stringify(renderTemplate(String(expected), op))}` }),
      });
    },
  },
  async run(ctx, out) {
    for (const iface of ['trading', 'wallet'] as InterfaceName[]) if (has(ctx, iface)) await authProbes(ctx, iface);
    out.notExercised('no request without a key was answered 401 with an error text');
  },
});
