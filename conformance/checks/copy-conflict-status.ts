// Starting to copy a lead trader the account already copies answers 409 (decision
// trading.conflict-409), or the status the --profile gives; the status seen is what --learn writes.
import { defineScenarioCheck, decision } from './check.js';
import { writesSkip } from './writes-skip.js';
import { post, type TradingReal } from '../stateful/trading-real.js';

export const copyConflictStatus = defineScenarioCheck({
  id: 'copy-conflict-status',
  title: 'copying a trader already copied answers 409 (or the profile\'s status)',
  assertions: [decision('status', 'trading.conflict-409')],
  observes: ['trading.conflict-409'],
  appliesTo: ['trading'],
  skip: (ctx) => writesSkip(ctx, 'trading') ?? (ctx.facts.traders.length === 0 ? 'no lead traders listed' : undefined),
  async run(ctx, out) {
    const real: TradingReal = { ctx, key: ctx.trading.key as string };
    const trader = [...ctx.facts.traders].sort((a, b) => a.minCopyAmount - b.minCopyAmount)[0] as (typeof ctx.facts.traders)[number];
    const body = { lead_trader_id: trader.id, copy_amount: Math.ceil(trader.minCopyAmount) };
    // A relation left from an earlier run would make the first start the duplicate: stop it first.
    await post(real, 'stopCopy', { lead_trader_id: trader.id });
    const first = await post(real, 'startCopy', body);
    if (first.status !== 200) return out.notExercised(`starting to copy lead trader ${trader.id} answered ${first.status}, so there is nothing to start twice`);
    try {
      const again = await post(real, 'startCopy', body);
      out.checked('startCopy');
      // A 2xx is the target accepting a second relation: not a status choice, and the seed's
      // rules are other checks'; only a refusal is a value of this decision point.
      if (again.status >= 400 && again.status < 500) ctx.observe('trading.conflict-409', again.status, [again]);
      const expected = ctx.decisions['trading.conflict-409'];
      if (again.status !== expected) {
        out.fail({ operationId: 'startCopy', title: `a second start answered ${again.status}, expected ${expected}`, message: `starting to copy lead trader ${trader.id} while copying it answered ${again.status}, expected ${expected}`, exchange: again });
      }
    } finally {
      await post(real, 'stopCopy', { lead_trader_id: trader.id });
    }
  },
});
