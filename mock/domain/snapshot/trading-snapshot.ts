// The trading model's whole state as plain JSON and back: money as decimal strings,
// times as epoch ms, Maps as arrays. The indexes (order buckets, limit books, expiry heap, active
// copies, copier counts) are derived and rebuilt on import with the model's own functions, and the
// position of the admin key generator is kept so that generated keys continue where they were.
//
// Import reads everything into a new state first and assigns it only when all of it is valid, so
// an invalid snapshot changes nothing. Beyond types, it checks what the engine relies on: ids
// dense and unique, references resolvable, fields that a kind of order needs present, and the
// ledger rule that an account's locked amount is exactly what its open orders and copies hold.

import type { ExportCut } from '../export-cut.js';
import { validateWhitelistEntry } from '../ip-whitelist.js';
import { materializeCut, openCut, RecordRun, runOf, type Pieced, type SnapshotCut } from './snapshot-pieces.js';
import {
  arr,
  bigIntText,
  bool,
  fail,
  field,
  int,
  keysOf,
  money,
  moneyOrNull,
  moneyText,
  ms,
  nullable,
  obj,
  oneOf,
  str,
} from './snapshot-reader.js';
import type { Dec } from '../decimal.js';
import { pushExpiry } from '../trading/expiry-queue.js';
import { balancesOf } from '../trading/ledger.js';
import { addLimit } from '../trading/limit-book.js';
import { findMarket } from '../trading/markets.js';
import { indexNewOrder } from '../trading/order-index.js';
import { settlementChain } from '../trading/settlement-chains.js';
import {
  createEmptyState,
  ORDER_KINDS,
  ORDER_STATUSES,
  type Account,
  type ApiKey,
  type BalanceRow,
  type CopyRelation,
  type LeadTrader,
  type BinaryResult,
  type Order,
  type Permission,
  type TradingState,
} from '../trading/trading-state.js';

export interface TradingKeySnapshot {
  /** A credential: kept so that clients keep working after a restart; never logged (a masked field name). */
  api_key: string;
  permissions: Permission[];
  ip_whitelist: string[];
}

export interface TradingBalanceSnapshot {
  currency: string;
  chain: string;
  /** Available (the wire's `balance`). */
  balance: string;
  locked: string;
}

export interface TradingAccountSnapshot {
  id: number;
  name: string;
  created_at: number;
  keys: TradingKeySnapshot[];
  balances: TradingBalanceSnapshot[];
}

/** One order of any kind, flat: the fields a kind does not have are null (as on the wire). */
export interface TradingOrderSnapshot {
  id: number;
  account_id: number;
  type: Order['type'];
  market: string;
  pair: string;
  side: 'buy' | 'sell' | 'long' | 'short' | null;
  direction: 'long' | 'short' | null;
  order_type: 'market' | 'limit' | null;
  amount: string;
  price: string | null;
  fill_price: string | null;
  leverage: number | null;
  margin: string | null;
  duration_hours: number | null;
  duration_minutes: number | null;
  status: Order['status'];
  result: BinaryResult | null;
  pnl: string | null;
  created_at: number;
  updated_at: number;
  expires_at: number | null;
  reserved: string;
  reserved_currency: string;
}

export interface TradingTraderSnapshot {
  id: number;
  name: string;
  active: boolean;
  roi_30d: number;
  win_rate: number;
  followers: number;
  min_copy_amount: string;
  daily_return: string;
}

export interface TradingCopySnapshot {
  id: number;
  account_id: number;
  trader_id: number;
  copy_amount: string;
  status: CopyRelation['status'];
  started_at: number;
  stopped_at: number | null;
  /** Exact accrual of earlier daily_return segments (1e-16 USDT × ms), an integer string. */
  accrued: string;
  segment_start: number;
  result: string | null;
  refunded: string | null;
}

export interface TradingSnapshot {
  next_account_id: number;
  next_relation_id: number;
  settled_until: number;
  /** Words drawn so far by the generator of admin-created keys (`dk_…`). */
  key_rng_drawn: number;
  accounts: TradingAccountSnapshot[];
  orders: TradingOrderSnapshot[];
  traders: TradingTraderSnapshot[];
  copies: TradingCopySnapshot[];
}

/** The state as JSON; keyRngDrawn is how many words the admin key generator has drawn. */
export function encodeTradingState(state: TradingState, keyRngDrawn: number): TradingSnapshot {
  return materializeCut(cutTradingState(state, keyRngDrawn));
}

