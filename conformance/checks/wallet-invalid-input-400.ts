// doppel answers invalid wallet input with 400 (wallet.status-codes; the seed names no status):
// malformed ids, limits, missing symbols, and spec-generated invalid bodies.
import { defineScenarioCheck, decision } from './check.js';
import { has } from '../context.js';
import { runInvalidInputs } from './invalid-inputs.js';

export const walletInvalidInput400 = defineScenarioCheck({
  id: 'wallet-invalid-input-400',
  title: 'invalid input → 400',
  assertions: [decision('400', 'wallet.status-codes')],
  appliesTo: ['wallet'],
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  run: (ctx, out) => runInvalidInputs(ctx, out, 'wallet', () => true, 'wallet-invalid-input-400'),
});
