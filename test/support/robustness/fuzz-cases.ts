// Bad input for every operation of both interfaces: malformed JSON, wrong content types,
// bodies over 1 MiB, deep nesting, __proto__/constructor/prototype keys, odd numbers and decimals,
// odd unicode, empty strings, odd header values, path tricks in ids and query oddities. Each case
// says whether a 200 may be right (`mayAccept`), e.g. an extra "__proto__" field on an otherwise
// valid body; every other answer must be a 4xx in the error envelope.
import fc from 'fast-check';
import type { InterfaceName } from '../../../spec/index.js';

export interface FuzzOperation {
  iface: InterfaceName;
  name: string;
  method: 'GET' | 'POST' | 'PUT';
  /** Path with one {param} at most, filled by `param`. */
  path: string;
  param?: string;
  /** 'integer': an id; 'text': a symbol or hash. */
  paramKind?: 'integer' | 'text';
  /** A valid body: the fuzzer damages it. */
  body?: Record<string, unknown>;
  /** The header carrying the caller's key, and a valid key. */
  auth?: [header: string, key: string];
  /** The route reads and checks its body: a damaged body can never be accepted. */
  checksBody: boolean;
  query?: boolean;
}

const TRADE: [string, string] = ['API-KEY', 'demo-trade-key'];
const WALLET: [string, string] = ['X-API-Key', 'demo-wallet-key'];
const ORDER = { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.001', price: '1000.00' };
const POSITION = { market: 'ETH', pair: 'USDT', side: 'long', order_type: 'market', amount: '0.01', leverage: 5 };
/** A valid ethereum address outside the fake. */
export const OUTSIDE_EVM = '0x52908400098527886E0F7030069857D2E4169EE7';

export const FUZZ_OPERATIONS: readonly FuzzOperation[] = [
  { iface: 'trading', name: 'getPrices', method: 'GET', path: '/api/v1/prices', checksBody: false },
  { iface: 'trading', name: 'getPrice', method: 'GET', path: '/api/v1/price/{p}', param: 'BTC', paramKind: 'text', checksBody: false },
  { iface: 'trading', name: 'getMarkets', method: 'GET', path: '/api/v1/markets', checksBody: false },
  { iface: 'trading', name: 'getAccount', method: 'GET', path: '/api/v1/account', auth: TRADE, checksBody: false },
  { iface: 'trading', name: 'getBalances', method: 'GET', path: '/api/v1/account/balances', auth: TRADE, checksBody: false },
  { iface: 'trading', name: 'listOrders', method: 'GET', path: '/api/v1/account/orders', auth: TRADE, checksBody: false, query: true },
  { iface: 'trading', name: 'placeSpotOrder', method: 'POST', path: '/api/v1/spot/order', body: ORDER, auth: TRADE, checksBody: true },
  { iface: 'trading', name: 'cancelSpotOrder', method: 'POST', path: '/api/v1/spot/cancel', body: { order_id: 1 }, auth: TRADE, checksBody: true },
  { iface: 'trading', name: 'placeMarginOrder', method: 'POST', path: '/api/v1/margin/order', body: POSITION, auth: TRADE, checksBody: true },
  { iface: 'trading', name: 'placeFuturesOrder', method: 'POST', path: '/api/v1/futures/order', body: { ...POSITION, duration_hours: 2 }, auth: TRADE, checksBody: true },
  { iface: 'trading', name: 'placeBinaryOrder', method: 'POST', path: '/api/v1/binary/order', body: { market: 'BTC', pair: 'USDT', direction: 'long', amount: '10', duration_minutes: 5 }, auth: TRADE, checksBody: true },
  { iface: 'trading', name: 'listCopyTraders', method: 'GET', path: '/api/v1/copy/traders', auth: TRADE, checksBody: false },
  { iface: 'trading', name: 'startCopy', method: 'POST', path: '/api/v1/copy/start', body: { lead_trader_id: 1, copy_amount: 100 }, auth: TRADE, checksBody: true },
  { iface: 'trading', name: 'stopCopy', method: 'POST', path: '/api/v1/copy/stop', body: { lead_trader_id: 1 }, auth: TRADE, checksBody: true },
  { iface: 'trading', name: 'adminCreateKey', method: 'POST', path: '/__doppel/keys', body: { permissions: ['read'], balances: [{ currency: 'USDT', balance: '1' }] }, checksBody: true },
  { iface: 'trading', name: 'adminSetPrice', method: 'POST', path: '/__doppel/prices/{p}', param: 'BTC', paramKind: 'text', body: { price_usd: '123456.78' }, checksBody: true },
  { iface: 'trading', name: 'adminSetTrader', method: 'POST', path: '/__doppel/traders/{p}', param: '1', paramKind: 'integer', body: { daily_return: '0.01' }, checksBody: true },
  { iface: 'trading', name: 'adminAdvanceClock', method: 'POST', path: '/__doppel/clock', body: { advance_seconds: 60 }, checksBody: true },
  { iface: 'trading', name: 'adminGetClock', method: 'GET', path: '/__doppel/clock', checksBody: false },
  { iface: 'trading', name: 'adminImportState', method: 'PUT', path: '/__doppel/state', body: { format: 'nope' }, checksBody: true },
  { iface: 'wallet', name: 'register', method: 'POST', path: '/api/v1/register', body: { name: 'Fuzz', email: 'fuzz@doppel.test', password: 'fuzz-password' }, checksBody: true },
  { iface: 'wallet', name: 'login', method: 'POST', path: '/api/v1/login', body: { email: 'demo@doppel.test', password: 'demo-password' }, checksBody: true },
  { iface: 'wallet', name: 'listChains', method: 'GET', path: '/api/v1/chains', checksBody: false },
  { iface: 'wallet', name: 'createWallet', method: 'POST', path: '/api/v1/wallets/create', body: { chain: 'tron' }, auth: WALLET, checksBody: true },
  { iface: 'wallet', name: 'listWallets', method: 'GET', path: '/api/v1/wallets', auth: WALLET, checksBody: false },
  { iface: 'wallet', name: 'getWalletBalance', method: 'GET', path: '/api/v1/wallets/{p}/balance', param: '1', paramKind: 'integer', auth: WALLET, checksBody: false },
  { iface: 'wallet', name: 'listWalletTransactions', method: 'GET', path: '/api/v1/wallets/{p}/transactions', param: '1', paramKind: 'integer', auth: WALLET, checksBody: false, query: true },
  { iface: 'wallet', name: 'sendFromWallet', method: 'POST', path: '/api/v1/wallets/{p}/send', param: '1', paramKind: 'integer', body: { to_address: OUTSIDE_EVM, amount: '0.001' }, auth: WALLET, checksBody: true },
  { iface: 'wallet', name: 'getWalletPrices', method: 'GET', path: '/api/v1/prices', checksBody: false, query: true },
  { iface: 'wallet', name: 'adminWalletDeposit', method: 'POST', path: '/__doppel/deposit', body: { wallet_id: 1, amount: '1' }, checksBody: true },
  { iface: 'wallet', name: 'adminWalletApiKey', method: 'POST', path: '/__doppel/api-keys', body: { user_id: 1 }, checksBody: true },
  { iface: 'wallet', name: 'adminWalletFailTransaction', method: 'POST', path: '/__doppel/transactions/{p}/fail', param: 'nope', paramKind: 'text', checksBody: false },
  { iface: 'wallet', name: 'adminImportState', method: 'PUT', path: '/__doppel/state', body: { format: 'nope' }, checksBody: true },
];

export interface FuzzCase {
  op: FuzzOperation;
  kind: string;
  /** What was done, for a failure message. */
  label: string;
  method: string;
  target: string;
  headers: Array<[string, string]>;
  body?: Buffer;
  /** A 200 can be right for this input. */
  mayAccept: boolean;
}

/** Raw JSON texts of odd values, put where a field's value goes. */
export const ODD_VALUES: readonly string[] = [
  '1e309', '-1e309', '-0', '0', '-1', '1e3', '0.1e1', '9007199254740993', '123456789.123456789', '0.000000001', '1.000000001',
  '"0.000000001"', '"123.123456789"', '"1e3"', '"0x10"', '"-1"', '"01"', '"-0"', '" 1"', '"1 "', '"+1"', '".5"', '"1."', '"NaN"', '"Infinity"',
  '""', '"\\u0000"', '"\\ud800"', '"\\udc00x"', '"\\u202eRTL\\u202c"', '"\\ufeff"', '"😀"', '"\\u00e9"', `"${'x'.repeat(5000)}"`, `"${'9'.repeat(400)}"`,
  'null', 'true', 'false', '[]', '{}', '[1]', '{"__proto__":{"polluted":"yes"}}', '{"constructor":{"prototype":{"polluted":"yes"}}}',
];

const PROTO_KEYS = ['"__proto__":{"polluted":"yes"}', '"constructor":{"prototype":{"polluted":"yes"}}', '"prototype":{"polluted":"yes"}', '"__proto__":null', '"hasOwnProperty":1', '"toString":"x"'];

export const PATH_TRICKS: readonly string[] = [
  '..%2F..%2Fetc%2Fpasswd', '..', '%2e%2e', '.', '%00', 'BTC%00', '1%00', `${'9'.repeat(2000)}`, `${'A'.repeat(3000)}`, '1e3', '0x10', '-1', '01', '0', '1.0', '+1', '%201', '1%20',
  '%E2%80%AE', '%ED%A0%80', '%E0%A4%A', '%', '__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', '%5B%5D', '%7B%7D', 'null', 'undefined', 'NaN', '1;2', '1,2', '*',
];

const QUERY_ODDITIES: readonly string[] = [
  'limit=1e2', 'limit=-0', 'limit=0x10', 'limit=%00', 'limit=', 'limit', 'limit=10&limit=1000', 'limit=1000&limit=10', 'limit=101', 'limit=0', 'limit=-1', 'limit=1.5', `limit=${'9'.repeat(500)}`,
  'type=__proto__', 'status=constructor', '__proto__=1', 'constructor[prototype][polluted]=yes', 'type=spot&type=margin', 'type=SPOT', 'status=', '%=%', '%%%', '&&&', '=&=', 'a=%ED%A0%80',
  'symbols=', 'symbols', 'symbols=%00', 'symbols=%ED%A0%80', 'symbols=__proto__,constructor', `symbols=${'BTC,'.repeat(60)}`, `symbols=${'A,'.repeat(3000)}`, 'symbols=btc&symbols=eth', 'symbols=,,,',
];

const CONTENT_TYPES: readonly string[] = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/jsonx', 'application/json-patch+json', 'json', '', 'application/xml', 'application/json\u0000'];

/** Header values for the key: [value, may a 200 follow (only the valid key itself)]. */
const KEY_VALUES: ReadonlyArray<string> = ['', ' ', 'x'.repeat(8000), '__proto__', 'constructor', 'demo-read-key', 'demo\u00e9key', 'wt_0000000000000000000000000000000000000000', "' OR 1=1 --", '%00', 'null'];

function jsonText(value: unknown): string {
  return JSON.stringify(value);
}

function baseHeaders(op: FuzzOperation, withBody: boolean): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  if (op.auth !== undefined) headers.push(op.auth);
  if (withBody) headers.push(['Content-Type', 'application/json']);
  return headers;
}

