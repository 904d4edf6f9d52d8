// Spot limit buys and margin positions of one key fired at once (--concurrency N, alternating)
// whose reservations together exceed the quote balance: a check-then-act race reserves more USDT
// than the account holds. On an account the checker creates (doppel's fake: /__doppel/keys) holding
// ⌊(N−1)/2⌋ + ½ reservations (at least 1½), so that at most that many fit and, N ≥ 3, both kinds
// meet a refusal whatever order they arrive in; each order is the market's smallest at half
// the price: the buy rests, and the position (a limit long at leverage 1) reserves amount × price
// rounded up (decision trading.margin-semantics). Judged: what was accepted against the balance,
// what is reserved afterwards, and the history.
import { decision, seed } from '../check.js';
import { arr, obj } from '../../exchange/json-shape.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { formatUnits, toUnits } from '../../exchange/decimal.js';
import { named } from '../../model/exchange-facts.js';
import { orderMarket, restingBuyPrice, smallestAmount } from '../../act/valid-requests.js';
import { requestFor } from '../../exchange/operation-request.js';
import { concurrencyOf, fireTogether, raceSkip, defineRaceCheck } from './fire-together.js';
import { raceAccount } from './race-account.js';
import { judgeRace, opOf, raceFailure } from './race-history.js';
import type { SequentialModel } from '../../model/linearizability.js';
import type { Exchange } from '../../types.js';

/** An order reserving that much USDT, or a read of the balance. */
type OrderIn = bigint | 'read';
type OrderOut = boolean | bigint;

/** Available USDT; an order is accepted only when its reservation fits (decisions trading.spot-semantics, trading.margin-semantics). */
const reserveModel = (start: bigint): SequentialModel<bigint, OrderIn, OrderOut> => ({
  init: start,
  step: (s, input, output) => (input === 'read' ? (output === s ? s : undefined) : output === true ? (input <= s ? s - input : undefined) : input > s ? s : undefined),
});

const UNIT = 100_000_000n;

/** USDT available and locked over every chain (decision trading.balance-meaning: `locked` is doppel's addition). */
function usdtOf(ex: Exchange): { balance: bigint; locked: bigint } | undefined {
  const data = obj(ex.json)['data'];
  if (ex.status !== 200 || !Array.isArray(data)) return undefined;
  let balance = 0n;
  let locked = 0n;
  for (const entry of data) {
    if (obj(entry)['currency'] !== 'USDT') continue;
    balance += toUnits(obj(entry)['balance']) ?? 0n;
    locked += toUnits(obj(entry)['locked']) ?? 0n;
  }
  return { balance, locked };
}

