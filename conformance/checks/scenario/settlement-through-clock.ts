// Binary bids and futures positions settle when their time has passed on the clock
// (trading.binary-semantics, trading.futures-semantics). Only on a target whose clock the
// checker can move: doppel's fake (embedded, or any URL answering GET /__doppel/clock). It trades
// on an account of its own (POST /__doppel/keys), so nothing else moves that account's USDT.
import { defineScenarioCheck, type ScenarioOutput, decision, seed } from '../check.js';
import { has, type CheckContext } from '../../act/context.js';
import { CheckFailure } from '../../act/check-failure.js';
import { formatUnits, toUnits } from '../../exchange/decimal.js';
import { obj } from '../../exchange/json-shape.js';
import { availableUsdt, expectOk, listOrders, post, type TradingReal } from './trading-real.js';
import { orderMarket, smallestAmount } from '../../act/valid-requests.js';

// The admin API of doppel's fake (docs/reference/admin-api.md); a deployment does not have it.
const CLOCK = '/__doppel/clock';
const KEYS = '/__doppel/keys';
const BID = '1';
const PAYOUT_RATE = 85n; // per cent, trading.binary-semantics

async function settle(ctx: CheckContext, out: ScenarioOutput): Promise<void> {
  const clock = await ctx.send({ iface: 'trading', operationId: null, method: 'GET', path: CLOCK });
  if (clock.status !== 200 || typeof obj(obj(clock.json)['data'])['epoch_ms'] !== 'number') {
    return out.notExercised(`the target's clock cannot be moved (GET ${CLOCK} answered ${clock.status}; only doppel's fake has it)`);
  }
  const created = await ctx.send({ iface: 'trading', operationId: null, method: 'POST', path: KEYS, body: { name: 'doppel check settlement', balances: [{ currency: 'USDT', balance: '1000' }] } });
  const key = obj(obj(created.json)['data'])['key'];
  if (created.status !== 200 || typeof key !== 'string') return out.notExercised(`POST ${KEYS} answered ${created.status}: no account to trade on`);
  ctx.secret(key, 'DOPPEL_SETTLEMENT_KEY', `key of an account the checker created through ${KEYS}`);
  const real: TradingReal = { ctx, key };
  const m = orderMarket(ctx.facts);

  const start = await availableUsdt(real);
  const bid = expectOk(await post(real, 'placeBinaryOrder', { market: m.market, pair: m.pair, direction: 'long', amount: BID, duration_minutes: 1 }), 'placing a binary bid');
  const futures = expectOk(
    await post(real, 'placeFuturesOrder', { market: m.market, pair: m.pair, side: 'long', order_type: 'market', amount: smallestAmount(m), leverage: 1, duration_hours: 1 }),
    'placing a futures market order',
  );
  const margin = toUnits(futures['margin']);
  if (margin === undefined) throw new CheckFailure(`the futures order's margin is ${JSON.stringify(futures['margin'])}`, undefined, 'futures');
  const opened = await availableUsdt(real);
  const bidUnits = toUnits(BID) as bigint;
  out.checked('placeBinaryOrder', 'trading', ['resolves', 'binary', 'balances']);
  out.checked('placeFuturesOrder', 'trading', ['expires', 'futures']);
  if (start.units - opened.units !== bidUnits + margin) {
    throw new CheckFailure(`opening a bid of ${BID} and a position with margin ${formatUnits(margin)} moved available USDT by ${formatUnits(opened.units - start.units)}`, opened.ex, 'balances');
  }

  const moved = await ctx.send({ iface: 'trading', operationId: null, method: 'POST', path: CLOCK, body: { advance_seconds: 61 * 60 } });
  if (moved.status !== 200) return out.notExercised(`POST ${CLOCK} answered ${moved.status}`);

  const find = async (type: string, id: unknown) => {
    const { ex, orders } = await listOrders(real, { type });
    const order = orders.find((o) => o['id'] === id);
    if (!order) throw new CheckFailure(`${type} order ${String(id)} is missing from the listing after settlement`, ex);
    return { ex, order };
  };
  const b = await find('binary', bid['id']);
  // Seed trading §4: duration_minutes are the minutes until the bid resolves; "settled" is the decision's word for it.
  if (b.order['status'] === 'open') throw new CheckFailure(`the 1-minute binary bid is still open 61 minutes later`, b.ex, 'resolves');
  if (b.order['status'] !== 'settled') throw new CheckFailure(`the 1-minute binary bid is ${JSON.stringify(b.order['status'])} 61 minutes later, not settled`, b.ex, 'binary');
  const result = b.order['result'];
  const pnl = toUnits(b.order['pnl']);
  const expectedPnl = result === 'won' ? (bidUnits * PAYOUT_RATE) / 100n : result === 'lost' ? -bidUnits : result === 'draw' ? 0n : undefined;
  if (expectedPnl === undefined) throw new CheckFailure(`the settled bid's result is ${JSON.stringify(result)}, not won, lost or draw`, b.ex, 'binary');
  if (pnl !== expectedPnl) throw new CheckFailure(`the bid ${String(result)} with pnl ${String(b.order['pnl'])}, expected ${formatUnits(expectedPnl)}`, b.ex, 'binary');

  const f = await find('futures', futures['id']);
  // Seed trading §4: duration_hours is the position's expiry.
  if (f.order['status'] === 'open') throw new CheckFailure(`the 1-hour futures position is still open 61 minutes later`, f.ex, 'expires');
  if (f.order['status'] !== 'settled') throw new CheckFailure(`the 1-hour futures position is ${JSON.stringify(f.order['status'])} 61 minutes later, not settled`, f.ex, 'futures');
  const fPnl = toUnits(f.order['pnl']);
  if (fPnl === undefined || fPnl < -margin) throw new CheckFailure(`the settled position's pnl ${String(f.order['pnl'])} is not a loss capped at the margin ${formatUnits(margin)}`, f.ex, 'futures');

  // Paid back: the bid's amount plus its pnl, and the margin plus the position's pnl.
  const end = await availableUsdt(real);
  const expected = bidUnits + expectedPnl + margin + fPnl;
  if (end.units - opened.units !== expected) {
    throw new CheckFailure(`settlement paid ${formatUnits(end.units - opened.units)} USDT back, expected ${formatUnits(expected)} (bid ${BID} ${formatUnits(expectedPnl)}, margin ${formatUnits(margin)} ${formatUnits(fPnl)})`, end.ex, 'balances');
  }
}

