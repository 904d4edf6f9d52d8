// Trading §5.4: prices, price and markets need no header.
import { defineScenarioCheck, seed } from '../check.js';
import { has } from '../../act/context.js';

export const tradingPublicNoKey = defineScenarioCheck({
  id: 'trading-public-no-key',
  title: 'public operations succeed without a key',
  assertions: [seed('no-key', ['trading §5.4', 'trading §4 Conventions', 'trading §4 GET /api/v1/prices', 'trading §4 GET /api/v1/price/{symbol}', 'trading §4 GET /api/v1/markets'])],
  appliesTo: ['trading'],
  skip: (ctx) => (has(ctx, 'trading') ? undefined : 'no trading target'),
  async run(ctx, out) {
    const symbol = ctx.facts.symbols[0] ?? 'BTC';
    for (const operationId of ['getPrices', 'getPrice', 'getMarkets']) {
      const ex = await ctx.call(operationId, { params: { symbol } });
      out.checked(operationId);
      if (ex.status !== 200) out.fail({ operationId, title: `no key → ${ex.status}`, message: `public ${operationId} without a key got ${ex.status}`, exchange: ex });
    }
  },
});
