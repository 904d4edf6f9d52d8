// The longest futures duration (decision trading.futures-duration: duration_hours up to 720, or
// the --profile's). Writes: the smallest futures order at N+1 and N hours, searched as the listing
// limits are (listing-max-limit.ts) when those do not bound it; every accepted probe opens a small
// position that runs to its expiry, which is the cost of learning this point. A refusal counts only
// when its message names duration_hours (a 400 for the balance says nothing about the bound). The
// observer reads the bound from any stream that shows N hours accepted next to N+1 refused.
import { defineScenarioCheck, decision } from '../check.js';
import { requestBodyOf } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { obj } from '../../exchange/json-shape.js';
import { validTradingBody } from '../../act/valid-requests.js';
import { boundObserver, boundOf, type Target } from './listing-max-limit.js';

export const futuresDurationLimit = defineScenarioCheck({
  id: 'futures-duration-limit',
  title: 'the longest futures duration accepted is 720 hours (or the profile\'s)',
  assertions: [decision('longest', 'trading.futures-duration', '', 'trading §4 Body of POST /api/v1/futures/order.duration_hours')],
  observes: ['trading.futures-duration'],
  appliesTo: ['trading'],
  skip: (ctx) => writesSkip(ctx, 'trading') ?? (ctx.facts.markets.length === 0 ? 'no markets listed' : undefined),
  observer: {
    shows: { 'trading.futures-duration': 'a futures order accepted at duration_hours N and one refused at N+1 for its duration' },
    start: () => boundObserver({ point: 'trading.futures-duration', operationId: 'placeFuturesOrder', sizeOf: (ex) => obj(requestBodyOf(ex))['duration_hours'] as number | undefined, names: 'duration_hours' }),
  },
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
    if ('beyond' in bound) {
      out.checked('placeFuturesOrder');
      out.fail({ operationId: 'placeFuturesOrder', title: `accepted ${bound.beyond + 1} hours`, message: `trading.futures-duration: ${bound.beyond + 1} hours was accepted, beyond any value a profile can give`, exchange: bound.ex });
    }
  },
});
