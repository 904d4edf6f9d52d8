// The longest futures duration (decision trading.futures-duration: duration_hours up to 720, or
// the --profile's). Writes: the smallest futures order at N+1 and N hours, searched as the listing
// limits are (listing-max-limit.ts) when those do not bound it; every accepted probe opens a small
// position that runs to its expiry, which is the cost of learning this point. A refusal counts only
// when its message names duration_hours (a 400 for the balance says nothing about the bound).
import { defineScenarioCheck, decision } from './check.js';
import { writesSkip } from './writes-skip.js';
import { obj } from '../json-shape.js';
import { validTradingBody } from '../valid-requests.js';
import { boundOf, type Target } from './listing-max-limit.js';
import type { Exchange } from '../types.js';

export const futuresDurationLimit = defineScenarioCheck({
  id: 'futures-duration-limit',
  title: 'the longest futures duration accepted is 720 hours (or the profile\'s)',
  assertions: [decision('longest', 'trading.futures-duration')],
  observes: ['trading.futures-duration'],
  appliesTo: ['trading'],
  skip: (ctx) => writesSkip(ctx, 'trading') ?? (ctx.facts.markets.length === 0 ? 'no markets listed' : undefined),
  async run(ctx, out) {
    const key = ctx.trading.key as string;
    const body = validTradingBody(ctx.facts, 'placeFuturesOrder') as Record<string, unknown>;
    const target: Target = {
      point: 'trading.futures-duration',
      operationId: 'placeFuturesOrder',
      iface: 'trading',
      async probe(n) {
        const ex = await ctx.call('placeFuturesOrder', { key, body: { ...body, duration_hours: n } });
        if (ex.status === 200) return { ok: true, ex };
        return ex.status === 400 && String(obj(ex.json)['error']).includes('duration_hours') ? { ok: false, ex } : undefined;
      },
    };
    const expected = ctx.decisions['trading.futures-duration'];
    const bound = await boundOf(target, expected);
    if ('unclear' in bound) return out.notExercised(`${bound.unclear} (or refused it for another reason than duration_hours)`);
    out.checked('placeFuturesOrder');
    if ('beyond' in bound) {
      return out.fail({ operationId: 'placeFuturesOrder', title: `accepted ${bound.beyond + 1} hours`, message: `trading.futures-duration: ${bound.beyond + 1} hours was accepted, beyond any value a profile can give`, exchange: bound.ex });
    }
    ctx.observe('trading.futures-duration', bound.value, bound.evidence);
    if (bound.value !== expected) {
      out.fail({ operationId: 'placeFuturesOrder', title: `the longest accepted duration is ${bound.value} hours, expected ${expected}`, message: `trading.futures-duration: ${bound.value} hours was accepted and ${bound.value + 1} refused, expected ${expected}`, exchange: bound.evidence[1] as Exchange });
    }
  },
});
