// A key's balances move by what its accepted writes say, and by nothing else. Between two reads of
// GET /account/balances, each currency (summed over chains) must have moved by the effects the
// target's own answers report: a filled spot order by its amount and fill price, a limit order,
// position or bid by what it holds (balance → locked), a cancel back, a copy start by copy_amount,
// a stop by what it says it refunded, and a write on what the target already showed ended (a second
// stop, a second cancel) by nothing. Where something of unknown effect happened in between (a
// position that may have settled, a 5xx, a write through a key that may share the account), the
// currency is not judged. A resting limit order may fill at any time: a read that disagrees while
// one is open is judged once a later answer shows that order still open after the read.
import { decision, defineStateCheck, seed, type StateOutput } from '../check.js';
import { keyOf } from '../../exchange/exchange-readers.js';
import { formatUnits } from '../../exchange/decimal.js';
import { accepted, named } from '../../model/exchange-facts.js';
import { holdingsOf, type Effect, type Holdings, type KnownOrder, type TradingAccount } from '../../model/trading-model.js';
import type { TargetModel } from '../../model/target-model.js';
import type { Exchange } from '../../types.js';

type Assertion = 'spot-direction' | 'copy-lock' | 'copy-refund' | 'refund-once' | 'spot-exact' | 'reserve' | 'refund-stated' | 'unchanged' | 'refused-unchanged';

interface Finding {
  assertion: Assertion;
  title: string;
  message: string;
  exchange: Exchange;
  requests: Exchange[];
}

/** A disagreement waiting for word that the resting orders it depends on were open at the read. */
interface Deferred {
  read: Exchange;
  orders: KnownOrder[];
  finding: Finding;
}

const sum = (effects: Effect[], field: 'balance' | 'locked'): bigint => effects.reduce((n, e) => n + e[field], 0n);

/** An effect's write by name, with why it moves what it moves where the write alone does not say. */
const writeText = (e: Effect): string => (e.why ? `${named(e.ex)} (${e.why})` : named(e.ex));

function writesText(effects: Effect[]): string {
  const seen = [...new Map(effects.map((e) => [e.ex, e] as const)).values()];
  return seen.length ? seen.map(writeText).join(', ') : 'no accepted write';
}

/** The assertion a disagreement breaks: what its effects claim, or `unchanged` when none moved the currency. */
function ruleOf(effects: Effect[]): Assertion {
  const rules = new Set(effects.map((e) => e.rule));
  if (rules.size === 0) return 'unchanged';
  if (rules.size > 1) return 'reserve';
  const [rule] = rules;
  return rule === 'copy-lock' ? 'reserve' : rule === 'copy-refund' ? 'refund-stated' : (rule as Assertion);
}