export const settlementThroughClock = defineScenarioCheck({
  id: 'settlement-through-clock',
  title: 'binary bids and futures positions settle when their time has passed',
  assertions: [
    seed('resolves', 'trading §4 Body of POST /api/v1/binary/order.duration_minutes', 'a binary bid is no longer open once its duration_minutes have passed'),
    seed('expires', ['trading §4 Body of POST /api/v1/futures/order.duration_hours', 'trading §8 duration_hours default'], 'a futures position is no longer open once its duration_hours have passed'),
    decision('binary', 'trading.binary-semantics', 'a binary bid settles won, lost or draw with its pnl once its minutes have passed'),
    decision('futures', 'trading.futures-semantics', 'a futures position settles with a loss capped at its margin once its hours have passed'),
    decision('balances', 'trading.balance-meaning', 'opening takes the bid and the margin from available USDT; settlement pays them back with their pnl'),
  ],
  appliesTo: ['trading'],
  skip: (ctx) => (!has(ctx, 'trading') ? 'no trading target' : !ctx.allowWrites ? 'writes not allowed (--allow-writes)' : undefined),
  async run(ctx, out) {
    try {
      await settle(ctx, out);
    } catch (error) {
      if (!(error instanceof CheckFailure)) throw error;
      out.fail({ assertion: error.assertion ?? 'binary', operationId: error.exchange?.operationId ?? 'placeBinaryOrder', title: error.message.slice(0, 100), message: error.message, exchange: error.exchange });
    }
  },
});
