// Cancelling an order that is no longer open answers 400 (decision point
// trading.cancel-semantics#not-open-status), or the status the --profile gives; --learn writes the
// one seen. The order is a spot limit buy far below the price, so it rests until cancelled.
import { defineScenarioCheck, decision } from './check.js';
import { writesSkip } from './writes-skip.js';
import { obj } from '../json-shape.js';
import { post, type TradingReal } from '../stateful/trading-real.js';
import { validTradingBody } from '../valid-requests.js';

const POINT = 'trading.cancel-semantics#not-open-status';

export const cancelNotOpenStatus = defineScenarioCheck({
  id: 'cancel-not-open-status',
  title: 'cancelling an order twice answers 400 the second time (or the profile\'s status)',
  assertions: [decision('status', 'trading.cancel-semantics')],
  observes: [POINT],
  appliesTo: ['trading'],
  skip: (ctx) => writesSkip(ctx, 'trading'),
  async run(ctx, out) {
    const real: TradingReal = { ctx, key: ctx.trading.key as string };
    const placed = await post(real, 'placeSpotOrder', validTradingBody(ctx.facts, 'placeSpotOrder'));
    const order = obj(obj(placed.json)['data']);
    if (placed.status !== 200 || typeof order['id'] !== 'number') return out.notExercised(`placing a resting spot order answered ${placed.status}`);
    if (order['status'] !== 'open') return out.notExercised(`the resting spot order ${order['id']} is ${JSON.stringify(order['status'])}, not open`);
    const first = await post(real, 'cancelSpotOrder', { order_id: order['id'] });
    if (first.status !== 200) return out.notExercised(`cancelling the open order ${order['id']} answered ${first.status}`);
    const again = await post(real, 'cancelSpotOrder', { order_id: order['id'] });
    out.checked('cancelSpotOrder');
    // A 2xx would be the target cancelling twice: not a status choice (and other checks' failure).
    if (again.status >= 400 && again.status < 500) ctx.observe(POINT, again.status, [again]);
    const expected = ctx.decisions[POINT];
    if (again.status !== expected) {
      out.fail({ operationId: 'cancelSpotOrder', title: `a second cancel answered ${again.status}, expected ${expected}`, message: `cancelling order ${order['id']} again answered ${again.status}, expected ${expected}`, exchange: again });
    }
  },
});