/**
 * The state at this instant, its orders and copy relations read a piece at a time
 * (snapshot-pieces.ts, mock/domain/export-cut.ts): the counters, accounts (with their keys and
 * balances) and lead traders are encoded now; an order or a copy relation that changes before its
 * piece is read is encoded first, as it was.
 */
export function cutTradingState(state: TradingState, keyRngDrawn: number): SnapshotCut<TradingSnapshot> {
  const kept = new Map<object, unknown>();
  const orderCount = state.orders.length;
  const copyCount = state.copies.length;
  const lastCopyId = state.nextRelationId - 1;
  let ordersRead = 0;
  const cut: ExportCut = {
    keep(kind, record) {
      if (kept.has(record)) return;
      if (kind === 'order') {
        const order = record as Order;
        if (order.id > ordersRead && order.id <= orderCount) kept.set(order, exportOrder(order));
      } else if (kind === 'copy' && (record as CopyRelation).id <= lastCopyId) {
        kept.set(record, exportCopy(record as CopyRelation));
      }
    },
  };
  state.cuts.push(cut);
  const keysOf = new Map<number, ApiKey[]>();
  for (const k of state.keys.values()) {
    const list = keysOf.get(k.accountId);
    if (list === undefined) keysOf.set(k.accountId, [k]);
    else list.push(k);
  }
  const tree: Pieced<TradingSnapshot> = {
    next_account_id: state.nextAccountId,
    next_relation_id: state.nextRelationId,
    settled_until: state.settledUntil,
    key_rng_drawn: keyRngDrawn,
    accounts: [...state.accounts.values()].map((a) => ({
      id: a.id,
      name: a.name,
      created_at: a.createdAt,
      keys: (keysOf.get(a.id) ?? []).map((k) => ({ api_key: k.key, permissions: [...k.permissions], ip_whitelist: [...k.ipWhitelist] })),
      balances: balancesOf(state, a.id).map((r) => ({ currency: r.currency, chain: r.chain, balance: moneyText(r.available), locked: moneyText(r.locked) })),
    })),
    orders: new RecordRun(orderCount, function* () {
      for (const piece of runOf(state.orders, orderCount, exportOrder, kept)) {
        ordersRead += piece.length;
        yield piece;
      }
    }),
    traders: [...state.traders.values()].map((t) => ({
      id: t.id,
      name: t.name,
      active: t.active,
      roi_30d: t.roi30d,
      win_rate: t.winRate,
      followers: t.followers,
      min_copy_amount: moneyText(t.minCopyAmount),
      daily_return: moneyText(t.dailyReturn),
    })),
    copies: new RecordRun(copyCount, () => runOf(state.copies, copyCount, exportCopy, kept)),
  };
  return openCut(tree, state.cuts, cut, kept);
}

function exportCopy(c: CopyRelation): TradingCopySnapshot {
  return {
    id: c.id,
    account_id: c.accountId,
    trader_id: c.traderId,
    copy_amount: moneyText(c.copyAmount),
    status: c.status,
    started_at: c.startedAt,
    stopped_at: c.stoppedAt,
    accrued: c.accrued.toString(),
    segment_start: c.segmentStart,
    result: moneyOrNull(c.result),
    refunded: moneyOrNull(c.refunded),
  };
}

// One object literal of one shape for every kind (no spread copies): a soak's state export of
// tens of thousands of orders spent most of its time allocating and collecting the copies.
function exportOrder(o: Order): TradingOrderSnapshot {
  const spot = o.type === 'spot' ? o : null;
  const position = o.type === 'margin' || o.type === 'futures' ? o : null;
  const futures = o.type === 'futures' ? o : null;
  const binary = o.type === 'binary' ? o : null;
  const traded = spot ?? position;
  const expiring = futures ?? binary;
  return {
    id: o.id,
    account_id: o.accountId,
    type: o.type,
    market: o.market,
    pair: o.pair,
    side: traded === null ? null : traded.side,
    direction: binary === null ? null : binary.direction,
    order_type: traded === null ? null : traded.orderType,
    amount: moneyText(o.amount),
    price: traded === null ? null : moneyOrNull(traded.price),
    fill_price: moneyOrNull(o.fillPrice),
    leverage: position === null ? null : position.leverage,
    margin: position === null ? null : moneyText(position.margin),
    duration_hours: futures === null ? null : futures.durationHours,
    duration_minutes: binary === null ? null : binary.durationMinutes,
    status: o.status,
    result: binary === null ? null : binary.result,
    pnl: expiring === null ? null : moneyOrNull(expiring.pnl),
    created_at: o.createdAt,
    updated_at: o.updatedAt,
    expires_at: expiring === null ? null : expiring.expiresAt,
    reserved: moneyText(o.reserved),
    reserved_currency: o.reservedCurrency,
  };
}

