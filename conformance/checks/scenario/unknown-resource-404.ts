// Trading §7: "404 endpoint or resource not found": the price of a symbol that does not exist,
// and a path that is no endpoint.
import { defineScenarioCheck, seed } from '../check.js';
import { has } from '../../act/context.js';
import { unknownPath } from '../../exchange/operation-request.js';

export const unknownResource404 = defineScenarioCheck({
  id: 'unknown-resource-404',
  title: '404 for an unknown symbol and an unknown endpoint',
  assertions: [seed('404', ['trading §7 404', 'trading §4 GET /api/v1/price/{symbol}'])],
  appliesTo: ['trading'],
  skip: (ctx) => (has(ctx, 'trading') ? undefined : 'no trading target'),
  async run(ctx, out) {
    const price = await ctx.call('getPrice', { params: { symbol: 'ZZQX' } });
    out.checked('getPrice');
    if (price.status !== 404) out.fail({ operationId: 'getPrice', title: `unknown symbol → ${price.status}`, message: `GET ${new URL(price.url).pathname} got ${price.status}, expected 404`, exchange: price });
    const path = unknownPath('trading');
    const none = await ctx.send({ iface: 'trading', operationId: null, method: 'GET', path });
    out.checked('(unknown path)');
    if (none.status !== 404) out.fail({ operationId: null, title: `unknown endpoint → ${none.status}`, message: `GET ${path} got ${none.status}, expected 404`, exchange: none });
  },
});
