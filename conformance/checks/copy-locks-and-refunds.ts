// Trading §3: starting a copy locks USDT (exactly copy_amount, §4), stopping it refunds the
// remaining USDT and ends the relation.
import fc from 'fast-check';
import { defineScenarioCheck, seed } from './check.js';
import { sequences, writesSkip } from './writes-skip.js';
import { runModel } from '../stateful/run-model.js';
import { StartCopy, StopCopy, stopRemaining, type CopyModel } from '../stateful/copy-commands.js';
import type { TradingReal } from '../stateful/trading-real.js';

export const copyLocksAndRefunds = defineScenarioCheck({
  id: 'copy-locks-and-refunds',
  title: 'copy start locks copy_amount, stop refunds and ends it',
  assertions: [seed('locks-and-refunds', 'trading §3')],
  appliesTo: ['trading'],
  skip: (ctx) => writesSkip(ctx, 'trading') ?? (ctx.facts.traders.length === 0 ? 'no lead traders listed' : undefined),
  async run(ctx, out) {
    const real: TradingReal = { ctx, key: ctx.trading.key as string };
    const traders = ctx.facts.traders.slice(0, 3);
    const trader = fc.constantFrom(...traders);
    await runModel<CopyModel, TradingReal>({
      name: 'copy-locks-and-refunds',
      iface: 'trading',
      seed: ctx.seed,
      numRuns: sequences(ctx),
      maxCommands: 5,
      commands: [
        fc.tuple(trader, fc.integer({ min: 0, max: 2 })).map(([t, extra]) => new StartCopy(t.id, Math.ceil(t.minCopyAmount) + extra)),
        trader.map((t) => new StopCopy(t.id)),
      ],
      setup: async () => {
        out.checked('startCopy');
        return { model: { copying: new Set() }, real };
      },
      cleanup: stopRemaining,
      out,
      operationId: 'startCopy',
      recorded: ctx.client.exchanges,
    });
  },
});
