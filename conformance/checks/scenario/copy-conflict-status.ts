// Starting to copy a lead trader the account already copies answers 409 (decision
// trading.conflict-409), or the status the --profile gives; the status seen is what --learn writes.
// The observer knows which relations a stream started and has not stopped since, per key.
import { defineScenarioCheck, decision } from '../check.js';
import { bodyIsValid, is2xx, keyOf, requestBodyOf } from '../../exchange/exchange-readers.js';
import { writesSkip } from '../writes-skip.js';
import { BoundedMap } from '../bounded-map.js';
import { obj } from '../../exchange/json-shape.js';
import { post, type TradingReal } from './trading-real.js';
import type { Exchange } from '../../types.js';

/** The key and lead trader a copy request names, as one string. */
export const relationOf = (ex: Exchange): string => `${keyOf(ex) ?? ''}\u0000${String(obj(requestBodyOf(ex))['lead_trader_id'])}`;

const sameAmount = (a: Exchange, b: Exchange): boolean => JSON.stringify(obj(requestBodyOf(a))['copy_amount']) === JSON.stringify(obj(requestBodyOf(b))['copy_amount']);

export const copyConflictStatus = defineScenarioCheck({
  id: 'copy-conflict-status',
  title: 'copying a trader already copied answers 409 (or the profile\'s status)',
  assertions: [decision('status', 'trading.conflict-409')],
  observes: ['trading.conflict-409'],
  appliesTo: ['trading'],
  skip: (ctx) => writesSkip(ctx, 'trading') ?? (ctx.facts.traders.length === 0 ? 'no lead traders listed' : undefined),
  observer: {
    shows: { 'trading.conflict-409': 'a copy started again by the key that started it, not stopped in between' },
    start() {
      const copying = new BoundedMap<string, Exchange>(10_000);
      return (ex, found) => {
        if (ex.operationId === 'stopCopy' && is2xx(ex.status)) copying.delete(relationOf(ex));
        if (ex.operationId !== 'startCopy' || !bodyIsValid(ex)) return;
        const relation = relationOf(ex);
        const started = copying.get(relation);
        // A 2xx is the target accepting a second relation (not a status choice, a failure); a
        // refusal is the point's value. A 5xx is other checks' to judge.
        // A refusal shows the point only for the input that was accepted: the relation is then the
        // one difference. Other input may be refused for itself (a 400 for an amount the target
        // does not take), which says nothing of the conflict rule; an acceptance is one whatever the amount.
        if (started && ex.status < 500 && (is2xx(ex.status) || sameAmount(started, ex))) {
          const trader = String(obj(requestBodyOf(ex))['lead_trader_id']);
          found({
            point: 'trading.conflict-409',
            evidence: [started, ex],
            value: ex.status >= 400 ? ex.status : undefined,
            describe: (expected) => ({ title: `a second start answered ${ex.status}, expected ${expected}`, message: `starting to copy lead trader ${trader} while copying it answered ${ex.status}, expected ${expected}` }),
          });
        }
        if (is2xx(ex.status) && !started) copying.set(relation, ex);
      };
    },
  },
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
      out.notExercised(`a second start answered ${again.status}`);
    } finally {
      await post(real, 'stopCopy', { lead_trader_id: trader.id });
    }
  },
});
