// Trading §7 "400 bad request, invalid parameters" for inputs the seed itself makes invalid:
// §4 field types and allowed values (side, order_type, direction, type), decimal strings, §8
// leverage ≥ 1 and limit ≤ 100.
import { defineScenarioCheck, seed } from '../check.js';
import { has } from '../../act/context.js';
import { runInvalidInputs } from './invalid-inputs.js';
import { SEED_INPUT_CLAUSES } from '../../act/arbitraries/mutation-basis.js';

export const tradingInvalidInput400 = defineScenarioCheck({
  id: 'trading-invalid-input-400',
  title: 'seed-invalid input → 400',
  assertions: [seed('400', SEED_INPUT_CLAUSES.trading, 'seed-invalid input → 400')],
  appliesTo: ['trading'],
  skip: (ctx) => (!has(ctx, 'trading') ? 'no trading target' : !ctx.trading.key ? 'no --trading-key given' : undefined),
  run: (ctx, out) => runInvalidInputs(ctx, out, 'trading', (basis) => basis.startsWith('seed')),
});
