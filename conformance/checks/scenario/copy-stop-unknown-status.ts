// Stopping a copy relation that does not exist answers 404 (decision point
// trading.copy-semantics#stop-unknown-status), or the status the --profile gives; --learn writes the
// one seen. Stops a listed lead trader twice: the first ends a relation an earlier run may have
// left (and refunds it), the second has nothing to stop. The observer reads any stop that follows
// a stop of the same key and trader with no start in between.
import { defineScenarioCheck, decision } from '../check.js';
import { bodyIsValid, is2xx, requestBodyOf } from '../../exchange/exchange-readers.js';
import { relationOf } from './copy-conflict-status.js';
import { writesSkip } from '../writes-skip.js';
import { BoundedMap } from '../bounded-map.js';
import { obj } from '../../exchange/json-shape.js';
import { post, type TradingReal } from './trading-real.js';
import type { Exchange } from '../../types.js';

const POINT = 'trading.copy-semantics#stop-unknown-status';

export const copyStopUnknownStatus = defineScenarioCheck({
  id: 'copy-stop-unknown-status',
  title: 'stopping a copy that does not exist answers 404 (or the profile\'s status)',
  assertions: [decision('status', 'trading.copy-semantics')],
  observes: [POINT],
  appliesTo: ['trading'],
  skip: (ctx) => writesSkip(ctx, 'trading') ?? (ctx.facts.traders.length === 0 ? 'no lead traders listed' : undefined),
  observer: {
    shows: { [POINT]: 'a copy stopped twice by one key, not started in between' },
    start() {
      // Relations a stop has ended (or found missing), until a start opens them again.
      const stopped = new BoundedMap<string, Exchange>(10_000);
      return (ex, found) => {
        if (ex.operationId === 'startCopy' && is2xx(ex.status)) stopped.delete(relationOf(ex));
        // A 5xx, a refusal of the key or a body the spec refuses says nothing of the relation.
        if (ex.operationId !== 'stopCopy' || ex.status >= 500 || ex.status === 401 || ex.status === 403 || !bodyIsValid(ex)) return;
        const relation = relationOf(ex);
        const before = stopped.get(relation);
        if (before) {
          const trader = String(obj(requestBodyOf(ex))['lead_trader_id']);
          found({
            point: POINT,
            evidence: [before, ex],
            // A 2xx is the target stopping what it had ended: not a status choice, a failure.
            value: ex.status >= 400 ? ex.status : undefined,
            describe: (expected) => ({ title: `a second stop answered ${ex.status}, expected ${expected}`, message: `stopping lead trader ${trader} twice: the second answered ${ex.status}, expected ${expected}` }),
          });
        }
        stopped.set(relation, ex);
      };
    },
  },
  async run(ctx, out) {
    const real: TradingReal = { ctx, key: ctx.trading.key as string };
    const trader = ctx.facts.traders[0] as (typeof ctx.facts.traders)[number];
    await post(real, 'stopCopy', { lead_trader_id: trader.id });
    const again = await post(real, 'stopCopy', { lead_trader_id: trader.id });
    out.notExercised(`the second stop answered ${again.status}`);
  },
});
