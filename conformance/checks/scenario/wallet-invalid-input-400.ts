// Input the wallet seed makes invalid (its field types: integer ids, decimal-string amounts, string
// fields, a JSON body; wallet §4) is never accepted; the seed names no status for it (§7: only the
// error body), so the 400 doppel answers is decision wallet.status-codes, as are the other rules
// (malformed ids, limits, missing symbols, unknown chains).
import { defineScenarioCheck, decision, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { has } from '../../act/context.js';
import { runInvalidInputs } from './invalid-inputs.js';
import { SEED_INPUT_CLAUSES } from '../../act/arbitraries/mutation-basis.js';

export const walletInvalidInput400 = defineScenarioCheck({
  id: 'wallet-invalid-input-400',
  title: 'invalid input → 400',
  assertions: [
    seed('refused', SEED_INPUT_CLAUSES.wallet, 'input the seed\'s field types make invalid is never accepted'),
    decision('400', 'wallet.status-codes', 'every invalid input is answered 400', ['wallet §7 bullet 3', 'wallet §4 bullet 2']),
  ],
  appliesTo: ['wallet'],
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  run: (ctx, out) => runInvalidInputs(ctx, out, 'wallet', () => true, (c, status) => (status === 400 ? undefined : is2xx(status) && c.basis.startsWith('seed') ? 'refused' : '400')),
});
