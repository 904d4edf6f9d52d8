// The trading port's admin routes under /__doppel/ (docs/MOCK-CONTRACT.md): create a key with
// permissions, whitelist and balances; set a price; change a lead trader; read the state.
// Reset and clock are the composer's (mock/create-fake.ts), shared by both interfaces.

import type { Route } from '../../core/route.js';
import { domainError } from '../../domain/domain-error.js';
import { bytesToHex } from '@noble/hashes/utils.js';
import { validateWhitelistEntry } from '../../domain/ip-whitelist.js';
import { formatSeedDate } from '../../domain/format-date.js';
import { addKey, createAccount } from '../../domain/trading/accounts.js';
import { copyResult, setDailyReturn } from '../../domain/trading/copy-trading.js';
import { balanceRow, balancesOf } from '../../domain/trading/ledger.js';
import { countOrders, listOrders } from '../../domain/trading/order-index.js';
import { settlementChain } from '../../domain/trading/settlement-chains.js';
import type { ApiKey, Permission } from '../../domain/trading/trading-state.js';
import type { TradingModel } from '../../domain/trading/trading-model.js';
import { decimalField, objectBody, stringArray } from './admin-input.js';
import { presentBalance, presentOrder, presentPrice, presentRelation, presentTrader } from './present.js';
import type { PriceEntryData } from '../../domain/price-book.js';

const ok = (data: unknown): { body: unknown } => ({ body: { success: true, data } });
const CURRENCY = /^[A-Z0-9]{2,10}$/;
const CHAIN = /^[a-z0-9-]{2,32}$/;
const KEY_TEXT = /^[\x21-\x7e]{1,128}$/;

export function tradingAdminRoutes(model: TradingModel): Route[] {
  return [createKeyRoute(model), setPriceRoute(model), setTraderRoute(model), stateRoute(model)];
}

/** POST /__doppel/keys: a new account per call, with its key (decision trading.key-format). */
function createKeyRoute(model: TradingModel): Route {
  return {
    method: 'POST',
    path: '/__doppel/keys',
    operationId: 'adminCreateKey',
    handle(req) {
      const now = model.settle();
      const body = objectBody(req.body);
      // Omitted permissions mean a usable key: read and trade.
      const permissions = body['permissions'] === undefined ? ['read', 'trade'] : stringArray(body['permissions'], 'permissions');
      if (!permissions.every((p): p is Permission => p === 'read' || p === 'trade')) {
        throw domainError.invalid_request('permissions must contain only "read" and "trade"');
      }
      const whitelist = stringArray(body['ip_whitelist'], 'ip_whitelist').map((entry) => {
        const check = validateWhitelistEntry(entry);
        if (!check.ok) throw domainError.invalid_request(`ip_whitelist: ${check.reason}`);
        return check.entry;
      });
      const balances = parseBalances(body['balances']);
      const name = body['name'] ?? 'Test account';
      if (typeof name !== 'string') throw domainError.invalid_request('name must be a string');
      const key = body['key'] ?? `dk_${bytesToHex(model.rng.bytes(16))}`;
      if (typeof key !== 'string' || !KEY_TEXT.test(key)) throw domainError.invalid_request('key must be 1 to 128 printable ASCII characters');
      if (model.state.keys.has(key)) throw domainError.conflict(`API key ${key} already exists`);
      const account = createAccount(model.state, name, now);
      addKey(model.state, key, account.id, [...new Set(permissions)], whitelist);
      for (const b of balances) balanceRow(model.state, account.id, b.currency, b.chain).available += b.amount;
      return ok({ key, account_id: account.id });
    },
  };
}

function parseBalances(value: unknown): Array<{ currency: string; chain: string | undefined; amount: bigint }> {
  if (value === undefined) return [];
  if (!Array.isArray(value)) throw domainError.invalid_request('balances must be an array of {currency, chain, balance}');
  return value.map((raw, i) => {
    const b = objectBody(raw);
    const currency = typeof b['currency'] === 'string' ? b['currency'].toUpperCase() : '';
    if (!CURRENCY.test(currency)) throw domainError.invalid_request(`balances[${i}].currency must be a currency code`);
    const chain = b['chain'];
    if (chain !== undefined && (typeof chain !== 'string' || !CHAIN.test(chain))) {
      throw domainError.invalid_request(`balances[${i}].chain must be a chain slug such as tron`);
    }
    if (chain === undefined && settlementChain(currency) === undefined) {
      throw domainError.invalid_request(`balances[${i}].chain is required: ${currency} has no settlement chain`);
    }
    return { currency, chain: chain as string | undefined, amount: decimalField(b['balance'], `balances[${i}].balance`) };
  });
}