export interface DecodedTrading {
  state: TradingState;
  keyRngDrawn: number;
}

// Every object's keys (obj() refuses any other key).
const ROOT_KEYS = keysOf<TradingSnapshot>({ next_account_id: true, next_relation_id: true, settled_until: true, key_rng_drawn: true, accounts: true, orders: true, traders: true, copies: true });
const ACCOUNT_KEYS = keysOf<TradingAccountSnapshot>({ id: true, name: true, created_at: true, keys: true, balances: true });
const KEY_KEYS = keysOf<TradingKeySnapshot>({ api_key: true, permissions: true, ip_whitelist: true });
const BALANCE_KEYS = keysOf<TradingBalanceSnapshot>({ currency: true, chain: true, balance: true, locked: true });
const TRADER_KEYS = keysOf<TradingTraderSnapshot>({ id: true, name: true, active: true, roi_30d: true, win_rate: true, followers: true, min_copy_amount: true, daily_return: true });
const ORDER_KEYS = keysOf<TradingOrderSnapshot>({
  id: true, account_id: true, type: true, market: true, pair: true, side: true, direction: true, order_type: true, amount: true, price: true,
  fill_price: true, leverage: true, margin: true, duration_hours: true, duration_minutes: true, status: true, result: true, pnl: true,
  created_at: true, updated_at: true, expires_at: true, reserved: true, reserved_currency: true,
});
const COPY_KEYS = keysOf<TradingCopySnapshot>({
  id: true, account_id: true, trader_id: true, copy_amount: true, status: true, started_at: true, stopped_at: true, accrued: true,
  segment_start: true, result: true, refunded: true,
});

const KEY_TEXT = /^[\x21-\x7e]{1,128}$/;
const CURRENCY = /^[A-Z0-9]{2,10}$/;
const CHAIN = /^[a-z0-9-]{2,32}$/;
const rowKey = (currency: string, chain: string): string => `${currency}:${chain}`;

/** Reads and checks a trading snapshot into a new state (nothing is assigned). Throws SnapshotError. */
export function decodeTradingState(json: unknown, path = 'trading'): DecodedTrading {
  const root = obj(json, path, ROOT_KEYS);
  const state = createEmptyState(field(root, path, 'settled_until', ms));
  const keyRngDrawn = field(root, path, 'key_rng_drawn', int);

  arr(root['accounts'], `${path}.accounts`).forEach((raw, i) => decodeAccount(state, raw, `${path}.accounts[${i}]`));
  state.nextAccountId = field(root, path, 'next_account_id', (v, p) => int(v, p, 1));
  for (const id of state.accounts.keys()) if (id >= state.nextAccountId) fail(`${path}.next_account_id`, `must be above every account id (${id})`);

  arr(root['traders'], `${path}.traders`).forEach((raw, i) => {
    const p = `${path}.traders[${i}]`;
    const t = obj(raw, p, TRADER_KEYS);
    const trader: LeadTrader = {
      id: field(t, p, 'id', (v, q) => int(v, q, 1)),
      name: field(t, p, 'name', str),
      active: field(t, p, 'active', bool),
      roi30d: field(t, p, 'roi_30d', finite),
      winRate: field(t, p, 'win_rate', finite),
      followers: field(t, p, 'followers', int),
      copiers: 0,
      minCopyAmount: field(t, p, 'min_copy_amount', money),
      dailyReturn: field(t, p, 'daily_return', (v, q) => money(v, q, true)),
    };
    if (state.traders.has(trader.id)) fail(`${p}.id`, `duplicate lead trader id ${trader.id}`);
    state.traders.set(trader.id, trader);
  });

  arr(root['orders'], `${path}.orders`).forEach((raw, i) => {
    const order = decodeOrder(state, raw, `${path}.orders[${i}]`);
    if (order.id !== i + 1) fail(`${path}.orders[${i}].id`, `orders are listed by id from 1 without gaps: expected ${i + 1}`);
    state.orders.push(order);
    indexNewOrder(state, order);
    if (order.status !== 'open') return;
    if (order.type === 'spot' && order.orderType === 'limit') addLimit(state, order);
    if (order.type === 'futures' || order.type === 'binary') pushExpiry(state.expiries, { at: order.expiresAt, id: order.id });
  });

  const copyIds = new Set<number>();
  arr(root['copies'], `${path}.copies`).forEach((raw, i) => decodeCopy(state, copyIds, raw, `${path}.copies[${i}]`));
  state.nextRelationId = field(root, path, 'next_relation_id', (v, p) => int(v, p, 1));
  for (const c of state.copies) if (c.id >= state.nextRelationId) fail(`${path}.next_relation_id`, `must be above every copy relation id (${c.id})`);

  checkLocked(state, path);
  return { state, keyRngDrawn };
}

