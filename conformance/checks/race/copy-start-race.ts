// Copy start twice on one lead trader at once (two overlapping requests): a check-then-act race
// starts two relations and locks copy_amount twice. The answers must agree with the copy rule
// applied in some order (decision trading.conflict-409: a relation already started is refused),
// so exactly one is accepted; the checker stops the copy afterwards.
import { decision, seed } from '../check.js';
import { toUnits, formatUnits } from '../../exchange/decimal.js';
import { named } from '../../model/exchange-facts.js';
import { availableUsdt } from '../scenario/trading-real.js';
import { changedOnce, raceFailure, judgeRace, opOf } from './race-history.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { validTradingBody } from '../../act/valid-requests.js';
import { callTogether, raceSkip, defineRaceCheck, NotRaced } from './fire-together.js';
import type { Exchange } from '../../types.js';
import { raceAccount } from './race-account.js';

/** Copying or not; a start is accepted only when not copying, refused only when copying. */
const copyModel = changedOnce<'start'>(false);

export const copyStartRace = defineRaceCheck({
  id: 'copy-start-race',
  title: 'two overlapping starts of one copy relation: one is accepted, as in some order of the two',
  assertions: [
    seed('lock', 'trading §3 bullet 2', 'the USDT balance fell by exactly copy_amount for each accepted start'),
    decision('linearizable', 'trading.conflict-409', 'the answers agree with the conflict rule applied in some order consistent with real time'),
  ],
  appliesTo: ['trading'],
  skip: (ctx) => raceSkip(ctx, 'trading') ?? (ctx.facts.traders.length === 0 ? 'no lead traders listed' : undefined),
  async run(ctx, out) {
    const account = await raceAccount(ctx, '1000', true);
    if (!account) return out.notExercised('no account to copy with');
    const body = validTradingBody(ctx.facts, 'startCopy');
    const before = await availableUsdt({ ctx, key: account.key });
    const stop = async (exchanges: readonly Exchange[]): Promise<void> => {
      if (exchanges.some((ex) => is2xx(ex.status))) await ctx.call('stopCopy', { key: account.key, body: { lead_trader_id: body['lead_trader_id'] } });
    };
    // Not in flight together: stopped, so that the next try starts from no relation.
    const starts = await callTogether(ctx, 2, 'startCopy', { key: account.key, body }).catch(async (error: unknown) => {
      if (error instanceof NotRaced) await stop(error.exchanges);
      throw error;
    });
    try {
      const settled = starts.filter((ex) => ex.status !== 429 && ex.status < 500);
      if (settled.length < 2) return out.notExercised(`the overlapping copy starts answered ${starts.map((ex) => ex.status).join(', ')}`);
      // On the --trading-key, a relation an earlier run left started refuses both; nothing was raced.
      if (!account.own && !settled.some((ex) => is2xx(ex.status))) return out.notExercised(`both overlapping copy starts were refused (${settled.map((ex) => ex.status).join(', ')}): the --trading-key may copy the trader already`);
      const accepted = settled.filter((ex) => is2xx(ex.status));
      const after = await availableUsdt({ ctx, key: account.key });
      const locked = (toUnits(String(body['copy_amount'])) ?? 0n) * BigInt(accepted.length);
      out.checked('getBalances', 'trading', 'lock');
      if (before.units - after.units !== locked) {
        out.fail(raceFailure({ assertion: 'lock', operationId: 'getBalances', title: `${accepted.length} accepted copy start${accepted.length === 1 ? '' : 's'} of ${String(body['copy_amount'])} moved ${formatUnits(before.units - after.units)} USDT`, message: `${named(before.ex)} read ${formatUnits(before.units)} USDT, ${named(after.ex)} ${formatUnits(after.units)}, after ${accepted.length} accepted overlapping starts of ${String(body['copy_amount'])}`, exchanges: starts, after: [after.ex] }));
      }
      judgeRace(out, { assertion: 'linearizable', operationId: 'startCopy', iface: 'trading', what: 'a relation is started once and a second start refused', model: copyModel, ops: settled.map((ex) => opOf(ex, 'start' as const, is2xx(ex.status))) });
    } finally {
      await stop(starts);
    }
  },
});
