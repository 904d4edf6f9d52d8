// A cancelled spot order leaves `open` (trading §3 "status open"; cancel: trading.cancel-semantics).
import fc from 'fast-check';
import { defineScenarioCheck, decision } from './check.js';
import { sequences, writesSkip } from './writes-skip.js';
import { runModel } from '../stateful/run-model.js';
import { CancelOrder, PlaceOrder, cancelRemainingChecked, type OrderModel } from '../stateful/order-commands.js';
import type { TradingReal } from '../stateful/trading-real.js';

export const cancelLeavesOpen = defineScenarioCheck({
  id: 'cancel-leaves-open',
  title: 'a cancelled order leaves open',
  assertions: [decision('not-open', 'trading.cancel-semantics')],
  appliesTo: ['trading'],
  skip: (ctx) => writesSkip(ctx, 'trading'),
  async run(ctx, out) {
    const real: TradingReal = { ctx, key: ctx.trading.key as string };
    await runModel<OrderModel, TradingReal>({
      name: 'cancel-leaves-open',
      iface: 'trading',
      seed: ctx.seed,
      numRuns: sequences(ctx),
      maxCommands: 5,
      commands: [fc.integer({ min: 1, max: 2 }).map((m) => new PlaceOrder('spot', m)), fc.nat(3).map((i) => new CancelOrder(i))],
      setup: async () => {
        out.checked('cancelSpotOrder');
        return { model: { placed: new Map(), openSpot: [] }, real };
      },
      cleanup: cancelRemainingChecked,
      out,
      operationId: 'cancelSpotOrder',
      recorded: ctx.client.exchanges,
    });
  },
});