function finite(v: unknown, path: string): number {
  if (typeof v !== 'number' || !Number.isFinite(v)) fail(path, 'expected a number');
  return v;
}

function decodeAccount(state: TradingState, raw: unknown, path: string): void {
  const a = obj(raw, path, ACCOUNT_KEYS);
  const account: Account = { id: field(a, path, 'id', (v, p) => int(v, p, 1)), name: field(a, path, 'name', str), createdAt: field(a, path, 'created_at', ms) };
  if (state.accounts.has(account.id)) fail(`${path}.id`, `duplicate account id ${account.id}`);
  state.accounts.set(account.id, account);
  arr(a['keys'], `${path}.keys`).forEach((rawKey, j) => {
    const p = `${path}.keys[${j}]`;
    const k = obj(rawKey, p, KEY_KEYS);
    const key = field(k, p, 'api_key', (v, q) => str(v, q, KEY_TEXT));
    if (state.keys.has(key)) fail(`${p}.api_key`, 'duplicate API key');
    const permissions = arr(k['permissions'], `${p}.permissions`).map((v, n) => oneOf(v, `${p}.permissions[${n}]`, ['read', 'trade'] as const));
    if (new Set(permissions).size !== permissions.length) fail(`${p}.permissions`, 'a permission is listed twice');
    const ipWhitelist = arr(k['ip_whitelist'], `${p}.ip_whitelist`).map((v, n) => {
      const check = validateWhitelistEntry(str(v, `${p}.ip_whitelist[${n}]`));
      if (!check.ok) fail(`${p}.ip_whitelist[${n}]`, check.reason);
      return check.entry;
    });
    state.keys.set(key, { key, accountId: account.id, permissions, ipWhitelist });
  });
  const rows = new Map<string, BalanceRow>();
  arr(a['balances'], `${path}.balances`).forEach((rawRow, j) => {
    const p = `${path}.balances[${j}]`;
    const r = obj(rawRow, p, BALANCE_KEYS);
    const row: BalanceRow = {
      currency: field(r, p, 'currency', (v, q) => str(v, q, CURRENCY)),
      chain: field(r, p, 'chain', (v, q) => str(v, q, CHAIN)),
      available: field(r, p, 'balance', money),
      locked: field(r, p, 'locked', money),
    };
    const key = rowKey(row.currency, row.chain);
    if (rows.has(key)) fail(p, `duplicate balance entry ${row.currency} on ${row.chain}`);
    rows.set(key, row);
  });
  if (rows.size > 0) state.balances.set(account.id, rows);
}

const KIND_STATUSES: Record<Order['type'], readonly string[]> = {
  spot: ['open', 'filled', 'cancelled'],
  margin: ['open'],
  futures: ['open', 'settled'],
  binary: ['open', 'settled'],
};

