// Symbols are matched case-insensitively (decision trading.symbol-case), or only upper-case when
// the --profile says `upper-case-only`; --learn writes which. Read-only: the price of a listed
// symbol spelled lower-case, next to the same symbol as listed.
import { defineScenarioCheck, decision } from './check.js';
import { has } from '../context.js';

const POINT = 'trading.symbol-case';

export const symbolCase = defineScenarioCheck({
  id: 'symbol-case',
  title: 'a lower-case symbol is matched (or unknown, by the profile)',
  assertions: [decision('case', POINT)],
  observes: [POINT],
  appliesTo: ['trading'],
  skip: (ctx) => (has(ctx, 'trading') ? undefined : 'no trading target'),
  async run(ctx, out) {
    const symbol = Object.keys(ctx.facts.prices).find((s) => s === s.toUpperCase() && s !== s.toLowerCase());
    if (symbol === undefined) return out.notExercised('the prices list no upper-case symbol to spell lower-case');
    const upper = await ctx.call('getPrice', { params: { symbol } });
    if (upper.status !== 200) return out.notExercised(`GET /price/${symbol} answered ${upper.status}, so a lower-case spelling shows nothing`);
    const lower = await ctx.call('getPrice', { params: { symbol: symbol.toLowerCase() } });
    // 200: matched; 404 (or 400): unknown for its case. Anything else is the status checks' to judge.
    const seen = lower.status === 200 ? 'case-insensitive' : lower.status === 404 || lower.status === 400 ? 'upper-case-only' : undefined;
    if (seen === undefined) return out.notExercised(`GET /price/${symbol.toLowerCase()} answered ${lower.status}`);
    out.checked('getPrice');
    ctx.observe(POINT, seen, [lower, upper]);
    const expected = ctx.decisions[POINT];
    if (seen !== expected) out.fail({ operationId: 'getPrice', title: `GET /price/${symbol.toLowerCase()} → ${lower.status}: ${seen}, expected ${expected}`, message: `GET /price/${symbol} answered 200 and GET /price/${symbol.toLowerCase()} ${lower.status}: symbols are ${seen}, expected ${expected}`, exchange: lower });
  },
});
