// The trading side of the target model: per API key, the orders the target accepted (with what it
// answered and last reported of each), the copy relations it started and those it ended, and its
// balances as last read with what every accepted write since then says should have moved them. Only
// the target's answers go in; where an answer leaves an effect unknown (a 5xx, a missing field, a
// write through a key that may share the account), the currencies it touches are marked uncertain
// until read again. A write on something the target already showed ended (a second stop of a copy,
// a second cancel of an order) is judged against that history: nothing of it remains to move.
import { keyOf } from '../exchange/exchange-readers.js';
import { toUnits } from '../exchange/decimal.js';
import type { Exchange } from '../types.js';
import { accepted, dataListOf, dataOf, idOf, named, overlapped, refused, requestFieldsOf, seedTimeOf, targetTimeOf } from './exchange-facts.js';

export type OrderKind = 'spot' | 'margin' | 'futures' | 'binary';

export const PLACE_KIND: Readonly<Record<string, OrderKind>> = {
  placeSpotOrder: 'spot',
  placeMarginOrder: 'margin',
  placeFuturesOrder: 'futures',
  placeBinaryOrder: 'binary',
};

/** Order statuses after which nothing changes the order (decision trading.order-states). */
export const TERMINAL = new Set(['filled', 'cancelled', 'settled']);

export interface KnownOrder {
  id: number;
  kind: OrderKind;
  key: string;
  /** The placement and its body. */
  placed: Exchange;
  body: Record<string, unknown>;
  base: string | undefined;
  quote: string | undefined;
  /** The status the target last reported. */
  status: string;
  /** The last exchange at which the target showed the order open (a listing, or a cancel it accepted). */
  openAt: number | undefined;
  /** A cancel the target accepted. */
  cancelled: Exchange | undefined;
  /**
   * The first exchange that showed the order ended (an accepted cancel, or a status of TERMINAL in
   * its placement or a listing): nothing it held remains for a later cancel to release.
   */
  ended: Exchange | undefined;
  /** For a position or bid: when it may settle, on the target's clock (ms). */
  expiresAt: number | undefined;
  /** The exchange of the first listing that showed it settled (after which a read includes its payout). */
  settledSeen: Exchange | undefined;
  /** What an open limit order or a position holds: the currency and amount (balance → locked). */
  reserve: { currency: string; amount: bigint } | undefined;
}

/** What an accepted write says moved in one currency (summed over chains). */
export interface Effect {
  ex: Exchange;
  currency: string;
  balance: bigint;
  locked: bigint;
  /** The rule that makes this the expected move (an assertion id of balances-follow-writes). */
  rule: 'spot-exact' | 'reserve' | 'copy-lock' | 'copy-refund';
  /**
   * A seed rule this effect alone lets a read judge: the sign of the balance move (a spot fill), or
   * its exact size (a copy lock; nothing for a stop of a copy already stopped). `stated`: what the
   * answer itself says moved, held to the same size.
   */
  seed?: { assertion: 'spot-direction' | 'copy-lock' | 'copy-refund' | 'refund-once'; sign?: 1 | -1; exact?: bigint; stated?: bigint; most?: bigint };
  /** Why the move is what it is, where the write alone does not say (the history it is judged against). */
  why?: string;
}

/** Balances as one read answered them: per currency, over all chains. */
export interface Holdings {
  ex: Exchange;
  balance: Map<string, bigint>;
  /** Undefined when the answer has no `locked` (a doppel addition: decision trading.balance-meaning). */
  locked: Map<string, bigint> | undefined;
}

export interface CopyRelation {
  traderId: number;
  amount: bigint;
}

export interface TradingAccount {
  key: string;
  /** `data.id` of the key's account info (decision trading.account-fields), when read. */
  accountId: number | undefined;
  orders: Map<number, KnownOrder>;
  copies: Map<number, CopyRelation>;
  /**
   * Lead traders whose copy relation the target ended (an accepted stop) or said does not exist (a
   * stop answered 404, trading §7 "resource not found"), with the last such stop, until a start is
   * accepted again: a later stop has nothing to refund.
   */
  stopped: Map<number, Exchange>;
  /** The key's last accepted account info (its permissions: decision trading.account-fields), when read. */
  info: Exchange | undefined;
  /** The last balances read, and what moved since, as the target's answers say. */
  last: Holdings | undefined;
  effects: Effect[];
  /** Writes the target refused (4xx) since the last read, with the currencies they name (undefined: unknown). */
  refusals: { ex: Exchange; currencies: (string | undefined)[] }[];
  /** Currencies something of unknown effect may have moved since the last read (currency → why); '*' for all. */
  uncertain: Map<string, string>;
}