/** POST /__doppel/prices/{symbol} {"price_usd": "123.45"}: pins the price from now on. */
function setPriceRoute(model: TradingModel): Route {
  return {
    method: 'POST',
    path: '/__doppel/prices/{symbol}',
    operationId: 'adminSetPrice',
    handle(req, params) {
      const now = model.settle();
      const symbol = (params['symbol'] ?? '').toUpperCase();
      if (model.prices.entry(symbol) === undefined) throw domainError.unknown_symbol(`unknown symbol ${symbol.slice(0, 16)}`);
      // Decision trading.price-walk pins USDT at 1; markets are priced in it.
      if (model.prices.isStable(symbol)) throw domainError.invalid_request(`${symbol} is pinned at 1 and cannot be set`);
      const price = decimalField(objectBody(req.body)['price_usd'], 'price_usd');
      if (price <= 0n) throw domainError.invalid_request('price_usd must be greater than 0');
      model.prices.set(symbol, price);
      // Fill the limit orders the new price crosses, now rather than on the next request.
      model.settle(now);
      return ok(presentPrice(model.prices.entry(symbol) as PriceEntryData));
    },
  };
}

/** POST /__doppel/traders/{id} {"daily_return": "0.01", "status": "active"|"inactive"}. */
function setTraderRoute(model: TradingModel): Route {
  return {
    method: 'POST',
    path: '/__doppel/traders/{id}',
    operationId: 'adminSetTrader',
    handle(req, params) {
      const now = model.settle();
      // A plain positive integer literal only: Number() would also read "0x1", "1e0" or " 1" as 1.
      const text = params['id'] ?? '';
      const id = /^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : NaN;
      const trader = Number.isSafeInteger(id) ? model.state.traders.get(id) : undefined;
      if (trader === undefined) throw domainError.not_found(`lead trader ${params['id']} not found`);
      const body = objectBody(req.body);
      if (body['daily_return'] !== undefined) setDailyReturn(model.state, id, decimalField(body['daily_return'], 'daily_return', true), now);
      if (body['status'] !== undefined) {
        if (body['status'] !== 'active' && body['status'] !== 'inactive') throw domainError.invalid_request('status must be active or inactive');
        trader.active = body['status'] === 'active';
      }
      return ok(presentTrader(trader));
    },
  };
}

/** GET /__doppel/summary: accounts with keys, balances, order counts and open orders; relations; traders. */
function stateRoute(model: TradingModel): Route {
  return {
    method: 'GET',
    path: '/__doppel/summary',
    operationId: 'adminTradingState',
    handle() {
      const now = model.settle();
      const { state } = model;
      const keysOf = new Map<number, ApiKey[]>();
      for (const k of state.keys.values()) keysOf.set(k.accountId, [...(keysOf.get(k.accountId) ?? []), k]);
      const accounts = [...state.accounts.values()].map((account) => ({
        id: account.id,
        name: account.name,
        created_at: formatSeedDate(account.createdAt),
        keys: (keysOf.get(account.id) ?? []).map((k) => ({ key: k.key, permissions: k.permissions, ip_whitelist: k.ipWhitelist })),
        balances: balancesOf(state, account.id).map(presentBalance),
        order_counts: countOrders(state, account.id),
        open_orders: listOrders(state, account.id, { status: 'open', limit: 100 }).map(presentOrder),
      }));
      return ok({
        now: formatSeedDate(now),
        epoch_ms: now,
        accounts,
        copy_relations: state.copies.map((r) => ({ account_id: r.accountId, ...presentRelation(r, copyResult(state, r, now)) })),
        traders: [...state.traders.values()].map(presentTrader),
        orders_total: state.orders.length,
      });
    },
  };
}
