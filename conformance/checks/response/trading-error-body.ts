// Trading §7 shows no error shape; doppel uses the wallet's `{success: false, error, code}`
// (trading.error-shape).
import { defineResponseCheck, decision } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { errorBodyProblems } from './wallet-error-body.js';

export const tradingErrorBody = defineResponseCheck({
  id: 'trading-error-body',
  title: 'error body {success: false, error, code}',
  assertions: [decision('shape', 'trading.error-shape', '', 'trading §7 Shape of an error body')],
  appliesTo: ['trading'],
  applies: (ex) => ex.iface === 'trading' && !is2xx(ex.status),
  run: (ex) => errorBodyProblems(ex),
});
