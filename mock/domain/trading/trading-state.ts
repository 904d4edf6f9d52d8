// The trading fake's whole state as plain data: bigints for money, Maps and arrays for indexes,
// so that it can be exported as a snapshot (docs/MOCK-CONTRACT.md).

import type { Dec } from '../decimal.js';
import type { ExportCut } from '../export-cut.js';
import type { Expiry } from './expiry-queue.js';

export type Permission = 'read' | 'trade';
export type OrderKind = 'spot' | 'margin' | 'futures' | 'binary';
export type OrderStatus = 'open' | 'filled' | 'cancelled' | 'settled';
export type BinaryResult = 'won' | 'lost' | 'draw';

export const ORDER_KINDS: readonly OrderKind[] = ['spot', 'margin', 'futures', 'binary'];
export const ORDER_STATUSES: readonly OrderStatus[] = ['open', 'filled', 'cancelled', 'settled'];

export interface Account {
  id: number;
  name: string;
  createdAt: number;
}

export interface ApiKey {
  key: string;
  accountId: number;
  permissions: Permission[];
  /** Addresses or CIDR ranges in normal form; empty allows any address (decision trading.guard-order). */
  ipWhitelist: string[];
}

/** One balance entry: `available` is the seed's `balance`; `locked` is held by orders and copies. */
export interface BalanceRow {
  currency: string;
  chain: string;
  available: Dec;
  locked: Dec;
}

/** What every kind of order has. */
interface OrderBase {
  id: number;
  accountId: number;
  /** The market's base currency (BTC of BTC/USDT) and its quote (USDT). */
  market: string;
  pair: string;
  amount: Dec;
  status: OrderStatus;
  createdAt: number;
  updatedAt: number;
  /** What the order holds locked while open, and in which currency (settlement chain). */
  reserved: Dec;
  reservedCurrency: string;
}

/** Decision trading.spot-semantics: a market order fills at once at the current price. */
export interface MarketSpotOrder extends OrderBase {
  type: 'spot';
  orderType: 'market';
  side: 'buy' | 'sell';
  price: null;
  fillPrice: Dec;
}

/** A limit order holds its limit price; it fills at that price once the walk crosses it. */
export interface LimitSpotOrder extends OrderBase {
  type: 'spot';
  orderType: 'limit';
  side: 'buy' | 'sell';
  price: Dec;
  fillPrice: Dec | null;
}

export type SpotOrder = MarketSpotOrder | LimitSpotOrder;

/** Decisions trading.margin-semantics, trading.futures-semantics: entry price, leverage, margin. */
interface PositionBase extends OrderBase {
  orderType: 'market' | 'limit';
  side: 'long' | 'short';
  /** The limit price of a limit order, else null. */
  price: Dec | null;
  /** The entry price. */
  fillPrice: Dec;
  leverage: number;
  margin: Dec;
}

/** Stays open: the seed has no endpoint to close it. */
export interface MarginOrder extends PositionBase {
  type: 'margin';
}

export interface FuturesOrder extends PositionBase {
  type: 'futures';
  durationHours: number;
  expiresAt: number;
  /** Set when settled at expiry. */
  pnl: Dec | null;
}

/** Decision trading.binary-semantics: amount in the quote, against the price at opening. */
export interface BinaryOrder extends OrderBase {
  type: 'binary';
  direction: 'long' | 'short';
  /** The price at opening. */
  fillPrice: Dec;
  durationMinutes: number;
  expiresAt: number;
  result: BinaryResult | null;
  pnl: Dec | null;
}

/** An order of any kind, told apart by `type` (and a spot order's `orderType`). */
export type Order = SpotOrder | MarginOrder | FuturesOrder | BinaryOrder;

export interface LeadTrader {
  id: number;
  name: string;
  active: boolean;
  roi30d: number;
  winRate: number;
  /** Seeded followers; the active copies (copiers) are added when listed. */
  followers: number;
  copiers: number;
  minCopyAmount: Dec;
  /** Fraction per day, signed (decision trading.lead-trader-fields). */
  dailyReturn: Dec;
}

export interface CopyRelation {
  id: number;
  accountId: number;
  traderId: number;
  copyAmount: Dec;
  status: 'active' | 'stopped';
  startedAt: number;
  stoppedAt: number | null;
  /**
   * Result accrued over earlier daily_return segments, in units of 1e-16 USDT × ms, exact: the
   * result is copy_amount × rate × elapsed, and only its final value is rounded.
   */
  accrued: bigint;
  segmentStart: number;
  /** Set when stopped. */
  result: Dec | null;
  refunded: Dec | null;
}

/** Per account: order ids ascending (= oldest first) per `${type}:${status}` bucket. */
export type OrderBuckets = Map<string, number[]>;

/** Open limit orders of one market: best last, so the next fill is a pop. */
export interface LimitBook {
  /** Ascending by limit price: the highest bid is last. */
  buys: number[];
  /** Descending by limit price: the lowest ask is last. */
  sells: number[];
}

export interface TradingState {
  nextAccountId: number;
  nextRelationId: number;
  accounts: Map<number, Account>;
  keys: Map<string, ApiKey>;
  balances: Map<number, Map<string, BalanceRow>>;
  /** orders[id - 1]; ids are dense and increase with creation time. */
  orders: Order[];
  orderBuckets: Map<number, OrderBuckets>;
  limitBooks: Map<string, LimitBook>;
  /** Open futures and binary orders by expiry: a min-heap (expiry-queue.ts). */
  expiries: Expiry[];
  traders: Map<number, LeadTrader>;
  /** Active relation per `${accountId}:${traderId}`. */
  activeCopies: Map<string, CopyRelation>;
  copies: CopyRelation[];
  /** Every event due at or before this time has been processed. */
  settledUntil: number;
  /** State exports under way (export-cut.ts): not state, never exported. */
  cuts: ExportCut[];
}

export function createEmptyState(now: number): TradingState {
  return {
    nextAccountId: 1,
    nextRelationId: 1,
    accounts: new Map(),
    keys: new Map(),
    balances: new Map(),
    orders: [],
    orderBuckets: new Map(),
    limitBooks: new Map(),
    expiries: [],
    traders: new Map(),
    activeCopies: new Map(),
    copies: [],
    settledUntil: now,
    cuts: [],
  };
}
