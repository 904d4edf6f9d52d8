// A placed order (spot, margin, futures, binary) appears in GET /account/orders (trading §4 "the
// caller's orders") with the fields it was placed with (fields: trading.order-fields).
import fc from 'fast-check';
import { defineScenarioCheck, decision } from './check.js';
import { sequences, writesSkip } from './writes-skip.js';
import { runModel } from '../stateful/run-model.js';
import { PlaceOrder, cancelRemaining, type OrderModel } from '../stateful/order-commands.js';
import type { TradingReal } from '../stateful/trading-real.js';

export const orderInListing = defineScenarioCheck({
  id: 'order-in-listing',
  title: 'a placed order is listed with its fields',
  assertions: [decision('fields', 'trading.order-fields')],
  appliesTo: ['trading'],
  skip: (ctx) => writesSkip(ctx, 'trading'),
  async run(ctx, out) {
    const real: TradingReal = { ctx, key: ctx.trading.key as string };
    await runModel<OrderModel, TradingReal>({
      name: 'order-in-listing',
      iface: 'trading',
      seed: ctx.seed,
      numRuns: sequences(ctx),
      maxCommands: 4,
      commands: [fc.tuple(fc.constantFrom('spot', 'margin', 'futures', 'binary' as const), fc.integer({ min: 1, max: 3 })).map(([k, m]) => new PlaceOrder(k, m))],
      setup: async () => {
        out.checked('listOrders');
        return { model: { placed: new Map(), openSpot: [] }, real };
      },
      cleanup: cancelRemaining,
      out,
      operationId: 'listOrders',
      recorded: ctx.client.exchanges,
    });
  },
});
