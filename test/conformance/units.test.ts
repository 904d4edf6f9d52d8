// Unit tests of the checker's pure parts: curl rendering, decimals, invalid-case generation and
// response checks on hand-made exchanges (each check must be able to fail).
import { describe, expect, it } from 'vitest';
import { renderCurl } from '../../conformance/index.js';
import { formatUnits, toUnits } from '../../conformance/exchange/decimal.js';
import { Secrets } from '../../conformance/report/secrets.js';
import { invalidBodyCases } from '../../conformance/act/arbitraries/invalid-body.js';
import { balanceDecimals } from '../../conformance/checks/response/balance-decimals.js';
import { priceMapKeys } from '../../conformance/checks/response/price-map-keys.js';
import { ordersListingQuery } from '../../conformance/checks/response/orders-listing-query.js';
import { walletDateFormat } from '../../conformance/checks/response/wallet-date-format.js';
import { contentTypeJson } from '../../conformance/checks/response/content-type-json.js';
import { jsonUtf8 } from '../../conformance/checks/response/json-utf-8.js';
import { contentLengthMatches } from '../../conformance/checks/response/content-length-matches.js';
import { createKeyBudget } from '../../conformance/exchange/key-budget.js';
import type { Exchange } from '../../conformance/index.js';
import { fieldClause } from '../../conformance/checks/response/seed-fields.js';
import { defaultListingLimit } from '../../conformance/checks/scenario/default-listing-limit.js';
import type { PointCase } from '../../conformance/checks/check.js';

function exchange(partial: Partial<Exchange> & { json: unknown }): Exchange {
  const bodyText = JSON.stringify(partial.json);
  const ex = {
    seq: 1, iface: 'trading' as const, operationId: null, method: 'GET', url: 'http://127.0.0.1:1/api/v1/x', requestHeaders: {}, requestBody: undefined,
    status: 200, responseHeaders: { 'content-type': 'application/json', date: 'Thu, 01 Jan 2026 00:10:00 GMT' }, bodyText, jsonError: undefined, durationMs: 1, startedAt: 0, endedAt: 1, throttled: 0,
    cutOff: undefined, overrun: undefined,
    ...partial,
  };
  const bodyBytes = partial.bodyBytes ?? Buffer.from(ex.bodyText);
  return { responseHeaderLines: Object.entries(ex.responseHeaders), bodyBytes, receivedBytes: bodyBytes.length, ...ex };
}

describe('curl', () => {
  it('quotes headers and bodies for the shell', () => {
    expect(renderCurl({ method: 'POST', url: 'http://h/api', requestHeaders: { 'API-KEY': "it's" }, requestBody: '{"a":1}' })).toBe(
      `curl -sS -i -X POST 'http://h/api' -H 'API-KEY: it'\\''s' --data-raw '{"a":1}'`,
    );
  });
});

describe('secrets', () => {
  it('are replaced by $VARIABLES, longest first, numbered per kind, and curl lines let the shell fill them in', () => {
    const secrets = new Secrets(false);
    secrets.add('key-1', 'DOPPEL_WALLET_KEY', '--wallet-key');
    secrets.add('key-12', 'DOPPEL_WALLET_KEY', '--wallet-key');
    secrets.add('abc', 'DOPPEL_X', 'too short to mask safely');
    expect(secrets.mask('a key-12 and a key-1, abc')).toBe('a $DOPPEL_WALLET_KEY_2 and a $DOPPEL_WALLET_KEY, abc');
    expect(new Secrets(true).mask('key-1')).toBe('key-1');
    const quoted = new Secrets(false);
    quoted.add('k"ey\\x', 'DOPPEL_TRADING_KEY', '--trading-key');
    expect(quoted.mask(JSON.stringify({ h: 'k"ey\\x' }))).toBe('{"h":"$DOPPEL_TRADING_KEY"}');
    const curl = renderCurl({ method: 'GET', url: 'http://h/api', requestHeaders: { 'X-API-Key': '$DOPPEL_WALLET_KEY', q: 'it\'s $HOME "x"' }, requestBody: undefined });
    expect(curl).toBe(`curl -sS -i 'http://h/api' -H "X-API-Key: $DOPPEL_WALLET_KEY" -H 'q: it'\\''s $HOME "x"'`);
    const mixed = renderCurl({ method: 'GET', url: 'http://h/api', requestHeaders: { a: '$DOPPEL_K and $HOME `x` "y"' }, requestBody: undefined });
    expect(mixed).toBe('curl -sS -i \'http://h/api\' -H "a: $DOPPEL_K and \\$HOME \\`x\\` \\"y\\""');
  });
});