function newAccount(key: string): TradingAccount {
  return { key, accountId: undefined, orders: new Map(), copies: new Map(), stopped: new Map(), info: undefined, last: undefined, effects: [], refusals: [], uncertain: new Map() };
}

/** The balances answer summed per currency over chains; undefined when it is not a list of entries. */
export function holdingsOf(ex: Exchange): Holdings | undefined {
  const data = (ex.json as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) return undefined;
  const balance = new Map<string, bigint>();
  const locked = new Map<string, bigint>();
  let hasLocked = false;
  for (const entry of dataListOf(ex)) {
    const currency = entry['currency'];
    const b = toUnits(entry['balance']);
    if (typeof currency !== 'string' || b === undefined) return undefined;
    balance.set(currency, (balance.get(currency) ?? 0n) + b);
    const l = toUnits(entry['locked']);
    if (l !== undefined) {
      hasLocked = true;
      locked.set(currency, (locked.get(currency) ?? 0n) + l);
    }
  }
  return { ex, balance, locked: hasLocked ? locked : undefined };
}

/**
 * Whether an accepted account answer says its key is read-only: its permissions (decision
 * trading.account-fields) list read and not trade (trading §5.3).
 */
export function readOnly(info: Exchange | undefined): info is Exchange {
  const permissions = info && accepted(info) ? dataOf(info)['permissions'] : undefined;
  return Array.isArray(permissions) && permissions.includes('read') && !permissions.includes('trade');
}

/** Rounded down to 8 digits: amount × price (decision trading.spot-semantics). */
const product = (a: bigint, b: bigint): bigint => (a * b) / 100_000_000n;

export class TradingModel {
  readonly accounts = new Map<string, TradingAccount>();

  account(key: string): TradingAccount {
    let a = this.accounts.get(key);
    if (!a) this.accounts.set(key, (a = newAccount(key)));
    return a;
  }

  /** The order with this id placed through any key (ids are the target's). */
  order(id: number): KnownOrder | undefined {
    for (const a of this.accounts.values()) {
      const o = a.orders.get(id);
      if (o) return o;
    }
    return undefined;
  }

  /**
   * Whether the accounts of two keys are known to differ (their account ids differ); a write
   * through a key not known to differ may have moved the other key's balances.
   */
  distinct(a: TradingAccount, b: TradingAccount): boolean {
    return a.accountId !== undefined && b.accountId !== undefined && a.accountId !== b.accountId;
  }

  apply(ex: Exchange): void {
    const key = keyOf(ex);
    if (key === undefined || ex.operationId === null) return;
    const account = this.account(key);
    switch (ex.operationId) {
      case 'getAccount':
        if (!accepted(ex)) return;
        account.accountId = idOf(dataOf(ex)['id']) ?? account.accountId;
        account.info = ex;
        return;
      case 'getBalances': {
        const h = accepted(ex) ? holdingsOf(ex) : undefined;
        if (h) {
          account.last = h;
          account.effects = [];
          account.refusals = [];
          account.uncertain.clear();
        }
        return;
      }
      case 'listOrders':
        if (accepted(ex)) this.sawListing(account, ex);
        return;
      default:
        if (ex.method === 'POST') this.write(account, ex);
    }
  }

  private sawListing(account: TradingAccount, ex: Exchange): void {
    for (const entry of dataListOf(ex)) {
      const id = idOf(entry['id']);
      const order = id === undefined ? undefined : account.orders.get(id);
      if (!order || typeof entry['status'] !== 'string') continue;
      this.sawStatus(order, entry['status'], ex);
    }
  }

  private sawStatus(order: KnownOrder, status: string, ex: Exchange): void {
    if (status === 'open') order.openAt = ex.seq;
    if (TERMINAL.has(status)) order.ended ??= ex;
    if (status === 'settled' && !order.settledSeen) order.settledSeen = ex;
    if (order.status !== status && status !== 'open' && order.kind === 'spot' && order.reserve && !order.cancelled) {
      // A limit order the target no longer holds open filled (or ended) at a time the model does
      // not know: what it reserved and bought is unknown until the next read.
      this.unsure(this.account(order.key), [order.base, order.quote], `order ${order.id} became ${status}`, ex);
      order.reserve = undefined;
    }
    order.status = status;
  }

