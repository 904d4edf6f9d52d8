// The wallet fake over real HTTP on 127.0.0.1, port 0: the same App behind node:http.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFake } from '../../../mock/index.js';
import { startHttpServer, type RunningHttpServer } from '../../../mock/http/start-http-server.js';
import { dec } from '../../../mock/domain/decimal.js';
import { assertSpecTrue, DEFAULT_PRICES } from './wallet-harness.js';

describe('wallet fake over HTTP', () => {
  let server: RunningHttpServer;

  beforeAll(async () => {
    const fake = createFake({ seed: 1 });
    // Fixed prices, as the harness pins them: the walk would move them.
    for (const [symbol, price] of Object.entries(DEFAULT_PRICES)) fake.models.prices.set(symbol, dec(price));
    server = await startHttpServer(fake.wallet, { port: 0 });
  });
  afterAll(() => server.close());

  async function call(method: string, path: string, init: { key?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = {};
    if (init.key !== undefined) headers['x-api-key'] = init.key;
    if (init.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`${server.url}${path}`, { method, headers, ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}) });
    const body = await res.json();
    const responseHeaders: Record<string, string> = {};
    res.headers.forEach((v, k) => (responseHeaders[k] = v));
    assertSpecTrue(method, path.split('?')[0] as string, { status: res.status, headers: responseHeaders, body });
    return { status: res.status, body: body as any, headers: responseHeaders };
  }

  it('logs in, lists wallets, sends and reads the pending send back', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const login = await call('POST', '/api/v1/login', { body: { email: 'demo@doppel.test', password: 'demo-password' } });
    expect(login.status).toBe(200);
    const key = login.body.token;
    const wallets = await call('GET', '/api/v1/wallets', { key });
    expect(wallets.body.wallets).toHaveLength(3);
    const sent = await call('POST', '/api/v1/wallets/3/send', { key, body: { to_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '10', token_id: 3 } });
    expect(sent.status).toBe(200);
    const txs = await call('GET', '/api/v1/wallets/3/transactions?limit=1', { key });
    expect(txs.body.transactions).toEqual([expect.objectContaining({ tx_hash: sent.body.tx_hash, status: 'pending', symbol: 'USDT' })]);
    expect((await call('GET', '/api/v1/prices?symbols=btc,eth')).body.prices).toEqual({ BTC: 67250.5, ETH: 3480.25 });
  });

  it('answers 400 for invalid JSON and 401 without a key, as JSON', async () => {
    const res = await fetch(`${server.url}/api/v1/wallets/create`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-api-key': 'demo-wallet-key' }, body: '{"chain":' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, code: 'invalid_json' });
    expect((await call('GET', '/api/v1/wallets')).status).toBe(401);
  });
});
