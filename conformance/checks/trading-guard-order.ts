// Which comes first for a read-only key sending an invalid order, its permission (403) or the input
// (400)? Decision trading.guard-order: doppel checks the permission first ('key > whitelist >
// permission > input'), or the --profile's order. Read-only: the body is empty, so a target places
// nothing whichever guard refuses it. Key and whitelist stay first: observing their order needs a
// key failing two guards at once, which a deployment does not hand out.
import { TRADING_GUARD_ORDERS } from '../../spec/decision-points.js';
import { defineScenarioCheck, decision } from './check.js';
import { has } from '../context.js';

const ORDER_FOR_STATUS: Readonly<Record<number, string>> = { 403: TRADING_GUARD_ORDERS[0], 400: TRADING_GUARD_ORDERS[1] };

export const tradingGuardOrder = defineScenarioCheck({
  id: 'trading-guard-order',
  title: 'a read-only key with an invalid order gets 403 before 400 (or the profile\'s order)',
  assertions: [decision('order', 'trading.guard-order')],
  observes: ['trading.guard-order'],
  appliesTo: ['trading'],
  skip: (ctx) => (!has(ctx, 'trading') ? 'no trading target' : !ctx.trading.readKey ? 'no --trading-read-key given' : undefined),
  async run(ctx, out) {
    const ex = await ctx.call('placeSpotOrder', { key: ctx.trading.readKey as string, body: {} });
    const order = ORDER_FOR_STATUS[ex.status];
    if (order === undefined) return out.notExercised(`an empty order with the read-only key answered ${ex.status}, neither 403 nor 400`);
    out.checked('placeSpotOrder');
    ctx.observe('trading.guard-order', order, [ex]);
    const expected = ctx.decisions['trading.guard-order'];
    if (order !== expected) {
      out.fail({ operationId: 'placeSpotOrder', title: `read-only key + invalid order → ${ex.status}`, message: `an empty order with the read-only key answered ${ex.status}: the order ${order}, expected ${expected}`, exchange: ex });
    }
  },
});