  /** Marks currencies of this key, and of every key not known to be another account, as moved by something unknown. */
  private unsure(account: TradingAccount, currencies: (string | undefined)[], why: string, ex: Exchange): void {
    const list = currencies.some((c) => c === undefined) ? ['*'] : (currencies as string[]);
    for (const other of this.accounts.values()) {
      if (other !== account && this.distinct(account, other)) continue;
      const reason = other === account ? `${why} (${ex.operationId} #${ex.seq})` : `a write through another key that may share the account (${ex.operationId} #${ex.seq})`;
      for (const c of list) if (!other.uncertain.has(c)) other.uncertain.set(c, reason);
    }
  }

  private effect(account: TradingAccount, e: Effect): void {
    account.effects.push(e);
    // The same move may show on another key of the same account: unknown there.
    for (const other of this.accounts.values()) {
      if (other === account || this.distinct(account, other)) continue;
      if (!other.uncertain.has(e.currency)) other.uncertain.set(e.currency, `a write through another key that may share the account (${e.ex.operationId} #${e.ex.seq})`);
    }
  }

  private write(account: TradingAccount, ex: Exchange): void {
    const op = ex.operationId as string;
    const body = requestFieldsOf(ex);
    const kind = PLACE_KIND[op];
    const base = typeof body['market'] === 'string' ? body['market'].toUpperCase() : undefined;
    const quote = typeof body['pair'] === 'string' ? body['pair'].toUpperCase() : undefined;
    if (refused(ex)) {
      account.refusals.push({ ex, currencies: op === 'startCopy' || op === 'stopCopy' ? ['USDT'] : op === 'cancelSpotOrder' ? this.cancelCurrencies(body) : [base, quote] });
      // A refused cancel of an order the model holds open: the target says it is no longer open, so
      // it filled (or ended) at a time the model does not know.
      if (op === 'cancelSpotOrder') this.cancelRefused(account, ex, body);
      // A stop of a relation the target says does not exist: nothing to refund until a start.
      if (op === 'stopCopy' && ex.status === 404) this.noRelation(account, ex, body);
      return; // otherwise a refusal changes nothing (balances-follow-writes judges that it did not)
    }
    const touched = op === 'startCopy' || op === 'stopCopy' ? ['USDT'] : op === 'cancelSpotOrder' ? this.cancelCurrencies(body) : [base, quote];
    if (!accepted(ex)) return this.unsure(account, touched, `answered ${ex.status}`, ex);
    if (kind) return this.placed(account, ex, kind, body, base, quote);
    if (op === 'cancelSpotOrder') return this.cancelled(account, ex, body);
    if (op === 'startCopy') return this.copyStarted(account, ex, body);
    if (op === 'stopCopy') return this.copyStopped(account, ex, body);
  }

  private cancelCurrencies(body: Record<string, unknown>): (string | undefined)[] {
    const id = idOf(body['order_id']);
    const o = id === undefined ? undefined : this.order(id);
    return o ? [o.base, o.quote] : [undefined];
  }