/** Compares one currency of a read with the last read and the effects between; the findings, if any. */
function judgeCurrency(currency: string, prev: Holdings, now: Holdings, effects: Effect[], refused: TradingAccount['refusals'], out: StateOutput): Finding[] {
  const was = prev.balance.get(currency) ?? 0n;
  const is = now.balance.get(currency) ?? 0n;
  const moved = is - was;
  const expected = sum(effects, 'balance');
  const writes = effects.map((e) => e.ex);
  const requests = [prev.ex, ...new Set(writes), now.ex];
  const findings: Finding[] = [];
  const where = `${currency}: ${named(prev.ex)} read ${formatUnits(was)}, ${named(now.ex)} read ${formatUnits(is)}`;

  // A seed rule is judged where one write alone moved the currency.
  const only = effects.length === 1 ? effects[0] : undefined;
  if (only?.seed) {
    const s = only.seed;
    out.checked(now.ex, s.assertion);
    const said = s.stated !== undefined && s.stated !== s.exact;
    const ok = s.exact !== undefined ? moved === s.exact && !said : Math.sign(Number(moved)) === s.sign && (s.most === undefined || moved <= s.most);
    if (!ok) {
      const wanted = s.exact === undefined ? (s.sign === 1 ? `up${s.most === undefined ? '' : `, by at most ${formatUnits(s.most)}`}` : 'down') : s.exact === 0n ? 'no move' : `by exactly ${formatUnits(s.exact)}`;
      const title =
        moved === s.exact ? `${only.ex.operationId} says ${currency} moved ${formatUnits(s.stated ?? 0n)}, expected ${wanted}`
        : s.exact === 0n ? `${currency} moved ${formatUnits(moved)} after ${only.ex.operationId}, expected ${wanted}`
        : `${currency} did not move ${wanted} after ${only.ex.operationId}`;
      const answer = said ? `; its answer says ${formatUnits(s.stated ?? 0n)}` : '';
      findings.push({ assertion: s.assertion, title, message: `${where}: moved ${formatUnits(moved)} after ${writeText(only)}, expected ${wanted}${answer}`, exchange: now.ex, requests });
      return findings;
    }
  }
  // Nothing accepted moved it, and a refused write named it: the refusal said the write was not carried out (seed trading §7).
  const refusals = effects.length === 0 ? refused.filter((r) => r.currencies.some((c) => c === undefined || c === currency)) : [];
  if (refusals.length > 0) {
    out.checked(now.ex, 'refused-unchanged');
    if (moved !== 0n) {
      const list = refusals.map((r) => `${named(r.ex)} (answered ${r.ex.status})`).join(', ');
      findings.push({ assertion: 'refused-unchanged', title: `${currency} moved ${formatUnits(moved)} after a refused ${refusals[0]?.ex.operationId}`, message: `${where}: moved ${formatUnits(moved)}; between them only refused writes named it: ${list}`, exchange: now.ex, requests: [prev.ex, ...refusals.map((r) => r.ex), now.ex] });
      return findings;
    }
  }
  out.checked(now.ex, ruleOf(effects));
  if (moved !== expected) {
    findings.push({
      assertion: ruleOf(effects),
      title: `${currency} moved ${formatUnits(moved)}, ${writes.length ? 'its writes say' : 'nothing moved it, so'} ${formatUnits(expected)}`,
      message: `${where}: moved ${formatUnits(moved)}; the answers of ${writesText(effects)} between them say ${formatUnits(expected)}`,
      exchange: now.ex,
      requests,
    });
  }
  if (prev.locked && now.locked) {
    const lockedMoved = (now.locked.get(currency) ?? 0n) - (prev.locked.get(currency) ?? 0n);
    const lockedExpected = sum(effects, 'locked');
    out.checked(now.ex, 'reserve');
    if (lockedMoved !== lockedExpected) {
      findings.push({
        assertion: effects.length ? 'reserve' : 'unchanged',
        title: `${currency} locked moved ${formatUnits(lockedMoved)}, expected ${formatUnits(lockedExpected)}`,
        message: `${currency} locked: ${named(prev.ex)} read ${formatUnits(prev.locked.get(currency) ?? 0n)}, ${named(now.ex)} read ${formatUnits(now.locked.get(currency) ?? 0n)}; the answers of ${writesText(effects)} say it moves ${formatUnits(lockedExpected)}`,
        exchange: now.ex,
        requests,
      });
    }
  }
  return findings;
}

function judgeRead(model: TargetModel, account: TradingAccount, ex: Exchange, out: StateOutput, deferred: Deferred[]): void {
  const prev = account.last;
  const now = holdingsOf(ex);
  if (!prev || !now) return;
  const settling = new Set(model.trading.settling(account, ex).map((o) => o.quote));
  const resting = model.trading.restingOrders(account);
  const currencies = new Set([...prev.balance.keys(), ...now.balance.keys()]);
  for (const currency of currencies) {
    if (account.uncertain.has('*') || account.uncertain.has(currency) || settling.has(currency)) continue;
    const effects = account.effects.filter((e) => e.currency === currency);
    const findings = judgeCurrency(currency, prev, now, effects, account.refusals, out);
    const depends = resting.filter((o) => o.base === currency || o.quote === currency);
    for (const finding of findings) {
      if (depends.length) deferred.push({ read: ex, orders: depends, finding });
      else out.fail(finding);
    }
  }
}

