// Which comes first for a read-only key sending an invalid order, its permission (403) or the input
// (400)? Decision trading.guard-order: doppel checks the permission first ('key > whitelist >
// permission > input'), or the --profile's order. Only an invalid request has a second guard to
// meet: a valid one from a read-only key is 403 by the seed (trading §5.5, §5.6; read-key-403),
// whatever resource it names. Read-only: the body is empty, so a target places nothing whichever
// guard refuses it. Key and whitelist stay first: observing their order needs a key failing two
// guards at once, which a deployment does not hand out. The observer knows a key is read-only from
// its account's permissions (GET /account, decision trading.account-fields) and reads any trade
// request of such a key with a body the spec refuses.
import { getOperation, TRADING_GUARD_ORDERS } from '../../../spec/index.js';
import { defineScenarioCheck, decision } from '../check.js';
import { bodyIsValid, keyOf } from '../../exchange/exchange-readers.js';
import { has } from '../../act/context.js';
import { BoundedMap } from '../bounded-map.js';
import { readOnly } from '../../model/trading-model.js';
import type { Exchange } from '../../types.js';

const ORDER_FOR_STATUS: Readonly<Record<number, string>> = { 403: TRADING_GUARD_ORDERS[0], 400: TRADING_GUARD_ORDERS[1] };

export const tradingGuardOrder = defineScenarioCheck({
  id: 'trading-guard-order',
  title: 'a read-only key with an invalid order gets 403 before 400 (or the profile\'s order)',
  assertions: [decision('order', 'trading.guard-order', '', 'trading §5.6')],
  observes: ['trading.guard-order'],
  appliesTo: ['trading'],
  skip: (ctx) => (!has(ctx, 'trading') ? 'no trading target' : !ctx.trading.readKey ? 'no --trading-read-key given' : undefined),
  observer: {
    shows: { 'trading.guard-order': 'a key whose account info lists no trade permission, sending a trade request with an invalid body' },
    start() {
      // key → the account answer that shows it read-only.
      const readOnlyKeys = new BoundedMap<string, Exchange>(10_000);
      return (ex, found) => {
        const key = keyOf(ex);
        if (ex.iface !== 'trading' || key === undefined || ex.operationId === null) return;
        if (ex.operationId === 'getAccount' && ex.status === 200) {
          if (readOnly(ex)) readOnlyKeys.set(key, ex);
          else readOnlyKeys.delete(key);
          return;
        }
        const account = readOnlyKeys.get(key);
        const order = ORDER_FOR_STATUS[ex.status];
        if (!account || order === undefined || getOperation('trading', ex.operationId).permission !== 'trade' || bodyIsValid(ex)) return;
        found({
          point: 'trading.guard-order',
          evidence: [account, ex],
          value: order,
          describe: (expected) => ({ title: `read-only key + invalid order → ${ex.status}`, message: `${ex.operationId} with an invalid body and a read-only key answered ${ex.status}: the order ${order}, expected ${expected}` }),
        });
      };
    },
  },
  async run(ctx, out) {
    // The preflight read the key's account; read it again here so that a run of this check alone,
    // or a recording of it, shows the permissions next to the order.
    const account = await ctx.call('getAccount', { key: ctx.trading.readKey as string });
    const ex = await ctx.call('placeSpotOrder', { key: ctx.trading.readKey as string, body: {} });
    out.notExercised(account.status !== 200 ? `the read-only key's account answered ${account.status}` : `an empty order with the read-only key answered ${ex.status}, neither 403 nor 400 (or its account lists the trade permission)`);
  },
});
