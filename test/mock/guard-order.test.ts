// The guard order of decisions trading.guard-order and wallet.guard-order, over every operation of
// both interfaces, through the shipped fake (createFake): for each way a request can fail its
// guards while also carrying an invalid body, the status the first failing guard names, and no
// change to the fake's state.
import { describe, expect, it } from 'vitest';
import { createFake, type FakeRequest, type Fake } from '../../mock/index.js';
import { operations, type InterfaceName, type Operation } from '../../spec/index.js';

type Body = { bodyError: 'invalid_json' } | { body: unknown };
const INVALID_BODIES: Array<[string, Body]> = [
  ['invalid JSON', { bodyError: 'invalid_json' }],
  ['a body against its schema', { body: { surely: 'not this' } }],
];

function request(op: Operation, headers: Record<string, string>, body: Body, ip = '127.0.0.1'): FakeRequest {
  // Path parameters that pass their own validation, so that only the guards and the body decide.
  const path = op.path.replace('{id}', '1').replace('{symbol}', 'BTC');
  const base = { method: op.method, path, query: new URLSearchParams(), ip };
  return 'body' in body
    ? { ...base, headers: { ...headers, 'content-type': 'application/json' }, body: body.body }
    : { ...base, headers, body: undefined, bodyError: body.bodyError };
}

function app(fake: Fake, iface: InterfaceName) {
  return iface === 'trading' ? fake.trading : fake.wallet;
}

/** The whole fake's state, without the clock's reading (nothing here moves the manual clock). */
const stateOf = (fake: Fake): string => JSON.stringify(fake.exportState());

interface Case {
  name: string;
  applies(op: Operation): boolean;
  headers: Record<string, string>;
  ip?: string;
  /** Spends the key's rate-limit budget first (wallet). */
  prepare?(fake: Fake): void;
  status: number;
  /** The status when a profile puts the input before the permission or the rate limit (a body sent). */
  inputFirst?: number;
}

const TRADING: Case[] = [
  { name: 'no key', applies: (op) => op.secured, headers: {}, status: 401 },
  { name: 'an unknown key', applies: (op) => op.secured, headers: { 'api-key': 'no-such-key' }, status: 401 },
  { name: 'a key whitelisted elsewhere', applies: (op) => op.secured, headers: { 'api-key': 'demo-ip-locked-key' }, status: 403 },
  { name: 'a read key on a trade operation', applies: (op) => op.permission === 'trade', headers: { 'api-key': 'demo-read-key' }, status: 403, inputFirst: 400 },
  { name: 'a valid key', applies: (op) => op.method !== 'GET', headers: { 'api-key': 'demo-trade-key' }, status: 400 },
];

const WALLET: Case[] = [
  { name: 'no key', applies: (op) => op.secured, headers: {}, status: 401 },
  { name: 'an unknown key', applies: (op) => op.secured, headers: { 'x-api-key': 'no-such-key' }, status: 401 },
  {
    name: 'a key over its rate limit',
    applies: (op) => op.secured,
    headers: { 'x-api-key': 'demo-wallet-key' },
    prepare(fake) {
      // The budget of 1 a minute (createFake walletRateLimit) spent on a valid request.
      const spent = fake.wallet.handle({ method: 'GET', path: '/api/v1/wallets', query: new URLSearchParams(), headers: { 'x-api-key': 'demo-wallet-key' }, body: undefined, ip: '127.0.0.1' });
      expect(spent.status).toBe(200);
    },
    status: 429,
    inputFirst: 400,
  },
  { name: 'a valid key', applies: (op) => op.method !== 'GET', headers: { 'x-api-key': 'demo-wallet-key' }, status: 400 },
];

// A profile's other order (decision points trading.guard-order, wallet.guard-order): the input
// before the permission and before the rate limit.
const INPUT_FIRST = {
  doppel_profile: 1,
  points: { 'trading.guard-order': { value: 'key > whitelist > input > permission' }, 'wallet.guard-order': { value: 'key > input > rate-limit' } },
};

describe.each([
  ['trading', 'doppel\'s order', TRADING, undefined],
  ['wallet', 'doppel\'s order', WALLET, undefined],
  ['trading', 'input first', TRADING, INPUT_FIRST],
  ['wallet', 'input first', WALLET, INPUT_FIRST],
] as const)('%s guard order, %s', (iface, _order, cases, profile) => {
  const ops = operations(iface).filter((op) => op.method !== 'PATCH');
  const rows = ops.flatMap((op) => cases.filter((c) => c.applies(op)).flatMap((c) => INVALID_BODIES.map(([bodyName, body]) => ({ op, c, bodyName, body }))));

  it('covers every operation', () => {
    expect(new Set(rows.map((r) => r.op.operationId))).toEqual(new Set(ops.filter((op) => op.secured || op.method !== 'GET').map((op) => op.operationId)));
  });

  // A GET's body is ignored (trading.request-bodies), so its input is valid and the order moot.
  const statusOf = (c: Case, op: Operation) => (profile && op.method !== 'GET' ? (c.inputFirst ?? c.status) : c.status);
  it.each(rows.map((r) => [`${r.op.operationId}: ${r.c.name} + ${r.bodyName} → ${statusOf(r.c, r.op)}`, r] as const))('%s', (_name, { op, c, body }) => {
    const fake = createFake({ walletRateLimit: 1, ...(profile ? { profile } : {}) });
    c.prepare?.(fake);
    const before = stateOf(fake);
    const res = app(fake, iface).handle(request(op, c.headers, body, c.ip));
    expect(res.status, res.text).toBe(statusOf(c, op));
    expect(res.body).toMatchObject({ success: false });
    expect((res.body as { error: string }).error.startsWith(`${op.operationId}: `)).toBe(true);
    if (res.status === 429) expect(res.headers['retry-after']).toMatch(/^\d+$/);
    expect(stateOf(fake)).toBe(before);
  });
});

describe('a profile\'s order still runs every guard', () => {
  const get = (path: string, headers: Record<string, string>): FakeRequest => ({ method: 'GET', path, query: new URLSearchParams(), headers, body: undefined, ip: '127.0.0.1' });

  it('trading: a valid order with a read-only key is refused by the permission after the input', () => {
    const fake = createFake({ profile: INPUT_FIRST });
    const before = stateOf(fake);
    const res = fake.trading.handle({ method: 'POST', path: '/api/v1/spot/order', query: new URLSearchParams(), headers: { 'api-key': 'demo-read-key', 'content-type': 'application/json' }, body: { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' }, ip: '127.0.0.1' });
    expect(res.status, res.text).toBe(403);
    expect(stateOf(fake)).toBe(before);
    expect(fake.trading.handle(get('/api/v1/account', { 'api-key': 'demo-read-key' })).status).toBe(200);
  });

  it('wallet: valid requests count toward the limit after the input, invalid ones do not', () => {
    const fake = createFake({ walletRateLimit: 2, profile: INPUT_FIRST });
    const key = { 'x-api-key': 'demo-wallet-key' };
    // An invalid one (a malformed id) is refused before the limit and spends nothing.
    for (let i = 0; i < 3; i++) expect(fake.wallet.handle(get('/api/v1/wallets/abc/balance', key)).status).toBe(400);
    expect(fake.wallet.handle(get('/api/v1/wallets', key)).status).toBe(200);
    expect(fake.wallet.handle(get('/api/v1/wallets', key)).status).toBe(200);
    const over = fake.wallet.handle(get('/api/v1/wallets', key));
    expect(over.status).toBe(429);
    expect(over.headers['retry-after']).toMatch(/^\d+$/);
  });
});
