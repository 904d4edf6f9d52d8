// createTradingBackend: the trading fake behind methods (as moto's backends): its state, its rng and
// its balance rows are private; the API layer, the admin routes and the fixture generator call these
// methods and never touch the records' indexes. No HTTP words here (docs/ARCHITECTURE.md).

import { bytesToHex } from '@noble/hashes/utils.js';
import { DEFAULT_DECISIONS, type DecisionValues } from '../../../spec/decision-points.js';
import type { Clock } from '../clock.js';
import type { Dec } from '../decimal.js';
import { DomainError, domainError } from '../domain-error.js';
import { ipAllowed } from '../ip-whitelist.js';
import type { PriceBook } from '../price-book.js';
import { createRng, type Rng } from '../rng.js';
import { addKey, createAccount } from './accounts.js';
import { cancelSpotOrder } from './cancel-spot-order.js';
import { copyResult, setDailyReturn, startCopy, stopCopy } from './copy-trading.js';
import { balanceRow, balancesOf } from './ledger.js';
import type { Market } from './markets.js';
import { countOrders, listOrders, type OrderFilter } from './order-index.js';
import { placeBinaryOrder, type BinaryInput } from './place-binary-order.js';
import { openPosition, type PositionInput } from './place-position.js';
import { placeSpotOrder, type SpotInput } from './place-spot-order.js';
import { seedDemo } from './seed-demo.js';
import { settle } from './settle.js';
import { settlementChain } from './settlement-chains.js';
import { cutTradingState, decodeTradingState, encodeTradingState, type SnapshotCut, type TradingSnapshot } from '../snapshot/index.js';
import {
  createEmptyState,
  type Account,
  type ApiKey,
  type BalanceRow,
  type CopyRelation,
  type LeadTrader,
  type Order,
  type OrderStatus,
  type Permission,
  type TradingState,
} from './trading-state.js';

export interface TradingBackendOptions {
  seed: number;
  clock: Pick<Clock, 'now'>;
  prices: PriceBook;
  /** Default true: the demo keys, accounts and lead traders (docs/guides/client-developers.md, demo data). */
  demo?: boolean;
  /** The deployment's decisions (a profile, spec/profile.ts); default doppel's. */
  decisions?: DecisionValues;
}

/** Who is calling: the key's record and its account (read them, do not change them). */
export interface TradingCaller {
  readonly key: Readonly<ApiKey>;
  readonly account: Readonly<Account>;
}

export interface NewAccount {
  name: string;
  permissions: Permission[];
  /** Entries already in normal form (validateWhitelistEntry). */
  ipWhitelist: string[];
  /** Omitted: a generated `dk_` + 32 hex digits (decision trading.key-format). */
  key?: string;
  balances: Array<{ currency: string; chain?: string | undefined; amount: Dec }>;
}

export interface AccountView {
  account: Account;
  keys: ApiKey[];
  balances: BalanceRow[];
  orderCounts: Record<OrderStatus, number>;
}

export interface TradingBackend {
  readonly seed: number;
  readonly prices: PriceBook;
  /** The decision points' values this fake answers with: doppel's, or a profile's (spec/profile.ts). */
  readonly decisions: Readonly<DecisionValues>;
  /** Processes every event due by now (default the clock's now): fills, expiries, settlements. Returns that time. */
  settle(now?: number): number;
  /**
   * Decision trading.guard-order: key (401) → IP whitelist (403) → permission (403). `key` is the
   * API-KEY header's value (seed trading §5.1), `ip` the caller's address. Without `permission`
   * the permission is left to `authorize` (a profile's guard order that checks the input first).
   */
  authenticate(key: string | undefined, ip: string, permission?: Permission): TradingCaller;
  /** The permission guard (403) on its own. */
  authorize(caller: TradingCaller, permission: Permission): void;
  balances(accountId: number): BalanceRow[];
  orders(accountId: number, filter: OrderFilter): Order[];
  placeSpotOrder(accountId: number, input: SpotInput, now: number): Order;
  openPosition(accountId: number, input: PositionInput, now: number): Order;
  placeBinaryOrder(accountId: number, input: BinaryInput, now: number): Order;
  cancelSpotOrder(accountId: number, orderId: number, now: number): Order;
  /** Active lead traders by id (seed trading §3). */
  activeTraders(): LeadTrader[];
  startCopy(accountId: number, traderId: number, copyAmount: Dec, now: number): { relation: CopyRelation; result: Dec };
  stopCopy(accountId: number, traderId: number, now: number): { relation: CopyRelation; result: Dec };
  // ---- admin (docs/MOCK-CONTRACT.md) and fixtures ----
  /** A new account with one key; throws conflict when the key exists. */
  createAccount(input: NewAccount, now: number): { key: string; accountId: number };
  /** Pins a price from now on and fills the limit orders it crosses at once. */
  setPrice(symbol: string, price: Dec, now: number): void;
  setTrader(id: number, change: { dailyReturn?: Dec; active?: boolean }, now: number): LeadTrader;
  trader(id: number): LeadTrader | undefined;
  traders(): LeadTrader[];
  accounts(): AccountView[];
  copies(now: number): Array<{ relation: CopyRelation; result: Dec }>;
  openOrders(accountId: number, limit: number): Order[];
  orderCount(): number;
  order(id: number): Order | undefined;
  /** When the next futures expiry or binary resolution falls due, if any is pending. */
  nextDue(): number | undefined;
  /** The whole state as plain JSON (trading-snapshot.ts). */
  exportState(): TradingSnapshot;
  /** The state at this instant, its long collections read a piece at a time (mock/domain/export-cut.ts); release() when done. */
  cutState(): SnapshotCut<TradingSnapshot>;
  /** Replaces the state with a snapshot's, or throws SnapshotError and changes nothing. */
  importState(snapshot: unknown): void;
}

