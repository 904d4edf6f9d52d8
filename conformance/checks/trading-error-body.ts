// Trading §7 shows no error shape; doppel uses the wallet's `{success: false, error, code}`
// (trading.error-shape).
import { is2xx, defineResponseCheck } from './check.js';
import { errorBodyProblems } from './wallet-error-body.js';

export const tradingErrorBody = defineResponseCheck({
  id: 'trading-error-body',
  source: 'decision:trading.error-shape',
  kind: 'decision',
  appliesTo: ['trading'],
  title: 'error body {success: false, error, code}',
  applies: (ex) => ex.iface === 'trading' && !is2xx(ex.status),
  run: (ex) => errorBodyProblems(ex),
});
