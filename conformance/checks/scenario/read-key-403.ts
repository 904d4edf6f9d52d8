// Trading §5.5-5.6: endpoints marked trade need the trade permission; a read-only key gets 403
// (and can still read, §5.3). Needs --trading-read-key; sent only with writes allowed, because a
// target that wrongly accepts the request would place the order.
import { getOperation, operations } from '../../../spec/index.js';
import { defineScenarioCheck, seed } from '../check.js';
import { is2xx, keyOf } from '../../exchange/exchange-readers.js';
import { has } from '../../act/context.js';
import { validTradingBody } from '../../act/valid-requests.js';

// Cancel and stop name resources the read key's account does not have; which of 403 and 404 comes
// first is doppel's guard order (trading.guard-order), so for them the seed only forbids success.
const RESOURCE_OPS = new Set(['cancelSpotOrder', 'stopCopy']);

export const readKey403 = defineScenarioCheck({
  id: 'read-key-403',
  title: '403 for a read-only key on every trade operation',
  assertions: [
    seed('reads', ['trading §5.3', 'trading §5.1', 'trading §4 GET /api/v1/account'], 'a read-only key reads the account, its balances and orders'),
    seed('403', ['trading §5.5', 'trading §5.6', 'trading §7 403', 'trading §4 POST /api/v1/spot/order', 'trading §4 POST /api/v1/margin/order', 'trading §4 POST /api/v1/futures/order', 'trading §4 POST /api/v1/binary/order', 'trading §4 POST /api/v1/copy/start'], 'a read-only key placing an order or starting a copy gets 403'),
    seed('refused', ['trading §5.5', 'trading §4 POST /api/v1/spot/cancel', 'trading §4 POST /api/v1/copy/stop'], 'a read-only key never cancels or stops (403, or 404 for what its account lacks: decision trading.guard-order)'),
  ],
  appliesTo: ['trading'],
  // Any stream: a trade operation refused with 403 for a key (a client's read key) is a case. The
  // stream does not say which key lacks the trade permission, so it shows no failure here.
  passive: {
    start: () => (ex, _model, out) => {
      if (ex.iface !== 'trading' || ex.operationId === null || ex.status !== 403 || keyOf(ex) === undefined) return;
      if (getOperation('trading', ex.operationId).permission !== 'trade') return;
      out.checked(ex, RESOURCE_OPS.has(ex.operationId) ? 'refused' : '403');
    },
  },
  skip: (ctx) =>
    !has(ctx, 'trading') ? 'no trading target' : !ctx.trading.readKey ? 'no --trading-read-key given' : !ctx.allowWrites ? 'writes not allowed (--allow-writes; a broken target would trade)' : undefined,
  async run(ctx, out) {
    const key = ctx.trading.readKey as string;
    // Trading §5.3: read views the account, balances and orders.
    for (const operationId of ['getAccount', 'getBalances', 'listOrders']) {
      const read = await ctx.call(operationId, { key });
      out.checked(operationId, 'trading', 'reads');
      if (read.status !== 200) out.fail({ assertion: 'reads', operationId, title: `read key → ${read.status}`, message: `a read key must read ${operationId} (trading §5.3), got ${read.status}`, exchange: read });
    }
    for (const op of operations('trading').filter((o) => o.permission === 'trade')) {
      const ex = await ctx.call(op.operationId, { key, body: validTradingBody(ctx.facts, op.operationId) });
      out.checked(op.operationId, 'trading', RESOURCE_OPS.has(op.operationId) ? 'refused' : '403');
      const bad = RESOURCE_OPS.has(op.operationId) ? is2xx(ex.status) : ex.status !== 403;
      if (bad) out.fail({ assertion: RESOURCE_OPS.has(op.operationId) ? 'refused' : '403', operationId: op.operationId, title: `read key → ${ex.status}`, message: `a read-only key on a trade operation got ${ex.status}, expected 403`, exchange: ex });
    }
  },
});