function decodeOrder(state: TradingState, raw: unknown, path: string): Order {
  const o = obj(raw, path, ORDER_KEYS);
  const f = <T>(name: string, read: (v: unknown, p: string) => T): T => field(o, path, name, read);
  const money0 = (v: unknown, p: string): Dec => money(v, p);
  const flat = {
    id: f('id', (v, p) => int(v, p, 1)),
    accountId: f('account_id', (v, p) => int(v, p, 1)),
    type: f('type', (v, p) => oneOf(v, p, ORDER_KINDS)),
    market: f('market', str),
    pair: f('pair', str),
    side: f('side', (v, p) => nullable(v, p, (w, q) => oneOf(w, q, ['buy', 'sell', 'long', 'short'] as const))),
    direction: f('direction', (v, p) => nullable(v, p, (w, q) => oneOf(w, q, ['long', 'short'] as const))),
    orderType: f('order_type', (v, p) => nullable(v, p, (w, q) => oneOf(w, q, ['market', 'limit'] as const))),
    amount: f('amount', money0),
    price: f('price', (v, p) => nullable(v, p, money0)),
    fillPrice: f('fill_price', (v, p) => nullable(v, p, money0)),
    leverage: f('leverage', (v, p) => nullable(v, p, (w, q) => int(w, q, 1))),
    margin: f('margin', (v, p) => nullable(v, p, money0)),
    durationHours: f('duration_hours', (v, p) => nullable(v, p, (w, q) => int(w, q, 1))),
    durationMinutes: f('duration_minutes', (v, p) => nullable(v, p, (w, q) => int(w, q, 1))),
    status: f('status', (v, p) => oneOf(v, p, ORDER_STATUSES)),
    result: f('result', (v, p) => nullable(v, p, (w, q) => oneOf(w, q, ['won', 'lost', 'draw'] as const))),
    pnl: f('pnl', (v, p) => nullable(v, p, (w, q) => money(w, q, true))),
    createdAt: f('created_at', ms),
    updatedAt: f('updated_at', ms),
    expiresAt: f('expires_at', (v, p) => nullable(v, p, ms)),
    reserved: f('reserved', money0),
    reservedCurrency: f('reserved_currency', str),
  };
  if (!state.accounts.has(flat.accountId)) fail(`${path}.account_id`, `no account ${flat.accountId}`);
  const market = findMarket(flat.market, flat.pair);
  if (market === undefined || market.base !== flat.market || market.quote !== flat.pair) {
    fail(`${path}.market`, `${flat.market}/${flat.pair} is not a market`);
  }
  if (!KIND_STATUSES[flat.type].includes(flat.status)) fail(`${path}.status`, `a ${flat.type} order cannot be ${flat.status}`);
  if (flat.reservedCurrency !== flat.market && flat.reservedCurrency !== flat.pair) fail(`${path}.reserved_currency`, 'must be the market or the pair');
  if (flat.status !== 'open' && flat.reserved !== 0n) fail(`${path}.reserved`, 'only an open order holds a reservation');
  // What each kind needs, so that settling, cancelling or listing it can never meet a hole.
  const need = <T>(value: T | null, name: string, why: string): T => {
    if (value === null) fail(`${path}.${name}`, why);
    return value;
  };
  const { id, accountId, market: base, pair, amount, status, createdAt, updatedAt, reserved, reservedCurrency } = flat;
  // Each kind's record written out in full rather than spread from the common fields: an import
  // builds one per order, and the spread was the largest part of decoding one (a CPU profile).
  if (flat.type === 'binary') {
    if (flat.side !== null) fail(`${path}.side`, 'a binary order has side null');
    if (flat.orderType !== null) fail(`${path}.order_type`, 'every order but binary has an order_type');
    return {
      id, accountId, market: base, pair, amount, status, createdAt, updatedAt, reserved, reservedCurrency,
      type: 'binary',
      direction: need(flat.direction, 'direction', 'a binary order has a direction'),
      fillPrice: need(flat.fillPrice, 'fill_price', 'a binary order has an entry price'),
      durationMinutes: need(flat.durationMinutes, 'duration_minutes', 'a binary order has duration_minutes'),
      expiresAt: need(flat.expiresAt, 'expires_at', 'a binary order expires'),
      result: flat.result,
      pnl: flat.pnl,
    };
  }
  if (flat.direction !== null) fail(`${path}.direction`, 'only binary orders have a direction');
  const orderType = need(flat.orderType, 'order_type', 'every order but binary has an order_type');
  const side = need(flat.side, 'side', `a ${flat.type} order has a side`);
  if (flat.type === 'spot') {
    if (side !== 'buy' && side !== 'sell') fail(`${path}.side`, 'a spot order has side buy or sell');
    if (orderType === 'market') {
      if (status === 'open') fail(`${path}.status`, 'only limit spot orders stay open');
      const fillPrice = need(flat.fillPrice, 'fill_price', 'a market order fills when placed');
      return { id, accountId, market: base, pair, amount, status, createdAt, updatedAt, reserved, reservedCurrency, type: 'spot', side, orderType, price: null, fillPrice };
    }
    const price = need(flat.price, 'price', 'a limit order has a price');
    return { id, accountId, market: base, pair, amount, status, createdAt, updatedAt, reserved, reservedCurrency, type: 'spot', side, orderType, price, fillPrice: flat.fillPrice };
  }
  if (side !== 'long' && side !== 'short') fail(`${path}.side`, `a ${flat.type} order has side long or short`);
  const fillPrice = need(flat.fillPrice, 'fill_price', `a ${flat.type} order has an entry price`);
  const leverage = need(flat.leverage, 'leverage', 'a position has margin and leverage');
  const margin = need(flat.margin, 'margin', 'a position has margin and leverage');
  if (flat.type === 'margin') {
    return { id, accountId, market: base, pair, amount, status, createdAt, updatedAt, reserved, reservedCurrency, side, orderType, price: flat.price, fillPrice, leverage, margin, type: 'margin' };
  }
  return {
    id, accountId, market: base, pair, amount, status, createdAt, updatedAt, reserved, reservedCurrency, side, orderType, price: flat.price, fillPrice, leverage, margin,
    type: 'futures',
    durationHours: need(flat.durationHours, 'duration_hours', 'a futures order has duration_hours'),
    expiresAt: need(flat.expiresAt, 'expires_at', 'a futures order expires'),
    pnl: flat.pnl,
  };
}

