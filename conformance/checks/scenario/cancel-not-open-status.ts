// Cancelling an order that is no longer open answers 400 (decision point
// trading.cancel-semantics#not-open-status), or the status the --profile gives; --learn writes the
// one seen. The order is a spot limit buy far below the price, so it rests until cancelled. The
// observer knows, per key, the spot orders a stream showed not open (cancelled, filled, listed so).
import { defineScenarioCheck, decision } from '../check.js';
import { bodyIsValid, is2xx, keyOf, requestBodyOf } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { BoundedMap } from '../bounded-map.js';
import { arr, obj } from '../../exchange/json-shape.js';
import { post, type TradingReal } from './trading-real.js';
import { validTradingBody } from '../../act/valid-requests.js';
import type { Exchange } from '../../types.js';

const POINT = 'trading.cancel-semantics#not-open-status';

export const cancelNotOpenStatus = defineScenarioCheck({
  id: 'cancel-not-open-status',
  title: 'cancelling an order twice answers 400 the second time (or the profile\'s status)',
  assertions: [decision('status', 'trading.cancel-semantics')],
  observes: [POINT],
  appliesTo: ['trading'],
  skip: (ctx) => writesSkip(ctx, 'trading'),
  observer: {
    shows: { [POINT]: 'a cancel of a spot order the traffic showed cancelled or filled' },
    start() {
      // key and order id → the exchange that showed the spot order no longer open.
      const closed = new BoundedMap<string, Exchange>(100_000);
      const note = (ex: Exchange, order: Record<string, unknown>): void => {
        if (order['type'] !== 'spot' || typeof order['id'] !== 'number') return;
        const id = `${keyOf(ex) ?? ''}\u0000${order['id']}`;
        if (order['status'] === 'open') closed.delete(id);
        else if (typeof order['status'] === 'string') closed.set(id, ex);
      };
      return (ex, found) => {
        if (ex.status === 200 && ex.operationId === 'listOrders') arr(obj(ex.json)['data']).forEach((o) => note(ex, obj(o)));
        if (ex.operationId === 'placeSpotOrder' && is2xx(ex.status)) note(ex, obj(obj(ex.json)['data']));
        if (ex.operationId !== 'cancelSpotOrder' || ex.status >= 500 || ex.status === 401 || ex.status === 403 || !bodyIsValid(ex)) return;
        const orderId = obj(requestBodyOf(ex))['order_id'];
        const before = closed.get(`${keyOf(ex) ?? ''}\u0000${String(orderId)}`);
        if (before) {
          found({
            point: POINT,
            evidence: [before, ex],
            // A 2xx would be the target cancelling twice: not a status choice, a failure.
            value: ex.status >= 400 ? ex.status : undefined,
            describe: (expected) => ({ title: `a second cancel answered ${ex.status}, expected ${expected}`, message: `cancelling order ${String(orderId)}, no longer open, answered ${ex.status}, expected ${expected}` }),
          });
        }
        if (is2xx(ex.status)) note(ex, { ...obj(obj(ex.json)['data']), type: 'spot', id: orderId, status: 'cancelled' });
      };
    },
  },
  async run(ctx, out) {
    const real: TradingReal = { ctx, key: ctx.trading.key as string };
    const placed = await post(real, 'placeSpotOrder', validTradingBody(ctx.facts, 'placeSpotOrder'));
    const order = obj(obj(placed.json)['data']);
    if (placed.status !== 200 || typeof order['id'] !== 'number') return out.notExercised(`placing a resting spot order answered ${placed.status}`);
    if (order['status'] !== 'open') return out.notExercised(`the resting spot order ${order['id']} is ${JSON.stringify(order['status'])}, not open`);
    const first = await post(real, 'cancelSpotOrder', { order_id: order['id'] });
    if (first.status !== 200) return out.notExercised(`cancelling the open order ${order['id']} answered ${first.status}`);
    const again = await post(real, 'cancelSpotOrder', { order_id: order['id'] });
    out.notExercised(`the second cancel answered ${again.status}`);
  },
});
