// Trading §5.4: prices, price and markets need no header.
import { defineScenarioCheck, seed } from '../check.js';
import { has } from '../../act/context.js';
import { keyOf } from '../../exchange/exchange-readers.js';

const PUBLIC = new Set(['getPrices', 'getPrice', 'getMarkets']);

export const tradingPublicNoKey = defineScenarioCheck({
  id: 'trading-public-no-key',
  title: 'public operations succeed without a key',
  assertions: [seed('no-key', ['trading §5.4', 'trading §4 Conventions', 'trading §4 GET /api/v1/prices', 'trading §4 GET /api/v1/price/{symbol}', 'trading §4 GET /api/v1/markets'])],
  appliesTo: ['trading'],
  // Any stream: a public read sent without API-KEY is a case, refused for want of a key (401, 403)
  // a failure. Another status (a 404 for an unknown symbol, a 5xx) says nothing of the key: other checks judge it.
  passive: {
    start: () => (ex, _model, out) => {
      if (ex.iface !== 'trading' || ex.operationId === null || !PUBLIC.has(ex.operationId) || keyOf(ex) !== undefined) return;
      if (ex.status === 200 || ex.status === 401 || ex.status === 403) out.checked(ex, 'no-key');
      if (ex.status === 401 || ex.status === 403) out.fail({ assertion: 'no-key', title: `no key → ${ex.status}`, message: `public ${ex.operationId} without a key got ${ex.status}`, exchange: ex, requests: [ex] });
    },
  },
  skip: (ctx) => (has(ctx, 'trading') ? undefined : 'no trading target'),
  async run(ctx, out) {
    const symbol = ctx.facts.symbols[0] ?? 'BTC';
    for (const operationId of ['getPrices', 'getPrice', 'getMarkets']) {
      const ex = await ctx.call(operationId, { params: { symbol } });
      out.checked(operationId);
      // A refusal for want of a key is the passive reading's (it judges these requests too, once).
      if (ex.status !== 200 && ex.status !== 401 && ex.status !== 403) out.fail({ operationId, title: `no key → ${ex.status}`, message: `public ${operationId} without a key got ${ex.status}`, exchange: ex });
    }
  },
});
