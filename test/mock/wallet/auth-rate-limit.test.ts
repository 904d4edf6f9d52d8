// X-API-Key (seed §5), exemptions (decision wallet.auth-exemptions) and the 60/min limit (seed §8).

import { describe, expect, it } from 'vitest';
import { createHarness, DEMO_KEY } from './wallet-harness.js';

const SECURED: [string, string, object?][] = [
  ['POST', '/api/v1/wallets/create', { chain: 'ethereum' }],
  ['GET', '/api/v1/wallets'],
  ['GET', '/api/v1/wallets/1/balance'],
  ['GET', '/api/v1/wallets/1/transactions'],
  ['POST', '/api/v1/wallets/1/send', { to_address: '0xde709f2102306220921060314715629080e2fb77', amount: '0.1' }],
];

describe('authentication', () => {
  it.each(SECURED)('%s %s: missing key → 401, unknown key → 401', (method, path, body) => {
    const h = createHarness();
    const missing = h.call(method, path, { body });
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ success: false, code: 'unauthorized' });
    expect(missing.body.error).toMatch(/missing X-API-Key/);
    const unknown = h.call(method, path, { body, key: 'no-such-key' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.error).toMatch(/unknown X-API-Key/);
  });

  it('register, login, chains and prices need no key and ignore a bad one', () => {
    const h = createHarness();
    const key = 'garbage';
    expect(h.call('GET', '/api/v1/chains', { key }).status).toBe(200);
    expect(h.call('GET', '/api/v1/prices', { key, query: { symbols: 'BTC' } }).status).toBe(200);
    expect(h.call('POST', '/api/v1/register', { key, body: { name: 'N', email: 'n@example.com', password: 'p' } }).status).toBe(200);
    expect(h.call('POST', '/api/v1/login', { key, body: { email: 'n@example.com', password: 'p' } }).status).toBe(200);
  });

  it('accepts a static API key issued by the admin API', () => {
    const h = createHarness();
    const { id } = h.newUser();
    const issued = h.call('POST', '/__doppel/api-keys', { body: { user_id: id } });
    expect(issued.status).toBe(200);
    expect(issued.body.data.key).toMatch(/^wk_[0-9a-f]{40}$/);
    expect(h.call('GET', '/api/v1/wallets', { key: issued.body.data.key }).status).toBe(200);
    expect(h.call('POST', '/__doppel/api-keys', { body: { user_id: 999 } }).status).toBe(404);
    expect(h.call('POST', '/__doppel/api-keys', { body: { user_id: 'x' } }).status).toBe(400);
  });
});

describe('rate limit: 60 per minute per key', () => {
  it('refuses the 61st request with 429 and Retry-After, and lets it through after 60 s', () => {
    const h = createHarness();
    for (let i = 0; i < 60; i++) expect(h.call('GET', '/api/v1/wallets', { key: DEMO_KEY }).status).toBe(200);
    h.advance(20);
    const refused = h.call('GET', '/api/v1/wallets/1/balance', { key: DEMO_KEY });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ success: false, code: 'rate_limited' });
    expect(refused.headers['retry-after']).toBe('40');
    h.advance(40);
    expect(h.call('GET', '/api/v1/wallets', { key: DEMO_KEY }).status).toBe(200);
  });

  it('counts each key separately and does not count exempt endpoints', () => {
    const h = createHarness();
    const other = h.newUser().key;
    for (let i = 0; i < 60; i++) h.call('GET', '/api/v1/wallets', { key: DEMO_KEY });
    expect(h.call('GET', '/api/v1/wallets', { key: DEMO_KEY }).status).toBe(429);
    expect(h.call('GET', '/api/v1/wallets', { key: other }).status).toBe(200);
    expect(h.call('GET', '/api/v1/chains', { key: DEMO_KEY }).status).toBe(200);
  });

  it.each(SECURED)('%s %s can answer 429', (method, path, body) => {
    const h = createHarness({ rateLimit: 1 });
    h.call('GET', '/api/v1/wallets', { key: DEMO_KEY });
    const res = h.call(method, path, { body, key: DEMO_KEY });
    expect(res.status).toBe(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThanOrEqual(1);
  });

  it('takes its limit from the rateLimit option', () => {
    const h = createHarness({ rateLimit: 200 });
    for (let i = 0; i < 200; i++) expect(h.call('GET', '/api/v1/wallets', { key: DEMO_KEY }).status).toBe(200);
    const refused = h.call('GET', '/api/v1/wallets', { key: DEMO_KEY });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(/200 requests per minute/);
  });
});
