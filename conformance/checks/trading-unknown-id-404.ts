// doppel answers cancelling an unknown order (trading.cancel-semantics), and copying or stopping an
// unknown lead trader (trading.copy-semantics), with 404. POSTs, so only with --allow-writes.
import { defineScenarioCheck } from './check.js';
import { has } from '../context.js';

export const tradingUnknownId404 = defineScenarioCheck({
  id: 'trading-unknown-id-404',
  source: 'decision:trading.cancel-semantics',
  kind: 'decision',
  appliesTo: ['trading'],
  title: '404 for an unknown order or lead trader',
  skip: (ctx) => (!has(ctx, 'trading') ? 'no trading target' : !ctx.trading.key ? 'needs --trading-key' : !ctx.allowWrites ? 'needs --allow-writes' : undefined),
  async run(ctx, out) {
    const headers = { 'API-KEY': ctx.trading.key as string };
    const cases = [
      ['cancelSpotOrder', '/api/v1/spot/cancel', { order_id: 987654321 }],
      ['startCopy', '/api/v1/copy/start', { lead_trader_id: 987654321, copy_amount: 10 }],
      ['stopCopy', '/api/v1/copy/stop', { lead_trader_id: 987654321 }],
    ] as const;
    for (const [operationId, path, body] of cases) {
      const ex = await ctx.send({ iface: 'trading', operationId, method: 'POST', path, headers, body });
      out.checked(operationId);
      if (ex.status !== 404) out.fail({ operationId, title: `unknown id → ${ex.status}`, message: `POST ${path} ${JSON.stringify(body)} got ${ex.status}, expected 404`, exchange: ex });
    }
  },
});
