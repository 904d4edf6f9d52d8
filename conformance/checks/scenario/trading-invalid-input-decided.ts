// Inputs invalid by doppel's decisions (required fields, precision, unknown markets, durations,
// limit 1..100, status enum: trading.required-fields and the decisions each failure names) → 400.
import { defineScenarioCheck, decision } from '../check.js';
import { has } from '../../act/context.js';
import { runInvalidInputs } from './invalid-inputs.js';

export const tradingInvalidInputDecided = defineScenarioCheck({
  id: 'trading-invalid-input-decided',
  title: 'decision-invalid input → 400',
  assertions: [decision('400', 'trading.required-fields', '', 'trading §4 bullet 2')],
  appliesTo: ['trading'],
  skip: (ctx) => (!has(ctx, 'trading') ? 'no trading target' : !ctx.trading.key ? 'no --trading-key given' : undefined),
  run: (ctx, out) => runInvalidInputs(ctx, out, 'trading', (basis) => basis.startsWith('decision')),
});
