// The history judge on any stream of exchanges (the checker's own, a proxied client's, a
// recording): requests that overlap in time on one resource are judged together, as a history,
// against the rule for that resource applied in some order consistent with real time. The
// resources whose rule needs nothing the stream may not have shown (no balance): one e-mail's
// registrations (wallet.register-semantics), one key's copy of one lead trader, started and
// stopped (trading.conflict-409), one order's cancels (trading.cancel-semantics). What was true
// before the stream began is unknown, so a history passes when either initial state explains it.
import { decision, defineStateCheck } from '../check.js';
import { bodyIsValid, is2xx, keyOf, requestBodyOf } from '../../exchange/exchange-readers.js';
import { obj } from '../../exchange/json-shape.js';
import { linearize, smallestUnlinearizable, type SequentialModel } from '../../model/linearizability.js';
import { named } from '../../model/exchange-facts.js';
import { BoundedMap } from '../bounded-map.js';
import { timings } from './race-history.js';
import type { Exchange } from '../../types.js';

type Op = { ex: Exchange; input: 'on' | 'off'; output: boolean; start: number; end: number };

/**
 * A flag turned on by one operation and off by another; each refused when the flag already is what
 * it would make it. The state is the set of flags still possible (bit 1: off, bit 2: on), starting
 * with both: what held before the stream began is unknown.
 */
const flagModel: SequentialModel<number, 'on' | 'off', boolean> = {
  init: 3,
  step: (possible, input, accepted) => {
    const on = input === 'on';
    let next = 0;
    for (const flag of [false, true]) {
      if (!(possible & (flag ? 2 : 1))) continue;
      if (accepted ? flag !== on : flag === on) next |= on ? 2 : 1;
    }
    return next === 0 ? undefined : next;
  },
};

/** Statuses that are not the rule's refusal: the key, the permission, an id the account lacks, the size, the limit. */
const NOT_THE_RULE = new Set([401, 403, 404, 413, 429]);

/** The resource an exchange acts on, the assertion that judges it, and what it does to the flag ('on' registers, starts, or ('off') cancels). */
function resourceOf(ex: Exchange): { id: string; assertion: string; input: 'on' | 'off'; what: string } | undefined {
  const body = obj(requestBodyOf(ex));
  switch (ex.operationId) {
    case 'register':
      return typeof body['email'] === 'string' ? { id: `register ${body['email'].toLowerCase()}`, assertion: 'register', input: 'on', what: `registrations of ${body['email']}` } : undefined;
    case 'startCopy':
    case 'stopCopy':
      return { id: `copy ${keyOf(ex) ?? ''} ${String(body['lead_trader_id'])}`, assertion: 'copy', input: ex.operationId === 'startCopy' ? 'on' : 'off', what: `copies of lead trader ${String(body['lead_trader_id'])} by one key` };
    case 'cancelSpotOrder':
      // The flag is "cancelled": a cancel turns it on, a second is refused.
      return { id: `cancel ${keyOf(ex) ?? ''} ${String(body['order_id'])}`, assertion: 'cancel', input: 'on', what: `cancels of order ${String(body['order_id'])}` };
    default:
      return undefined;
  }
}

/** Operations kept per resource: the history a new overlapping one is judged with. */
const KEPT = 16;

export const overlapHistory = defineStateCheck({
  id: 'overlap-history',
  title: 'overlapping requests on one resource agree with its rule applied in some order',
  assertions: [
    decision('register', 'wallet.register-semantics', 'overlapping registrations of one e-mail: at most one accepted, refusals only of a duplicate, in some order consistent with real time'),
    decision('copy', 'trading.conflict-409', 'overlapping copy starts and stops of one key and lead trader agree with the conflict rule in some order consistent with real time'),
    decision('cancel', 'trading.cancel-semantics', 'overlapping cancels of one order: at most one accepted, in some order consistent with real time'),
  ],
  appliesTo: ['trading', 'wallet'],
  needs: (ctx) => (ctx.concurrency ? undefined : 'no requests of the run overlap without --concurrency N'),
  start() {
    const kept = new BoundedMap<string, Op[]>(10_000);
    return (ex, _model, out) => {
      const r = resourceOf(ex);
      if (!r || !bodyIsValid(ex) || ex.status >= 500 || (!is2xx(ex.status) && (ex.status < 400 || NOT_THE_RULE.has(ex.status)))) return;
      const op: Op = { ex, input: r.input, output: is2xx(ex.status), start: ex.startedAt, end: ex.endedAt };
      const ops = [...(kept.get(r.id) ?? []), op].slice(-KEPT);
      kept.set(r.id, ops);
      // The history: every kept operation overlapping the new one, transitively.
      const group = new Set<Op>([op]);
      for (let grew = true; grew; ) {
        grew = false;
        for (const o of ops) if (!group.has(o) && [...group].some((g) => o.start < g.end && g.start < o.end)) group.add(o), (grew = true);
      }
      if (group.size < 2) return;
      const history = [...group].sort((a, b) => a.start - b.start);
      out.checked(ex, r.assertion);
      if (linearize(history, flagModel)) return;
      const smallest = smallestUnlinearizable(history, flagModel) as Op[];
      const requests = smallest.map((o) => o.ex);
      out.fail({
        assertion: r.assertion,
        title: `${requests.length} overlapping ${r.what} have no order that explains their answers`,
        message: `no order of ${requests.map(named).join(', ')} consistent with real time gives these answers under the rule, whatever held before; the requests overlapped: ${timings(requests)}`,
        exchange: ex,
        requests,
        together: requests.length,
      });
    };
  },
});