export const spotReserveRace = defineRaceCheck({
  id: 'spot-reserve-race',
  title: 'overlapping limit buys and margin positions of one key never reserve more USDT than it holds',
  assertions: [
    decision('within-balance', 'trading.spot-semantics', 'the overlapping orders and positions accepted reserve at most the USDT available before them'),
    decision('reserved', 'trading.margin-semantics', 'what was accepted is what is reserved: locked rose, and balance fell, by exactly the accepted buys\' amount × price and the positions\' margin'),
    decision('never-negative', 'trading.balance-meaning', 'balance and locked are never negative'),
    seed('listed', 'trading §4 GET /api/v1/account/orders', 'every accepted order is in the key\'s orders listing'),
    decision('linearizable', 'trading.spot-semantics', 'some order of the orders, consistent with real time, gives every answer the target gave'),
  ],
  appliesTo: ['trading'],
  skip: (ctx) => raceSkip(ctx, 'trading'),
  async run(ctx, out) {
    const n = concurrencyOf(ctx);
    const m = orderMarket(ctx.facts);
    const amount = smallestAmount(m);
    const price = restingBuyPrice(ctx.facts, m);
    const product = (toUnits(amount) ?? 0n) * (toUnits(price) ?? 0n);
    const reserve = product / UNIT;
    // margin = amount × entry ÷ leverage (1), rounded up to 8 digits
    const margin = (product + UNIT - 1n) / UNIT;
    if (reserve <= 0n || m.pair !== 'USDT') return out.notExercised(`no USDT market to reserve on (${m.market}/${m.pair} at ${price})`);
    const fit = BigInt(Math.max(1, Math.floor((n - 1) / 2)));
    const account = await raceAccount(ctx, formatUnits(margin * fit + reserve / 2n), false);
    if (!account) return out.notExercised('no account of the checker\'s own to reserve with (only doppel\'s fake creates one: /__doppel/keys)');
    const before = await ctx.call('getBalances', { key: account.key });
    const start = usdtOf(before);
    if (!start) return out.notExercised(`the new account's balances answered ${before.status}`);
    const spot = { market: m.market, pair: m.pair, side: 'buy', order_type: 'limit', amount, price };
    const position = { market: m.market, pair: m.pair, side: 'long', order_type: 'limit', amount, price, leverage: 1 };
    const specs = Array.from({ length: n }, (_, i) => (i % 2 === 0 ? requestFor('placeSpotOrder', { key: account.key, body: spot }) : requestFor('placeMarginOrder', { key: account.key, body: position })));
    const orders = await fireTogether(ctx, specs);
    const reserveOf = (ex: Exchange): bigint => (ex.operationId === 'placeMarginOrder' ? margin : reserve);
    const settled = orders.filter((ex) => ex.status !== 429 && ex.status < 500);
    if (settled.length < 2) return out.notExercised(`fewer than two of the ${n} overlapping orders were answered other than 429 or 5xx`);
    const accepted = settled.filter((ex) => is2xx(ex.status));
    const reserved = accepted.reduce((sum, ex) => sum + reserveOf(ex), 0n);
    const positions = accepted.filter((ex) => ex.operationId === 'placeMarginOrder').length;
    const say = `the account held ${formatUnits(start.balance)} USDT; ${accepted.length} of ${n} overlapping limit buys and margin positions of ${amount} ${m.market} at ${price} (${formatUnits(reserve)} a buy, ${formatUnits(margin)} a position) were accepted, ${positions} of them positions`;
    out.checked('placeSpotOrder', 'trading', 'within-balance');
    out.checked('placeMarginOrder', 'trading', 'within-balance');
    if (reserved > start.balance) out.fail(raceFailure({ assertion: 'within-balance', operationId: 'placeSpotOrder', title: `${accepted.length} overlapping orders reserve ${formatUnits(reserved)} of ${formatUnits(start.balance)} USDT`, message: say, exchanges: accepted }));
    const after = await ctx.call('getBalances', { key: account.key });
    const end = usdtOf(after);
    if (!end) return out.notExercised(`the balances after the orders answered ${after.status}`);
    out.checked('getBalances', 'trading', ['reserved', 'never-negative']);
    if (end.balance < 0n || end.locked < 0n) out.fail(raceFailure({ assertion: 'never-negative', operationId: 'getBalances', title: `USDT balance ${formatUnits(end.balance)}, locked ${formatUnits(end.locked)} after overlapping orders`, message: `${say}; ${named(after)} read balance ${formatUnits(end.balance)}, locked ${formatUnits(end.locked)}`, exchanges: accepted, after: [after] }));
    if (end.balance !== start.balance - reserved || end.locked !== start.locked + reserved) {
      out.fail(raceFailure({ assertion: 'reserved', operationId: 'getBalances', title: `accepted orders reserving ${formatUnits(reserved)} moved ${formatUnits(start.balance - end.balance)} USDT to ${formatUnits(end.locked - start.locked)} locked`, message: `${say}; ${named(after)} read balance ${formatUnits(end.balance)}, locked ${formatUnits(end.locked)}, expected ${formatUnits(start.balance - reserved)} and ${formatUnits(start.locked + reserved)}`, exchanges: orders, after: [after] }));
    }
    const listing = await ctx.call('listOrders', { key: account.key, query: { limit: '100' } });
    if (listing.status === 200) {
      out.checked('listOrders', 'trading', 'listed');
      const ids = new Set(arr(obj(listing.json)['data']).map((o) => obj(o)['id']));
      const missing = accepted.filter((ex) => !ids.has(obj(obj(ex.json)['data'])['id']));
      if (missing.length) out.fail(raceFailure({ assertion: 'listed', operationId: 'listOrders', title: `${missing.length} accepted overlapping order${missing.length === 1 ? ' is' : 's are'} not in the orders listing`, message: `${say}; ${named(listing)} lists no ${missing.map((ex) => `${String(obj(obj(ex.json)['data'])['id'])} (${named(ex)})`).join(', ')}`, exchanges: missing, after: [listing] }));
    }
    const ops = [...settled.map((ex) => opOf<OrderIn, OrderOut>(ex, reserveOf(ex), is2xx(ex.status))), opOf<OrderIn, OrderOut>(after, 'read', end.balance)];
    judgeRace(out, { assertion: 'linearizable', operationId: 'placeSpotOrder', iface: 'trading', what: `the account has ${formatUnits(start.balance)} USDT; each accepted buy reserves ${formatUnits(reserve)} and each position ${formatUnits(margin)}`, model: reserveModel(start.balance), ops, after: [after] });
  },
});
