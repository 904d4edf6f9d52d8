// The same trading app over real HTTP (startHttpServer on 127.0.0.1, port 0) and through msw's
// setupServer (createMswHandlers), answering alike and validating against the document.
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHttpServer, type RunningHttpServer } from '../../../mock/http/start-http-server.js';
import { CLIENT_IP_HEADER, createMswHandlers } from '../../../mock/msw/create-msw-handlers.js';
import { validateResponse } from '../../../spec/index.js';
import { createTestFake, IP_LOCKED, TRADE } from './trading-fake.js';

const ORDER = { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' };

async function expectValid(res: Response, operationId: string, status: number): Promise<any> {
  expect(res.status).toBe(status);
  expect(res.headers.get('content-type')).toContain('application/json');
  const body = await res.json();
  expect(validateResponse('trading', operationId, status, body).errors).toEqual([]);
  return body;
}

describe('over node:http', () => {
  const fake = createTestFake();
  let server: RunningHttpServer;
  beforeAll(async () => {
    server = await startHttpServer(fake.app, { host: '127.0.0.1', port: 0 });
  });
  afterAll(() => server.close());

  it('serves public, keyed and trading operations', async () => {
    await expectValid(await fetch(`${server.url}/api/v1/prices`), 'getPrices', 200);
    await expectValid(await fetch(`${server.url}/api/v1/account`, { headers: { 'API-KEY': TRADE } }), 'getAccount', 200);
    const placed = await fetch(`${server.url}/api/v1/spot/order`, {
      method: 'POST', headers: { 'API-KEY': TRADE, 'content-type': 'application/json' }, body: JSON.stringify(ORDER),
    });
    expect((await expectValid(placed, 'placeSpotOrder', 200)).data.status).toBe('filled');
  });

  it('a local caller of demo-ip-locked-key gets 403; bad JSON is a 400 envelope', async () => {
    await expectValid(await fetch(`${server.url}/api/v1/account`, { headers: { 'API-KEY': IP_LOCKED } }), 'getAccount', 403);
    const bad = await fetch(`${server.url}/api/v1/spot/order`, { method: 'POST', headers: { 'API-KEY': TRADE, 'content-type': 'application/json' }, body: '{' });
    await expectValid(bad, 'placeSpotOrder', 400);
  });
});

describe('through msw setupServer', () => {
  const fake = createTestFake();
  const base = 'https://trading.doppel.test';
  const server = setupServer(...createMswHandlers(fake.app, base));
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterAll(() => server.close());

  it('answers like the direct app, including the whitelist via the client-ip header', async () => {
    const body = await expectValid(await fetch(`${base}/api/v1/price/btc`), 'getPrice', 200);
    expect(body.data).toEqual(fake.data('/api/v1/price/BTC'));
    await expectValid(await fetch(`${base}/api/v1/account`, { headers: { 'API-KEY': IP_LOCKED } }), 'getAccount', 403);
    await expectValid(await fetch(`${base}/api/v1/account`, { headers: { 'API-KEY': IP_LOCKED, [CLIENT_IP_HEADER]: '203.0.113.10' } }), 'getAccount', 200);
    const res = await fetch(`${base}/api/v1/copy/start`, {
      method: 'POST', headers: { 'API-KEY': TRADE, 'content-type': 'application/json' }, body: JSON.stringify({ lead_trader_id: 1, copy_amount: 50 }),
    });
    expect((await expectValid(res, 'startCopy', 200)).data.status).toBe('active');
  });
});
