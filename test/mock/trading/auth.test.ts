// Seed section 5 and decision trading.guard-order: key (401) → IP whitelist (403) → permission
// (403) → input (400); both permissions; the per-key whitelist of addresses and CIDR ranges.
import { describe, expect, it } from 'vitest';
import { createTestFake, IP_LOCKED, READ, TRADE } from './trading-fake.js';

const READ_OPS: Array<[string, string]> = [
  ['GET', '/api/v1/account'],
  ['GET', '/api/v1/account/balances'],
  ['GET', '/api/v1/account/orders'],
  ['GET', '/api/v1/copy/traders'],
];
const SPOT = { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' };
const TRADE_OPS: Array<[string, unknown]> = [
  ['/api/v1/spot/order', SPOT],
  ['/api/v1/spot/cancel', { order_id: 1 }],
  ['/api/v1/margin/order', { ...SPOT, side: 'long' }],
  ['/api/v1/futures/order', { ...SPOT, side: 'long' }],
  ['/api/v1/binary/order', { market: 'BTC', pair: 'USDT', direction: 'long', amount: '10', duration_minutes: 5 }],
  ['/api/v1/copy/start', { lead_trader_id: 1, copy_amount: 100 }],
  ['/api/v1/copy/stop', { lead_trader_id: 1 }],
];

describe('401: missing or unknown key', () => {
  const fake = createTestFake();
  it.each([...READ_OPS.map(([, p]) => p), ...TRADE_OPS.map(([p]) => p)])('%s', (path) => {
    const method = path.includes('/account') || path.endsWith('/traders') ? 'GET' : 'POST';
    const missing = fake.call(method, path, method === 'POST' ? { body: {} } : {});
    expect(missing.status).toBe(401);
    expect(missing.body.code).toBe('unauthorized');
    const unknown = fake.call(method, path, { key: 'nope', ...(method === 'POST' ? { body: {} } : {}) });
    expect(unknown.status).toBe(401);
  });

  it('an empty API-KEY header is missing', () => {
    expect(fake.call('GET', '/api/v1/account', { headers: { 'api-key': '' } }).status).toBe(401);
  });
});

describe('permissions', () => {
  const fake = createTestFake();
  it.each(READ_OPS)('read key may %s %s', (method, path) => {
    expect(fake.call(method, path, { key: READ }).status).toBe(200);
  });

  it.each(TRADE_OPS)('read key may not POST %s (403 before input checks)', (path) => {
    const res = fake.post(path, {}, READ);
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('forbidden');
  });

  it('a trade-only key may trade but not read', () => {
    const key = fake.newKey({ permissions: ['trade'], balances: [{ currency: 'USDT', balance: '1000' }] });
    expect(fake.get('/api/v1/account', key).status).toBe(403);
    expect(fake.post('/api/v1/spot/order', SPOT, key).status).toBe(200);
  });

  it('input is checked only after the permission (400 for a trade key)', () => {
    expect(fake.post('/api/v1/spot/order', {}, TRADE).status).toBe(400);
  });
});

describe('IP whitelist', () => {
  it('demo-ip-locked-key: a local caller gets 403, 203.0.113.10 gets through', () => {
    const fake = createTestFake();
    const local = fake.get('/api/v1/account', IP_LOCKED);
    expect(local.status).toBe(403);
    expect(local.body.code).toBe('ip_not_whitelisted');
    expect(fake.get('/api/v1/account', IP_LOCKED, '203.0.113.10').status).toBe(200);
    expect(fake.get('/api/v1/account', IP_LOCKED, '::ffff:203.0.113.10').status).toBe(200);
    expect(fake.get('/api/v1/account', IP_LOCKED, '203.0.113.11').status).toBe(403);
  });

  it('the whitelist is checked before the permission', () => {
    const fake = createTestFake();
    const key = fake.newKey({ permissions: ['read'], ip_whitelist: ['10.0.0.1'] });
    expect(fake.post('/api/v1/spot/order', SPOT, key, '10.0.0.2').body.code).toBe('ip_not_whitelisted');
    expect(fake.post('/api/v1/spot/order', SPOT, key, '10.0.0.1').body.code).toBe('forbidden');
  });

  it('CIDR ranges, IPv4 and IPv6', () => {
    const fake = createTestFake();
    const key = fake.newKey({ ip_whitelist: ['10.1.0.0/16', '2001:db8::/32'] });
    expect(fake.get('/api/v1/account', key, '10.1.200.3').status).toBe(200);
    expect(fake.get('/api/v1/account', key, '10.2.0.1').status).toBe(403);
    expect(fake.get('/api/v1/account', key, '2001:db8:1::5').status).toBe(200);
    expect(fake.get('/api/v1/account', key, '2001:db9::5').status).toBe(403);
    expect(fake.get('/api/v1/account', key, '127.0.0.1').status).toBe(403);
  });

  it('an empty whitelist allows any address', () => {
    const fake = createTestFake();
    expect(fake.get('/api/v1/account', TRADE, '198.51.100.7').status).toBe(200);
    expect(fake.get('/api/v1/account', TRADE, '::1').status).toBe(200);
  });

  it('public operations need no key and ignore the whitelist', () => {
    expect(createTestFake().get('/api/v1/markets', IP_LOCKED).status).toBe(200);
  });
});

describe('guard order holds for an undecodable body', () => {
  it('401 → 403 → 400 for invalid JSON', () => {
    const fake = createTestFake();
    const send = (key?: string) =>
      fake.app.handle({
        method: 'POST', path: '/api/v1/spot/order', query: new URLSearchParams(),
        headers: key === undefined ? {} : { 'api-key': key }, body: undefined, bodyError: 'invalid_json', ip: '127.0.0.1',
      }).status;
    expect([send(), send(READ), send(TRADE)]).toEqual([401, 403, 400]);
  });
});