describe('decimal', () => {
  it('is exact to 8 digits and rejects exponents', () => {
    expect(toUnits('1.5')).toBe(150_000_000n);
    expect(toUnits(10)).toBe(1_000_000_000n);
    expect(toUnits('1e5')).toBeUndefined();
    expect(formatUnits(-1n)).toBe('-0.00000001');
  });
});

describe('invalid bodies from the spec', () => {
  const cases = invalidBodyCases('trading', 'placeMarginOrder', { market: 'BTC', pair: 'USDT', side: 'long', order_type: 'limit', amount: '0.01', price: '100', leverage: 1 }, { maxLeverage: 10 });
  it('covers types, ranges, enums, decimals and symbols with a basis each', () => {
    const described = cases.map((c) => c.mutation);
    expect(described).toContain('leverage = 0 (minimum 1)');
    expect(described).toContain('leverage = 11 (market max_leverage 10)');
    expect(described).toContain('amount = "1e5" (malformed decimal)');
    expect(described).toContain('market = "ZZQX" (unknown symbol)');
    expect(cases.find((c) => c.mutation.startsWith('leverage = 0'))?.basis).toBe('seed trading §8 leverage; trading §4 Body of POST /api/v1/margin/order.leverage; trading §7 400');
    // A field the margin body takes "as in the spot body" cites that sentence.
    expect(cases.find((c) => c.mutation === 'amount = 123 (not string)')?.basis).toBe('seed trading §4 Body of POST /api/v1/margin/order; trading §7 400');
    expect(cases.find((c) => c.mutation === 'amount = "1.123456789" (malformed decimal)')?.basis).toBe('decision:trading.required-fields');
    expect(cases.every((c) => c.basis.startsWith('seed') || c.basis.startsWith('decision:'))).toBe(true);
  });
});

describe('response checks fail on broken answers', () => {
  it('balance-decimals', () => {
    const ex = exchange({ operationId: 'getBalances', json: { success: true, data: [{ currency: 'USDT', chain: 'tron', balance: '1.0000000' }] } });
    expect(balanceDecimals.run(ex)).toHaveLength(1);
  });
  it('price-map-keys', () => {
    const ex = exchange({ operationId: 'getPrices', json: { success: true, data: { XBT: { symbol: 'BTC' } } } });
    expect(priceMapKeys.run(ex)).toHaveLength(1);
  });
  it('orders-listing-query', () => {
    const ex = exchange({ operationId: 'listOrders', url: 'http://h/api/v1/account/orders?limit=1&type=spot', json: { success: true, data: [{ id: 1, type: 'spot' }, { id: 2, type: 'margin' }] } });
    expect(ordersListingQuery.run(ex)).toHaveLength(2);
  });
  it('wallet-date-format', () => {
    const ex = exchange({ iface: 'wallet', operationId: 'listWalletTransactions', json: { success: true, transactions: [{ date: '2026-01-01T00:00:00Z' }, { date: '2026-01-03 00:00:00' }] } });
    expect(walletDateFormat.run(ex)).toHaveLength(2);
  });
  it('content-type-json', () => {
    const ex = exchange({ json: {}, responseHeaders: { 'content-type': 'text/html' } });
    expect(contentTypeJson.run(ex)).toHaveLength(1);
    // An answer without content: a 204 (a CORS preflight's) needs no type; a HEAD's headers are judged, not its empty body.
    expect(contentTypeJson.applies(exchange({ json: undefined, status: 204, responseHeaders: {}, bodyText: '' }))).toBe(false);
    expect(contentTypeJson.run(exchange({ json: undefined, method: 'HEAD', bodyText: '', jsonError: 'Unexpected end of JSON input' }))).toEqual([]);
    expect(contentTypeJson.run(exchange({ json: undefined, method: 'HEAD', responseHeaders: {}, bodyText: '', jsonError: 'Unexpected end of JSON input' }))).toEqual(['Content-Type is missing, not application/json']);
  });
  it('json-utf-8: a charset is read as a client reads its label', () => {
    const typed = (type: string) => jsonUtf8.run(exchange({ json: {}, responseHeaders: { 'content-type': type } }));
    for (const type of ['application/json', 'application/json; charset=utf-8', 'application/json;charset="UTF-8"', 'application/json; charset=utf8; x=1']) expect(typed(type), type).toEqual([]);
    expect(typed('application/json; charset=latin1')).toEqual([{ assertion: 'charset', message: 'Content-Type says charset=latin1: JSON is UTF-8 (RFC 8259 §8.1)' }]);
  });
  it('content-length-matches: a repeated Content-Length is one number or a problem', () => {
    const lengths = (value: string) => contentLengthMatches.run(exchange({ json: {}, responseHeaders: { 'content-type': 'application/json', 'content-length': value } }));
    expect(lengths('2, 2')).toEqual([]);
    expect(lengths('2, 3')).toEqual(['Content-Length is "2, 3", not one number of bytes']);
    expect(lengths('5')).toEqual(['Content-Length says 5 bytes, 2 came']);
  });
});