export function createTradingBackend(options: TradingBackendOptions): TradingBackend {
  const { seed, clock, prices } = options;
  let state: TradingState = createEmptyState(clock.now());
  if (options.demo !== false) seedDemo(state, clock.now());
  // Seeded randomness for generated keys only.
  let rng: Rng = createRng(seed).fork('trading');

  const settleTo = (now = clock.now()): number => {
    settle(state, prices, now);
    return now;
  };
  const withResult = (relation: CopyRelation, now: number) => ({ relation, result: copyResult(state, relation, now) });
  const priceNow = (market: Market, now: number): Dec => prices.priceAt(market.base, now) as Dec;

  const decisions = options.decisions ?? DEFAULT_DECISIONS;
  return {
    seed,
    prices,
    decisions,
    settle: settleTo,
    authenticate(header, ip, permission) {
      // Decision trading.error-shape#missing-key-message: the profile's text (default the usual prefix).
      if (header === undefined || header === '') throw new DomainError('unauthorized', 'missing API-KEY header', { template: decisions['trading.error-shape#missing-key-message'] });
      const key = state.keys.get(header);
      if (key === undefined) throw domainError.unauthorized('invalid API key');
      if (!ipAllowed(key.ipWhitelist, ip)) throw domainError.ip_not_whitelisted(`address ${ip} is not on this key's IP whitelist`);
      if (permission !== undefined) requirePermission(key, permission);
      const account = state.accounts.get(key.accountId);
      if (account === undefined) throw new Error(`key ${key.key} points at no account`);
      return { key, account };
    },
    authorize: (caller, permission) => requirePermission(caller.key, permission),
    balances: (accountId) => balancesOf(state, accountId),
    orders: (accountId, filter) => listOrders(state, accountId, filter),
    placeSpotOrder: (accountId, input, now) => placeSpotOrder(state, accountId, input, priceNow(input.market, now), now),
    openPosition: (accountId, input, now) => openPosition(state, accountId, input, priceNow(input.market, now), now),
    placeBinaryOrder: (accountId, input, now) => placeBinaryOrder(state, accountId, input, priceNow(input.market, now), now),
    cancelSpotOrder: (accountId, orderId, now) => cancelSpotOrder(state, accountId, orderId, now),
    activeTraders: () => [...state.traders.values()].filter((t) => t.active).sort((a, b) => a.id - b.id),
    startCopy: (accountId, traderId, amount, now) => withResult(startCopy(state, accountId, traderId, amount, now), now),
    stopCopy: (accountId, traderId, now) => withResult(stopCopy(state, accountId, traderId, now), now),
    createAccount(input, now) {
      const key = input.key ?? `dk_${bytesToHex(rng.bytes(16))}`;
      if (state.keys.has(key)) throw domainError.conflict(`API key ${key} already exists`);
      for (const b of input.balances) {
        if (b.chain === undefined && settlementChain(b.currency) === undefined) throw domainError.invalid_request(`${b.currency} has no settlement chain: give its chain`);
      }
      const account = createAccount(state, input.name, now);
      addKey(state, key, account.id, [...new Set(input.permissions)], input.ipWhitelist);
      for (const b of input.balances) balanceRow(state, account.id, b.currency, b.chain).available += b.amount;
      return { key, accountId: account.id };
    },
    setPrice(symbol, price, now) {
      prices.set(symbol, price);
      settleTo(now);
    },
    setTrader(id, change, now) {
      const trader = state.traders.get(id);
      if (trader === undefined) throw domainError.not_found(`lead trader ${id} not found`);
      if (change.dailyReturn !== undefined) setDailyReturn(state, id, change.dailyReturn, now);
      if (change.active !== undefined) trader.active = change.active;
      return trader;
    },
    trader: (id) => state.traders.get(id),
    traders: () => [...state.traders.values()],
    accounts() {
      const keysOf = new Map<number, ApiKey[]>();
      for (const k of state.keys.values()) keysOf.set(k.accountId, [...(keysOf.get(k.accountId) ?? []), k]);
      return [...state.accounts.values()].map((account) => ({
        account,
        keys: keysOf.get(account.id) ?? [],
        balances: balancesOf(state, account.id),
        orderCounts: countOrders(state, account.id),
      }));
    },
    copies: (now) => state.copies.map((relation) => withResult(relation, now)),
    openOrders: (accountId, limit) => listOrders(state, accountId, { status: 'open', limit }),
    orderCount: () => state.orders.length,
    order: (id) => state.orders[id - 1],
    nextDue: () => state.expiries[0]?.at,
    exportState: () => encodeTradingState(state, rng.drawn()),
    cutState: () => cutTradingState(state, rng.drawn()),
    importState(snapshot) {
      const decoded = decodeTradingState(snapshot);
      const next = createRng(seed).fork('trading');
      next.skip(decoded.keyRngDrawn);
      state = decoded.state;
      rng = next;
    },
  };
}

function requirePermission(key: { permissions: readonly Permission[] }, permission: Permission): void {
  if (!key.permissions.includes(permission)) throw domainError.forbidden(`this key lacks the ${permission} permission`);
}
