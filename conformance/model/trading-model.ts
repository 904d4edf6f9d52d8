// The trading side of the target model: per API key, the orders the target accepted (with what it
// answered and last reported of each), the copy relations it started, and its balances as last read
// with what every accepted write since then says should have moved them. Only the target's answers
// go in; where an answer leaves an effect unknown (a 5xx, a missing field, a write through a key
// that may share the account), the currencies it touches are marked uncertain until read again.
import { keyOf } from '../exchange/exchange-readers.js';
import { toUnits } from '../exchange/decimal.js';
import type { Exchange } from '../types.js';
import { accepted, dataListOf, dataOf, idOf, refused, requestFieldsOf, seedTimeOf, targetTimeOf } from './exchange-facts.js';

export type OrderKind = 'spot' | 'margin' | 'futures' | 'binary';

export const PLACE_KIND: Readonly<Record<string, OrderKind>> = {
  placeSpotOrder: 'spot',
  placeMarginOrder: 'margin',
  placeFuturesOrder: 'futures',
  placeBinaryOrder: 'binary',
};

/** Order states that never change again (decision trading.order-states). */
/** Order statuses after which nothing changes the order. */
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
  /** A seed rule this effect alone lets a read judge: the sign of the balance move (a spot fill), or its exact size (a copy lock). */
  seed?: { assertion: 'spot-direction' | 'copy-lock' | 'copy-refund'; sign: 1 | -1; exact?: bigint };
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
  /** The last balances read, and what moved since, as the target's answers say. */
  last: Holdings | undefined;
  effects: Effect[];
  /** Currencies something of unknown effect may have moved since the last read (currency → why); '*' for all. */
  uncertain: Map<string, string>;
}

function newAccount(key: string): TradingAccount {
  return { key, accountId: undefined, orders: new Map(), copies: new Map(), last: undefined, effects: [], uncertain: new Map() };
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
        if (accepted(ex)) account.accountId = idOf(dataOf(ex)['id']) ?? account.accountId;
        return;
      case 'getBalances': {
        const h = accepted(ex) ? holdingsOf(ex) : undefined;
        if (h) {
          account.last = h;
          account.effects = [];
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
      // A refused cancel of an order the model holds open: the target says it is no longer open, so
      // it filled (or ended) at a time the model does not know.
      if (op === 'cancelSpotOrder') this.cancelRefused(account, ex, body);
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
      this.effect(account, { ex, currency: base, balance: BigInt(sign) * amount, locked: 0n, rule: 'spot-exact', seed: { assertion: 'spot-direction', sign: sign as 1 | -1 } });
      this.effect(account, { ex, currency: quote, balance: -BigInt(sign) * cost, locked: 0n, rule: 'spot-exact', seed: { assertion: 'spot-direction', sign: -sign as 1 | -1 } });
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
    order.cancelled = ex;
    // Accepted: it was open until this cancel.
    order.openAt = ex.seq;
    const status = dataOf(ex)['status'];
    order.status = typeof status === 'string' ? status : 'cancelled';
    const r = order.reserve;
    order.reserve = undefined;
    if (!r) return this.unsure(account, [order.base, order.quote], 'a cancel of an order whose reservation is unknown', ex);
    this.effect(account, { ex, currency: r.currency, balance: r.amount, locked: -r.amount, rule: 'reserve' });
  }

  private copyStarted(account: TradingAccount, ex: Exchange, body: Record<string, unknown>): void {
    const traderId = idOf(body['lead_trader_id']);
    const amount = toUnits(body['copy_amount']);
    if (traderId === undefined || amount === undefined) return this.unsure(account, ['USDT'], 'a copy start with an unreadable body', ex);
    account.copies.set(traderId, { traderId, amount });
    // Seed trading §3, §4: starting locks exactly copy_amount USDT.
    this.effect(account, { ex, currency: 'USDT', balance: -amount, locked: amount, rule: 'copy-lock', seed: { assertion: 'copy-lock', sign: -1, exact: -amount } });
  }

  private copyStopped(account: TradingAccount, ex: Exchange, body: Record<string, unknown>): void {
    const traderId = idOf(body['lead_trader_id']);
    const relation = traderId === undefined ? undefined : account.copies.get(traderId);
    if (!relation) return this.unsure(account, ['USDT'], 'a stop of a copy the run did not start', ex);
    account.copies.delete(relation.traderId);
    const refunded = toUnits(dataOf(ex)['refunded']);
    if (refunded === undefined) {
      // Seed trading §3: it refunds the remaining USDT; how much, the answer does not say.
      this.unsure(account, ['USDT'], 'a copy stop that does not say what it refunded', ex);
      return;
    }
    // Seed trading §3: the remaining USDT comes back (nothing remains after a total loss).
    const seedRule = refunded > 0n ? { seed: { assertion: 'copy-refund' as const, sign: 1 as const } } : {};
    this.effect(account, { ex, currency: 'USDT', balance: refunded, locked: -relation.amount, rule: 'copy-refund', ...seedRule });
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