/** Judges what is waiting: failed once every order it depends on is known open after the read, dropped once one of them is known to have left open. */
function settle(deferred: Deferred[], out: StateOutput): Deferred[] {
  return deferred.filter((d) => {
    if (d.orders.some((o) => !o.cancelled && o.reserve === undefined)) return false;
    if (d.orders.every((o) => o.openAt !== undefined && o.openAt > d.read.seq)) {
      const ids = d.orders.map((o) => o.id);
      out.fail({ ...d.finding, message: `${d.finding.message} (${ids.length === 1 ? `order ${ids[0]} was` : `orders ${ids.join(', ')} were`} still open after the read)` });
      return false;
    }
    return true;
  });
}

export const balancesFollowWrites = defineStateCheck({
  id: 'balances-follow-writes',
  title: 'balances move by what the key\'s accepted writes say, and by nothing else',
  assertions: [
    seed('spot-direction', ['trading §4 POST /api/v1/spot/order', 'trading §4 Body of POST /api/v1/spot/order.side', 'trading §4 Body of POST /api/v1/spot/order.market', 'trading §4 Body of POST /api/v1/spot/order.pair', 'trading §4 Body of POST /api/v1/spot/order.amount'], 'a filled spot order moves its base and quote balances in opposite directions, as its side says, and gains no more than it traded: a buy at most its amount, a sell at most amount × fill_price'),
    seed('copy-lock', ['trading §3 bullet 2', 'trading §4 POST /api/v1/copy/start', 'trading §4 Body of copy endpoints./copy/start.copy_amount'], 'starting a copy lowers the USDT balance by exactly copy_amount'),
    seed('copy-refund', ['trading §3 bullet 2', 'trading §4 POST /api/v1/copy/stop', 'trading §4 Body of copy endpoints./copy/stop.lead_trader_id'], 'stopping a copy raises the USDT balance'),
    seed('refund-once', ['trading §3 bullet 2', 'trading §4 POST /api/v1/copy/stop'], 'a stop of a copy the target already stopped (or said it lacks: 404) refunds nothing: USDT does not move and the answer states no refund, whatever its status (404 is decision trading.copy-semantics)'),
    decision('spot-exact', 'trading.spot-semantics', 'a filled spot order moves them by its amount and amount × fill_price rounded down, no fee'),
    decision('reserve', 'trading.balance-meaning', 'limit orders, positions, bids and copies move what they hold from balance to locked; a cancel or stop moves it back, once: a cancel of an order the target showed ended releases nothing'),
    decision('refund-stated', 'trading.copy-relation-fields', 'stopping a copy raises USDT by exactly the `refunded` it answers'),
    decision('unchanged', 'trading.balance-meaning', 'nothing else moves a balance: not a read, not a refused write'),
    seed('refused-unchanged', ['trading §7 400', 'trading §7 401', 'trading §7 403', 'trading §7 404'], 'a write the target refused (400, 401, 403, 404: the request was not carried out) moves none of the balances it names'),
  ],
  appliesTo: ['trading'],
  needs: (ctx) => (ctx.trading.key === undefined && ctx.trading.readKey === undefined ? 'no --trading-key given' : undefined),
  start: () => {
    let deferred: Deferred[] = [];
    return (ex, model, out) => {
      if (deferred.length) deferred = settle(deferred, out);
      if (ex.operationId !== 'getBalances' || !accepted(ex)) return;
      const key = keyOf(ex);
      const account = key === undefined ? undefined : model.trading.accounts.get(key);
      if (account) judgeRead(model, account, ex, out, deferred);
    };
  },
});