describe('key budget', () => {
  it('waits once the minute is full', async () => {
    let t = 0;
    const waits: number[] = [];
    const budget = createKeyBudget(2, () => t, async (ms) => { waits.push(ms); t += ms; });
    await budget.take('k');
    await budget.take('k');
    await budget.take('k');
    expect(waits).toHaveLength(1);
    expect(budget.used('k')).toBe(1);
  });
});

describe('seed-fields names the clause of the field it finds wrong', () => {
  const err = (instancePath: string, missingProperty?: string) => ({ instancePath, schemaPath: '', keyword: missingProperty ? 'required' : 'type', params: missingProperty ? { missingProperty } : {} });
  it('a §2 field row, else the §4 row or §2 paragraph', () => {
    expect(fieldClause('wallet', 'listWalletTransactions', err('/transactions/0', 'date'))).toBe('wallet §2 Transaction.date');
    expect(fieldClause('wallet', 'listWallets', err('/wallets/1/balance'))).toBe('wallet §2 Wallet.balance');
    expect(fieldClause('wallet', 'getWalletBalance', err('', 'usd_value'))).toBe('wallet §2 Balance result.usd_value');
    expect(fieldClause('wallet', 'login', err('/user', 'email'))).toBe('wallet §2 User.email');
    expect(fieldClause('wallet', 'register', err('', 'user_id'))).toBe('wallet §4 POST /api/v1/register');
    expect(fieldClause('trading', 'getPrices', err('/data/BTC/price_usd'))).toBe('trading §2 Price entry.price_usd');
    expect(fieldClause('trading', 'getBalances', err('/data'))).toBe('trading §2 Balance entry');
    expect(fieldClause('trading', 'getMarkets', err('/data'))).toBe('trading §4 GET /api/v1/markets');
  });
});

describe('default-listing-limit observer', () => {
  const listing = (ids: number[], limit?: number): Exchange =>
    exchange({
      operationId: 'listOrders',
      url: `http://127.0.0.1:1/api/v1/orders${limit === undefined ? '' : `?limit=${limit}`}`,
      requestHeaders: { 'API-KEY': 'k' },
      json: { success: true, data: ids.map((id) => ({ id })) },
    });
  const cases = (...exchanges: Exchange[]): PointCase[] => {
    const found: PointCase[] = [];
    const read = defaultListingLimit.observer!.start();
    for (const ex of exchanges) read(ex, (c) => found.push(c));
    return found;
  };
  const newest = (n: number): number[] => Array.from({ length: n }, (_, i) => 100 - i);

  it('takes a listing its limit cut below the default as the first entries, not the whole listing', () => {
    // A correct target: limit=2 answers the newest 2, no limit the newest 6 of 6.
    const [cut] = cases(listing(newest(2), 2), listing(newest(6)));
    expect(cut?.agrees?.(50)).toBe(true);
    expect(cut?.decisive?.(50)).toBe(false);
    // Breakages: other first entries, or more than the default.
    expect(cases(listing(newest(2), 2), listing([99, 100, 98]))[0]?.agrees?.(50)).toBe(false);
    const tooMany = cases(listing(newest(2), 2), listing(newest(51)))[0];
    expect(tooMany?.agrees?.(50)).toBe(false);
    expect(tooMany?.describe(50).title).toBe('51 entries without limit, expected at most 50 starting with the 2 of limit=2');
  });

  it('still judges a listing with a limit above the default as the whole of its first entries', () => {
    expect(cases(listing(newest(60), 100), listing(newest(50)))[0]?.agrees?.(50)).toBe(true);
    const wrong = cases(listing(newest(60), 100), listing(newest(51)))[0];
    expect(wrong?.agrees?.(50)).toBe(false);
    expect(wrong?.describe(50).title).toBe('51 entries without limit, expected 50');
    // A limit below the default that the listing did not reach: that listing is whole.
    expect(cases(listing(newest(3), 5), listing(newest(4)))[0]?.agrees?.(50)).toBe(false);
  });
});
