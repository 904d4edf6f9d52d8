// The trading port's admin routes under /__doppel/ (docs/MOCK-CONTRACT.md): create a key with
// permissions, whitelist and balances; set a price; change a lead trader; the summary view.
// Reset, clock and state are the composer's (mock/create-fake.ts), shared by both interfaces.

import type { AdminRoute } from '../../core/operation-entry.js';
import { domainError } from '../../domain/domain-error.js';
import { formatSeedDate } from '../../domain/format-date.js';
import { validateWhitelistEntry } from '../../domain/ip-whitelist.js';
import type { PriceEntryData } from '../../domain/price-book.js';
import type { Permission, TradingBackend } from '../../domain/trading/index.js';
import { decimalField, objectBody, stringArray } from './admin-input.js';
import { presentBalance, presentPrice, presentTrader } from './present.js';
import { tradingSummary } from './trading-summary.js';

const CURRENCY = /^[A-Z0-9]{2,10}$/;
const CHAIN = /^[a-z0-9-]{2,32}$/;
const KEY_TEXT = /^[\x21-\x7e]{1,128}$/;

export function tradingAdminRoutes(backend: TradingBackend): AdminRoute[] {
  return [
    {
      // A new account per call, with its key (decision trading.key-format).
      method: 'POST',
      path: '/__doppel/keys',
      operationId: 'adminCreateKey',
      handle({ body: raw, now }) {
        const body = objectBody(raw);
        // Omitted permissions mean a usable key: read and trade.
        const permissions = body['permissions'] === undefined ? ['read', 'trade'] : stringArray(body['permissions'], 'permissions');
        if (!permissions.every((p): p is Permission => p === 'read' || p === 'trade')) {
          throw domainError.invalid_request('permissions must contain only "read" and "trade"');
        }
        const ipWhitelist = stringArray(body['ip_whitelist'], 'ip_whitelist').map((entry) => {
          const check = validateWhitelistEntry(entry);
          if (!check.ok) throw domainError.invalid_request(`ip_whitelist: ${check.reason}`);
          return check.entry;
        });
        const name = body['name'] ?? 'Test account';
        if (typeof name !== 'string') throw domainError.invalid_request('name must be a string');
        const key = body['key'];
        if (key !== undefined && (typeof key !== 'string' || !KEY_TEXT.test(key))) throw domainError.invalid_request('key must be 1 to 128 printable ASCII characters');
        const created = backend.createAccount({ name, permissions, ipWhitelist, balances: parseBalances(body['balances']), ...(key === undefined ? {} : { key }) }, now);
        return { key: created.key, account_id: created.accountId };
      },
    },
    {
      // {"price_usd": "123.45"}: pins the price from now on.
      method: 'POST',
      path: '/__doppel/prices/{symbol}',
      operationId: 'adminSetPrice',
      handle({ params, body, now }) {
        const symbol = (params['symbol'] ?? '').toUpperCase();
        if (backend.prices.entry(symbol) === undefined) throw domainError.unknown_symbol(`unknown symbol ${symbol.slice(0, 16)}`);
        // Decision trading.price-walk pins USDT at 1; markets are priced in it.
        if (backend.prices.isStable(symbol)) throw domainError.invalid_request(`${symbol} is pinned at 1 and cannot be set`);
        const price = decimalField(objectBody(body)['price_usd'], 'price_usd');
        if (price <= 0n) throw domainError.invalid_request('price_usd must be greater than 0');
        backend.setPrice(symbol, price, now);
        return presentPrice(backend.prices.entry(symbol) as PriceEntryData);
      },
    },
    {
      // {"daily_return": "0.01", "status": "active"|"inactive"}.
      method: 'POST',
      path: '/__doppel/traders/{id}',
      operationId: 'adminSetTrader',
      handle({ params, body: raw, now }) {
        // A plain positive integer literal only: Number() would also read "0x1", "1e0" or " 1" as 1.
        const text = params['id'] ?? '';
        const id = /^[1-9][0-9]{0,8}$/.test(text) ? Number(text) : NaN;
        if (!Number.isSafeInteger(id) || backend.trader(id) === undefined) throw domainError.not_found(`lead trader ${text} not found`);
        const body = objectBody(raw);
        const status = body['status'];
        if (status !== undefined && status !== 'active' && status !== 'inactive') throw domainError.invalid_request('status must be active or inactive');
        const change = {
          ...(body['daily_return'] === undefined ? {} : { dailyReturn: decimalField(body['daily_return'], 'daily_return', true) }),
          ...(status === undefined ? {} : { active: status === 'active' }),
        };
        return presentTrader(backend.setTrader(id, change, now));
      },
    },
    {
      // Accounts with keys, balances, order counts and open orders; relations; traders.
      method: 'GET',
      path: '/__doppel/summary',
      operationId: 'adminTradingState',
      handle: ({ now }) => tradingSummary(backend, now),
    },
  ];
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
    return { currency, chain: chain as string | undefined, amount: decimalField(b['balance'], `balances[${i}].balance`) };
  });
}
