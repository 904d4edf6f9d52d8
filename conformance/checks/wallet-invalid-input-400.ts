// doppel answers invalid wallet input with 400 (wallet.status-codes; the seed names no status):
// malformed ids, limits, missing symbols, and spec-generated invalid bodies.
import { defineScenarioCheck } from './check.js';
import { has } from '../context.js';
import { runInvalidInputs } from './invalid-inputs.js';

export const walletInvalidInput400 = defineScenarioCheck({
  id: 'wallet-invalid-input-400',
  source: 'decision:wallet.status-codes',
  kind: 'decision',
  appliesTo: ['wallet'],
  title: 'invalid input → 400',
  skip: (ctx) => (has(ctx, 'wallet') ? undefined : 'no wallet target'),
  run: (ctx, out) => runInvalidInputs(ctx, out, 'wallet', () => true, 'wallet-invalid-input-400'),
});
