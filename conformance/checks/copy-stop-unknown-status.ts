// Stopping a copy relation that does not exist answers 404 (decision point
// trading.copy-semantics#stop-unknown-status), or the status the --profile gives; --learn writes the
// one seen. Stops a listed lead trader twice: the first ends a relation an earlier run may have
// left (and refunds it), the second has nothing to stop.
import { defineScenarioCheck, decision } from './check.js';
import { writesSkip } from './writes-skip.js';
import { post, type TradingReal } from '../stateful/trading-real.js';

const POINT = 'trading.copy-semantics#stop-unknown-status';

export const copyStopUnknownStatus = defineScenarioCheck({
  id: 'copy-stop-unknown-status',
  title: 'stopping a copy that does not exist answers 404 (or the profile\'s status)',
  assertions: [decision('status', 'trading.copy-semantics')],
  observes: [POINT],
  appliesTo: ['trading'],
  skip: (ctx) => writesSkip(ctx, 'trading') ?? (ctx.facts.traders.length === 0 ? 'no lead traders listed' : undefined),
  async run(ctx, out) {
    const real: TradingReal = { ctx, key: ctx.trading.key as string };
    const trader = ctx.facts.traders[0] as (typeof ctx.facts.traders)[number];
    await post(real, 'stopCopy', { lead_trader_id: trader.id });
    const again = await post(real, 'stopCopy', { lead_trader_id: trader.id });
    out.checked('stopCopy');
    if (again.status >= 400 && again.status < 500) ctx.observe(POINT, again.status, [again]);
    const expected = ctx.decisions[POINT];
    if (again.status !== expected) {
      out.fail({ operationId: 'stopCopy', title: `a second stop answered ${again.status}, expected ${expected}`, message: `stopping lead trader ${trader.id} twice: the second answered ${again.status}, expected ${expected}`, exchange: again });
    }
  },
});