  private placed(account: TradingAccount, ex: Exchange, kind: OrderKind, body: Record<string, unknown>, base: string | undefined, quote: string | undefined): void {
    const record = dataOf(ex);
    const id = idOf(record['id']);
    const status = typeof record['status'] === 'string' ? record['status'] : '';
    const created = seedTimeOf(record['created_at']) ?? targetTimeOf(ex);
    const amount = toUnits(record['amount']) ?? toUnits(body['amount']);
    const order: KnownOrder = {
      id: id ?? -ex.seq,
      kind,
      key: account.key,
      placed: ex,
      body,
      base,
      quote,
      status,
      openAt: status === 'open' ? ex.seq : undefined,
      cancelled: undefined,
      ended: TERMINAL.has(status) ? ex : undefined,
      expiresAt: undefined,
      settledSeen: undefined,
      reserve: undefined,
    };
    if (id !== undefined) account.orders.set(id, order);
    if (base === undefined || quote === undefined || amount === undefined) return this.unsure(account, [base, quote], 'an order whose market or amount is unreadable', ex);

    if (kind === 'spot') {
      const side = body['side'];
      const limit = toUnits(body['price']);
      const fill = toUnits(record['fill_price']);
      if (status === 'open' && body['order_type'] === 'limit' && limit !== undefined) {
        const [currency, held] = side === 'buy' ? [quote, product(amount, limit)] : [base, amount];
        order.reserve = { currency, amount: held };
        this.effect(account, { ex, currency, balance: -held, locked: held, rule: 'reserve' });
        return;
      }
      const sign = side === 'buy' ? 1 : -1;
      if (status !== 'filled' || fill === undefined) {
        // Filled, but at a price the answer does not give (or not said to be filled): only the direction is known.
        this.unsure(account, [base, quote], `a ${String(side)} order answered with status ${JSON.stringify(record['status'])} and fill_price ${JSON.stringify(record['fill_price'])}`, ex);
        return;
      }
      const cost = product(amount, fill);
      // What the order gains is bounded by the seed whatever the fee (decided): a buy at most its
      // amount of the base, a sell at most amount × fill_price of the quote (one unit either way for
      // the rounding, decided too).
      this.effect(account, { ex, currency: base, balance: BigInt(sign) * amount, locked: 0n, rule: 'spot-exact', seed: { assertion: 'spot-direction', sign: sign as 1 | -1, ...(sign === 1 ? { most: amount } : {}) } });
      this.effect(account, { ex, currency: quote, balance: -BigInt(sign) * cost, locked: 0n, rule: 'spot-exact', seed: { assertion: 'spot-direction', sign: -sign as 1 | -1, ...(sign === -1 ? { most: cost + 1n } : {}) } });
      return;
    }

    // Positions and bids hold quote currency (decisions trading.margin-semantics, futures-semantics, binary-semantics).
    const held = kind === 'binary' ? amount : toUnits(record['margin']);
    if (held === undefined) return this.unsure(account, [quote], `a ${kind} order without a readable margin`, ex);
    order.reserve = { currency: quote, amount: held };
    if (kind !== 'margin') {
      const minutes = kind === 'binary' ? Number(record['duration_minutes'] ?? body['duration_minutes']) : 60 * Number(record['duration_hours'] ?? body['duration_hours'] ?? 24);
      const stated = seedTimeOf(record['expires_at']);
      order.expiresAt = stated ?? (created !== undefined && Number.isFinite(minutes) ? created + minutes * 60_000 : undefined);
    }
    this.effect(account, { ex, currency: quote, balance: -held, locked: held, rule: 'reserve' });
  }

  private cancelRefused(account: TradingAccount, ex: Exchange, body: Record<string, unknown>): void {
    const id = idOf(body['order_id']);
    const order = id === undefined ? undefined : account.orders.get(id);
    // 400 or 409: the statuses of a cancel of an order no longer open (decision trading.cancel-semantics#not-open-status).
    if (!order?.reserve || order.cancelled || (ex.status !== 400 && ex.status !== 409)) return;
    order.reserve = undefined;
    this.unsure(account, [order.base, order.quote], `a cancel refused for order ${order.id}, which was open`, ex);
  }

  private cancelled(account: TradingAccount, ex: Exchange, body: Record<string, unknown>): void {
    const id = idOf(body['order_id']);
    const order = id === undefined ? undefined : account.orders.get(id);
    if (!order) return this.unsure(account, [undefined], 'a cancel of an order the run did not place', ex);
    // Ended before this cancel began; a listing that overlapped it may show this very cancel.
    const ended = order.ended && !overlapped(order.ended, ex) ? order.ended : undefined;
    order.cancelled ??= ex;
    order.ended ??= ex;
    const status = dataOf(ex)['status'];
    order.status = typeof status === 'string' ? status : 'cancelled';
    if (ended) {
      // The target showed it ended before: what it held was released (or spent by a fill) then, so
      // this cancel releases nothing (decisions trading.cancel-semantics, trading.balance-meaning;
      // the seed says nothing of what an order holds).
      if (order.base === undefined || order.quote === undefined) return this.unsure(account, [undefined], 'a cancel of an order whose market is unreadable', ex);
      const why = `order ${order.id} had ended at ${named(ended)}: nothing remains to release`;
      for (const currency of new Set([order.base, order.quote])) this.effect(account, { ex, currency, balance: 0n, locked: 0n, rule: 'reserve', why });
      return;
    }
    // Accepted: it was open until this cancel.
    order.openAt = ex.seq;
    const r = order.reserve;
    order.reserve = undefined;
    if (!r) return this.unsure(account, [order.base, order.quote], 'a cancel of an order whose reservation is unknown', ex);
    this.effect(account, { ex, currency: r.currency, balance: r.amount, locked: -r.amount, rule: 'reserve' });
  }