function decodeCopy(state: TradingState, ids: Set<number>, raw: unknown, path: string): void {
  const c = obj(raw, path, COPY_KEYS);
  const f = <T>(name: string, read: (v: unknown, p: string) => T): T => field(c, path, name, read);
  const relation: CopyRelation = {
    id: f('id', (v, p) => int(v, p, 1)),
    accountId: f('account_id', (v, p) => int(v, p, 1)),
    traderId: f('trader_id', (v, p) => int(v, p, 1)),
    copyAmount: f('copy_amount', money),
    status: f('status', (v, p) => oneOf(v, p, ['active', 'stopped'] as const)),
    startedAt: f('started_at', ms),
    stoppedAt: f('stopped_at', (v, p) => nullable(v, p, ms)),
    accrued: f('accrued', bigIntText),
    segmentStart: f('segment_start', ms),
    result: f('result', (v, p) => nullable(v, p, (w, q) => money(w, q, true))),
    refunded: f('refunded', (v, p) => nullable(v, p, money)),
  };
  if (!state.accounts.has(relation.accountId)) fail(`${path}.account_id`, `no account ${relation.accountId}`);
  const trader = state.traders.get(relation.traderId);
  if (trader === undefined) fail(`${path}.trader_id`, `no lead trader ${relation.traderId}`);
  if (ids.has(relation.id)) fail(`${path}.id`, `duplicate copy relation id ${relation.id}`);
  ids.add(relation.id);
  const active = relation.status === 'active';
  if (active !== (relation.stoppedAt === null && relation.result === null && relation.refunded === null)) {
    fail(path, 'stopped_at, result and refunded are null exactly while the relation is active');
  }
  state.copies.push(relation);
  if (!active) return;
  const key = `${relation.accountId}:${relation.traderId}`;
  if (state.activeCopies.has(key)) fail(path, `account ${relation.accountId} copies lead trader ${relation.traderId} twice`);
  state.activeCopies.set(key, relation);
  trader.copiers++;
}

/** Decision trading.balance-meaning: locked is what open orders and active copies hold, on the settlement chain. */
function checkLocked(state: TradingState, path: string): void {
  const held = new Map<number, Map<string, Dec>>();
  const hold = (accountId: number, currency: string, amount: Dec): void => {
    if (amount === 0n) return;
    let m = held.get(accountId);
    if (m === undefined) held.set(accountId, (m = new Map()));
    m.set(currency, (m.get(currency) ?? 0n) + amount);
  };
  for (const o of state.orders) if (o.status === 'open') hold(o.accountId, o.reservedCurrency, o.reserved);
  for (const c of state.activeCopies.values()) hold(c.accountId, 'USDT', c.copyAmount);
  for (const account of state.accounts.values()) {
    const rows = state.balances.get(account.id) ?? new Map<string, BalanceRow>();
    const want = held.get(account.id) ?? new Map<string, Dec>();
    for (const row of rows.values()) {
      const expected = settlementChain(row.currency) === row.chain ? (want.get(row.currency) ?? 0n) : 0n;
      if (row.locked !== expected) {
        fail(`${path}.accounts[id ${account.id}].balances`, `${row.currency} on ${row.chain} has locked ${moneyText(row.locked)}, but its open orders and copies hold ${moneyText(expected)}`);
      }
    }
    for (const [currency, amount] of want) {
      const chain = settlementChain(currency);
      if (chain === undefined || !rows.has(rowKey(currency, chain))) {
        fail(`${path}.accounts[id ${account.id}].balances`, `open orders or copies hold ${moneyText(amount)} ${currency}, but there is no ${currency} entry on its settlement chain`);
      }
    }
  }
}