function targetOf(op: FuzzOperation, param = op.param, query = ''): string {
  const path = op.path.replace('{p}', param ?? '');
  return query === '' ? path : `${path}?${query}`;
}

/** The valid request of op, as a case (a baseline the others are damaged from). */
export function validCase(op: FuzzOperation): FuzzCase {
  const body = op.body === undefined ? undefined : Buffer.from(jsonText(op.body));
  return { op, kind: 'valid', label: 'valid', method: op.method, target: targetOf(op), headers: baseHeaders(op, body !== undefined), ...(body ? { body } : {}), mayAccept: true };
}

/** Replace the value of the field named `field` (or add it) in the JSON text of the valid body. */
function withField(op: FuzzOperation, field: string, raw: string): string {
  const entries = Object.entries(op.body ?? {}).filter(([k]) => k !== field).map(([k, v]) => `${jsonText(k)}:${jsonText(v)}`);
  entries.push(`${jsonText(field)}:${raw}`);
  return `{${entries.join(',')}}`;
}

const DEEP = 100_000;
const deepArray = (): string => '['.repeat(DEEP) + ']'.repeat(DEEP);

/** All the kinds of damage, as an arbitrary of cases for one operation. */
export function fuzzCaseArb(op: FuzzOperation): fc.Arbitrary<FuzzCase> {
  const base = validCase(op);
  const make = (kind: string, label: string, over: Partial<FuzzCase>): FuzzCase => ({ ...base, kind, label, ...over });
  const fields = [...Object.keys(op.body ?? {}), 'unknown_field'];
  const bodyWrites = op.method !== 'GET';
  const arbs: Array<fc.Arbitrary<FuzzCase>> = [
    // Malformed JSON: a cut valid body, trailing garbage, JSON5-isms, invalid UTF-8.
    fc.oneof(
      fc.nat().map((n) => {
        const text = base.body?.toString() ?? '{"a":1}';
        return Buffer.from(text.slice(0, Math.max(1, n % text.length)));
      }),
      fc.constantFrom('{', '}', '{"a":}', "{'a':1}", '{"a":1,}', '{a:1}', 'NaN', '[1,2', '{"a":1}}', '{"a":1} x', '\u0000', '{"a":"\u0000"', '/*c*/{}', '{"a":01}', '{"a":.5}', '{"a":1e}')
        .map((t) => Buffer.from(t)),
      fc.constant(Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])),
    ).map((body) => make('malformed-json', `malformed ${JSON.stringify(body.toString('latin1').slice(0, 40))}`, { body, headers: baseHeaders(op, true), mayAccept: !op.checksBody })),
    // The valid body with another content type (or none).
    fc.constantFrom(...CONTENT_TYPES).map((ct) => make('content-type', `content-type ${JSON.stringify(ct)}`, {
      body: base.body ?? Buffer.from('{}'),
      headers: [...baseHeaders(op, false), ...(ct === '' ? [] : ([['Content-Type', ct]] as Array<[string, string]>))],
      mayAccept: !bodyWrites || !op.checksBody,
    })),
    // An odd value in a field (or a new one): may be valid (e.g. "01" as an amount), so a 200 is allowed.
    fc.tuple(fc.constantFrom(...fields), fc.constantFrom(...ODD_VALUES)).map(([field, raw]) => make('odd-value', `${field}=${raw.slice(0, 40)}`, {
      body: Buffer.from(withField(op, field, raw)),
      headers: baseHeaders(op, true),
      mayAccept: true,
    })),
    // Prototype keys next to the valid fields.
    fc.constantFrom(...PROTO_KEYS).map((extra) => {
      const text = base.body?.toString() ?? '{}';
      const body = text === '{}' ? `{${extra}}` : `{${extra},${text.slice(1)}`;
      return make('proto-keys', extra, { body: Buffer.from(body), headers: baseHeaders(op, true), mayAccept: true });
    }),
    // Deep nesting: the whole body, or one field.
    fc.constantFrom('whole', ...fields).map((where) => make('deep-nesting', `100k nested arrays in ${where}`, {
      body: Buffer.from(where === 'whole' ? deepArray() : withField(op, where, deepArray())),
      headers: baseHeaders(op, true),
      // Unknown fields are ignored (decision trading.required-fields), however deep.
      mayAccept: !op.checksBody || where === 'unknown_field',
    })),
    // Empty strings everywhere.
    fc.constant(make('empty-strings', 'every field ""', {
      body: Buffer.from(jsonText(Object.fromEntries(Object.keys(op.body ?? { a: 1 }).map((k) => [k, ''])))),
      headers: baseHeaders(op, true),
      mayAccept: !op.checksBody,
    })),
  ];
  if (op.auth !== undefined) {
    const [header, key] = op.auth;
    const rest = baseHeaders(op, base.body !== undefined).filter(([name]) => name !== header);
    arbs.push(
      fc.constantFrom(...KEY_VALUES).map((value) => make('key-header', `${header}: ${JSON.stringify(value.slice(0, 30))}`, {
        headers: [[header, value], ...rest],
        // the read-only key may read
        mayAccept: value === 'demo-read-key' && op.method === 'GET',
      })),
      fc.constantFrom<Array<[string, string]>>(
        [[header, key], [header, key]],
        [[header, key], [header, 'other']],
        [[header, `${key}\u0001`]],
        [[header, `${key}\u007f`]],
        [[header.toLowerCase(), key], [header.toUpperCase(), 'x']],
        [],
      ).map((headers) => make('key-header', `key headers ${JSON.stringify(headers).slice(0, 60)}`, { headers: [...headers, ...rest], mayAccept: false })),
    );
  }
  arbs.push(
    // Odd header values that are not the key: huge (over node's 16 KiB), many, odd bytes.
    fc.constantFrom<Array<[string, string]>>(
      [['X-Huge', 'h'.repeat(20_000)]],
      Array.from({ length: 300 }, (_, i): [string, string] => [`X-Many-${i}`, 'v']),
      [['X-Odd', '\u00ff\u00fe\u0080']],
      [['X-Bad\u0001Name', 'v']],
      // With the body's own Content-Length: a conflicting length, or both framings at once.
      // (Without a body they would only make the server wait for one: the timeouts' test.)
      ...(base.body !== undefined ? [[['Content-Length', '5']], [['Transfer-Encoding', 'chunked']]] as Array<Array<[string, string]>> : []),
    ).map((extra) => make('odd-headers', `headers ${JSON.stringify(extra[0]).slice(0, 40)}${extra.length > 1 ? ` ×${extra.length}` : ''}`, {
      headers: [...base.headers, ...extra],
      mayAccept: extra.length > 1 || extra[0]?.[0] === 'X-Odd',
    })),
  );
  // Odd request targets: absolute forms (one that is no URL at all), dot segments, doubled slashes.
  arbs.push(
    fc.constantFrom<[string, boolean]>(
      [`http://[${base.target}`, false], [`http://a:99999${base.target}`, false], [`http://example.test${base.target}`, true], [`HTTP://EXAMPLE.TEST${base.target}`, true],
      [`/${base.target}`, false], [`/api/v1/..${base.target.slice(7)}`, false], [`${base.target}/..`, false], [`${base.target}%2F`, false], ['*', false], [`${base.target}#x`, false],
    ).map(([target, ok]) => make('target', `target ${target.slice(0, 50)}`, { target, mayAccept: ok })),
  );
  if (op.param !== undefined) {
    arbs.push(fc.constantFrom(...PATH_TRICKS).map((trick) => make('path-trick', `path ${trick.slice(0, 30)}`, { target: targetOf(op, trick), mayAccept: false })));
  }
  if (op.query === true) {
    arbs.push(fc.constantFrom(...QUERY_ODDITIES).map((q) => make('query', `?${q.slice(0, 40)}`, {
      target: targetOf(op, op.param, op.name === 'getWalletPrices' && !q.includes('symbols') ? `symbols=BTC&${q}` : q),
      mayAccept: true,
    })));
  }
  return fc.oneof(...arbs);
}

/** A body just over the 1 MiB limit: 413 for any operation that reads a body. */
export function oversizeCase(op: FuzzOperation): FuzzCase {
  const base = validCase(op);
  const pad = 'x'.repeat(1_048_576);
  return { ...base, kind: 'oversize', label: 'body of 1 MiB + a field', body: Buffer.from(`{"pad":"${pad}"}`), headers: baseHeaders(op, true), mayAccept: op.method === 'GET' };
}
