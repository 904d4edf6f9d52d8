// Cancel twice of one open order at once (two overlapping requests): a check-then-act race
// cancels twice and releases the reservation twice. The answers must agree with the cancel rule
// applied in some order (decision trading.cancel-semantics: only an open order is cancelled), so
// exactly one is accepted. The order is the smallest resting limit buy the run places anyway.
import { decision } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { obj } from '../../exchange/json-shape.js';
import { validTradingBody } from '../../act/valid-requests.js';
import { callTogether, raceSkip, defineRaceCheck } from './fire-together.js';
import { raceAccount } from './race-account.js';
import { changedOnce, judgeRace, opOf } from './race-history.js';

/** Open or not; a cancel is accepted only while open, refused only once it is not. */
const cancelModel = changedOnce<'cancel'>(true);

export const cancelRace = defineRaceCheck({
  id: 'cancel-race',
  title: 'two overlapping cancels of one open order: one is accepted, as in some order of the two',
  assertions: [decision('linearizable', 'trading.cancel-semantics', 'the answers agree with the cancel rule applied in some order consistent with real time')],
  appliesTo: ['trading'],
  skip: (ctx) => raceSkip(ctx, 'trading'),
  async run(ctx, out) {
    const account = await raceAccount(ctx, '1000', true);
    if (!account) return out.notExercised('no account to trade with');
    const placed = await ctx.call('placeSpotOrder', { key: account.key, body: validTradingBody(ctx.facts, 'placeSpotOrder') });
    const order = obj(obj(placed.json)['data']);
    if (placed.status !== 200 || order['status'] !== 'open') return out.notExercised(`the resting limit order to cancel answered ${placed.status}${placed.status === 200 ? ` as ${String(order['status'])}` : ''}`);
    const cancels = await callTogether(ctx, 2, 'cancelSpotOrder', { key: account.key, body: { order_id: order['id'] } });
    const settled = cancels.filter((ex) => ex.status !== 429 && ex.status < 500);
    if (settled.length < 2) return out.notExercised(`the overlapping cancels answered ${cancels.map((ex) => ex.status).join(', ')}`);
    judgeRace(out, { assertion: 'linearizable', operationId: 'cancelSpotOrder', iface: 'trading', what: 'an open order is cancelled once and a second cancel refused', model: cancelModel, ops: settled.map((ex) => opOf(ex, 'cancel' as const, is2xx(ex.status))) });
  },
});
