// doppel answers cancelling an unknown order (trading.cancel-semantics), and copying or stopping an
// unknown lead trader (trading.copy-semantics), with 404 (stopping: the --profile's status at
// trading.copy-semantics#stop-unknown-status). POSTs, so only with --allow-writes.
import { defineScenarioCheck, decision, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { has } from '../../act/context.js';

export const tradingUnknownId404 = defineScenarioCheck({
  id: 'trading-unknown-id-404',
  title: '404 for an unknown order or lead trader',
  assertions: [
    seed('refused', ['trading §4 POST /api/v1/spot/cancel', 'trading §4 POST /api/v1/copy/start', 'trading §4 Body of POST /api/v1/spot/cancel.order_id', 'trading §4 Body of copy endpoints./copy/start.lead_trader_id', 'trading §7 404'], 'cancelling an order or copying a lead trader that does not exist never succeeds'),
    decision('cancel', 'trading.cancel-semantics', 'cancelling an unknown order answers 404'),
    decision('copy', 'trading.copy-semantics', 'starting (404) or stopping (the profile\'s status, 404) a copy of an unknown lead trader'),
  ],
  appliesTo: ['trading'],
  skip: (ctx) => (!has(ctx, 'trading') ? 'no trading target' : !ctx.trading.key ? 'no --trading-key given' : !ctx.allowWrites ? 'writes not allowed (--allow-writes)' : undefined),
  async run(ctx, out) {
    const cases = [
      ['cancelSpotOrder', { order_id: 987654321 }],
      ['startCopy', { lead_trader_id: 987654321, copy_amount: 10 }],
      ['stopCopy', { lead_trader_id: 987654321 }],
    ] as const;
    for (const [operationId, body] of cases) {
      const ex = await ctx.call(operationId, { key: ctx.trading.key, body });
      out.checked(operationId, 'trading', ['refused', operationId === 'cancelSpotOrder' ? 'cancel' : 'copy']);
      // No relation with an unknown trader either: the status of trading.copy-semantics#stop-unknown-status.
      const expected = operationId === 'stopCopy' ? ctx.decisions['trading.copy-semantics#stop-unknown-status'] : 404;
      if (is2xx(ex.status)) out.fail({ assertion: 'refused', operationId, title: `unknown id → ${ex.status}`, message: `${operationId} ${JSON.stringify(body)} succeeded (${ex.status}) for an id that does not exist`, exchange: ex });
      else if (ex.status !== expected) out.fail({ assertion: operationId === 'cancelSpotOrder' ? 'cancel' : 'copy', operationId, title: `unknown id → ${ex.status}`, message: `${operationId} ${JSON.stringify(body)} got ${ex.status}, expected ${expected}`, exchange: ex });
    }
  },
});