  private copyStarted(account: TradingAccount, ex: Exchange, body: Record<string, unknown>): void {
    const traderId = idOf(body['lead_trader_id']);
    const amount = toUnits(body['copy_amount']);
    if (traderId === undefined || amount === undefined) return this.unsure(account, ['USDT'], 'a copy start with an unreadable body', ex);
    // A stop that overlapped this start may have stopped the relation it opens: what it refunded is unknown.
    const stop = account.stopped.get(traderId);
    if (stop && overlapped(stop, ex)) this.unsure(account, ['USDT'], `a copy start overlapping ${named(stop)}`, ex);
    // A relation again, on this key's account and on any key's that may be the same account.
    for (const other of this.accounts.values()) if (other === account || !this.distinct(account, other)) other.stopped.delete(traderId);
    account.copies.set(traderId, { traderId, amount });
    // Seed trading §3, §4: starting locks exactly copy_amount USDT.
    this.effect(account, { ex, currency: 'USDT', balance: -amount, locked: amount, rule: 'copy-lock', seed: { assertion: 'copy-lock', sign: -1, exact: -amount } });
  }

  private copyStopped(account: TradingAccount, ex: Exchange, body: Record<string, unknown>): void {
    const traderId = idOf(body['lead_trader_id']);
    const relation = traderId === undefined ? undefined : account.copies.get(traderId);
    const ended = traderId === undefined ? undefined : account.stopped.get(traderId);
    if (traderId !== undefined) account.stopped.set(traderId, ex);
    const refunded = toUnits(dataOf(ex)['refunded']);
    // Two stops that overlapped: which of them found the relation is not known.
    if (!relation && ended && overlapped(ended, ex)) return this.unsure(account, ['USDT'], `a copy stop overlapping ${named(ended)}`, ex);
    if (!relation && ended) {
      // Seed trading §3: a stop refunds the remaining USDT, and the stop before this one left none
      // (or there was no relation: a 404). Refunding again is a seed failure, whatever the answer's
      // status; that a second stop is answered 404 and not 2xx is decision trading.copy-semantics,
      // judged by copy-stop-unknown-status.
      const why = `lead trader ${traderId} was ${ended.status === 404 ? 'not copied' : 'stopped'} at ${named(ended)}: nothing remains to refund`;
      this.effect(account, { ex, currency: 'USDT', balance: 0n, locked: 0n, rule: 'copy-refund', seed: { assertion: 'refund-once', exact: 0n, ...(refunded === undefined ? {} : { stated: refunded }) }, why });
      return;
    }
    if (!relation) return this.unsure(account, ['USDT'], 'a stop of a copy the run did not start', ex);
    account.copies.delete(relation.traderId);
    if (refunded === undefined) {
      // Seed trading §3: it refunds the remaining USDT; how much, the answer does not say.
      this.unsure(account, ['USDT'], 'a copy stop that does not say what it refunded', ex);
      return;
    }
    // Seed trading §3: the remaining USDT comes back (nothing remains after a total loss).
    const seedRule = refunded > 0n ? { seed: { assertion: 'copy-refund' as const, sign: 1 as const } } : {};
    this.effect(account, { ex, currency: 'USDT', balance: refunded, locked: -relation.amount, rule: 'copy-refund', ...seedRule });
  }

  /** A stop answered 404: the target says the key's account copies no such lead trader. */
  private noRelation(account: TradingAccount, ex: Exchange, body: Record<string, unknown>): void {
    const traderId = idOf(body['lead_trader_id']);
    if (traderId === undefined) return;
    account.stopped.set(traderId, ex);
    // A relation the model held ended at a time it does not know, refunded by something it did not see.
    if (account.copies.delete(traderId)) this.unsure(account, ['USDT'], `a stop answered 404 for lead trader ${traderId}, whose copy the run started`, ex);
  }

  /**
   * Positions and bids of a key that may have settled by the time of `read` and whose payout no read
   * before it includes: their quote currency is uncertain for that read.
   */
  settling(account: TradingAccount, read: Exchange): KnownOrder[] {
    const at = targetTimeOf(read);
    const since = account.last?.ex.seq ?? 0;
    const out: KnownOrder[] = [];
    for (const o of account.orders.values()) {
      if (o.expiresAt === undefined || (o.settledSeen && o.settledSeen.seq < since)) continue;
      // Two seconds' slack: the Date header and the record's dates have whole seconds.
      if (at === undefined || at + 2_000 >= o.expiresAt) out.push(o);
    }
    return out;
  }

  /** Spot limit orders of a key that were open when last seen and may have filled since (the read then waits for word of them). */
  restingOrders(account: TradingAccount): KnownOrder[] {
    return [...account.orders.values()].filter((o) => o.kind === 'spot' && o.reserve !== undefined && !TERMINAL.has(o.status));
  }
}
