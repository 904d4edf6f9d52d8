// The request journal and the verification helper: after a scripted client run, the
// journal holds every request and its answer, filterable by the one request pattern, in process
// (fake.requests / fake.verify) and over HTTP (GET /__doppel/requests, …/verify, DELETE).
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFake, startMock, type JournalEntry, type RunningMock } from '../../mock/index.js';

const T = 'http://trading.doppel.test';
const W = 'http://wallet.doppel.test';
const JSON_TRADE = { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };

/** A small client session: reads, a margin order without leverage, a refused order, a register with a password. */
async function scriptedClient(fetcher: (url: string, init?: RequestInit) => Promise<Response>, t: string, w: string): Promise<void> {
  await fetcher(`${t}/api/v1/prices`);
  await fetcher(`${t}/api/v1/account/balances`, { headers: { 'API-KEY': 'demo-trade-key' } });
  await fetcher(`${t}/api/v1/margin/order`, { method: 'POST', headers: JSON_TRADE, body: JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'long', order_type: 'market', amount: '0.001' }) });
  await fetcher(`${t}/api/v1/spot/order`, { method: 'POST', headers: JSON_TRADE, body: JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '-1' }) });
  await fetcher(`${w}/api/v1/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Ada', email: 'ada@example.com', password: 'correct-horse' }) });
  await fetcher(`${t}/api/v1/account/orders?status=open`, { headers: { 'API-KEY': 'demo-trade-key' } });
}

function checkSession(entries: JournalEntry[]): void {
  // Newest first, both interfaces, one journal.
  expect(entries.map((e) => e.operationId)).toEqual(['listOrders', 'register', 'placeSpotOrder', 'placeMarginOrder', 'getBalances', 'getPrices']);
  const [orders, register, refused, margin, balances] = entries as [JournalEntry, JournalEntry, JournalEntry, JournalEntry, JournalEntry];
  expect(orders).toMatchObject({ interface: 'trading', namespace: 'default', method: 'GET', path: '/api/v1/account/orders', route: '/api/v1/account/orders', query: { status: 'open' }, status: 200 });
  expect(balances.headers['api-key']).toBe('***');
  expect((balances.response as { data: unknown[] }).data.length).toBeGreaterThan(0);
  // The body as the client sent it: validation fills leverage: 1 into the request, the journal does not.
  expect(margin.body).toEqual({ market: 'BTC', pair: 'USDT', side: 'long', order_type: 'market', amount: '0.001' });
  expect(margin.status).toBe(200);
  expect(refused).toMatchObject({ status: 400, response: { success: false, code: 'invalid_request' } });
  // Secrets masked: the password sent, the token and key answered.
  expect(register.body).toEqual({ name: 'Ada', email: 'ada@example.com', password: '***' });
  expect(register.interface).toBe('wallet');
  expect(JSON.stringify(register)).not.toContain('correct-horse');
  for (const e of entries) {
    expect(Date.parse(e.wall_time)).not.toBeNaN();
    expect(Date.parse(e.virtual_time)).not.toBeNaN();
    expect(e.fault).toBeNull();
  }
}

describe('in process', () => {
  it('records a scripted client run; filters by the request pattern, status, since and limit', async () => {
    const fake = createFake();
    await scriptedClient(fake.fetch, T, W);
    checkSession(fake.requests());
    expect(fake.requests({ interface: 'wallet' }).map((e) => e.operationId)).toEqual(['register']);
    expect(fake.requests({ method: 'post', status: '2xx' }).map((e) => e.operationId)).toEqual(['register', 'placeMarginOrder']);
    expect(fake.requests({ status: 400 }).map((e) => e.operationId)).toEqual(['placeSpotOrder']);
    expect(fake.requests({ path: '/api/v1/price/{symbol}' })).toEqual([]);
    expect(fake.requests({ path: '/api/v1/prices' })).toHaveLength(1);
    expect(fake.requests({ key: 'demo-trade-key' })).toHaveLength(4);
    expect(fake.requests({ limit: 2 })).toHaveLength(2);
    expect(fake.requests({ since: Date.now() + 60_000 })).toEqual([]);
    // The verification helper: count and the newest match.
    const v = fake.verify({ operationId: 'placeSpotOrder' });
    expect(v.count).toBe(1);
    expect(v.last?.status).toBe(400);
    expect(fake.verify({ operationId: 'stopCopy' })).toEqual({ count: 0, last: null });
    expect(fake.clearRequests({ interface: 'wallet' })).toBe(1);
    expect(fake.requests()).toHaveLength(5);
    expect(fake.clearRequests()).toBe(5);
    expect(fake.requests()).toEqual([]);
  });

  it('is a bounded ring: the oldest entries go; 0 turns it off', async () => {
    const fake = createFake({ journalSize: 3 });
    for (let i = 0; i < 10; i++) await fake.fetch(`${T}/api/v1/price/BTC?n=${i}`);
    const kept = fake.requests();
    expect(kept.map((e) => e.query['n'])).toEqual(['9', '8', '7']);
    expect(kept[0]!.id).toBe(10);
    const off = createFake({ journalSize: 0 });
    await off.fetch(`${T}/api/v1/prices`);
    expect(off.requests()).toEqual([]);
    expect((await off.fetch(`${T}/__doppel/requests`)).status).toBe(404);
  });
  it('keeps the newest `size` entries in order while it grows, wraps and is cleared', async () => {
    // The columns start small and grow during the first lap: sizes around that first capacity
    // (256) and its doublings, sends and clears (all, or by path) in any order, against a list.
    const op = fc.oneof(
      fc.record({ send: fc.constantFrom('BTC', 'ETH'), count: fc.integer({ min: 1, max: 300 }) }),
      fc.record({ clear: fc.constantFrom('BTC', 'ETH', 'all') }),
    );
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(1, 3, 255, 256, 257, 513, 600), fc.array(op, { maxLength: 8 }), async (size, ops) => {
        const fake = createFake({ journalSize: size });
        let model: string[] = [];
        let n = 0;
        for (const step of ops) {
          if ('send' in step) {
            for (let i = 0; i < step.count; i++) {
              await fake.fetch(`${T}/api/v1/price/${step.send}?n=${n}`);
              model.push(`${step.send}${n++}`);
            }
            model = model.slice(-size);
          } else if (step.clear === 'all') {
            expect(fake.clearRequests()).toBe(model.length);
            model = [];
          } else {
            const path = `/api/v1/price/${step.clear}`;
            const removed = model.filter((e) => e.startsWith(step.clear)).length;
            expect(fake.clearRequests({ path })).toBe(removed);
            model = model.filter((e) => !e.startsWith(step.clear));
          }
          const held = fake.requests({ limit: 1_000_000 }).map((e) => `${e.path.slice(-3)}${e.query['n']}`);
          expect(held).toEqual([...model].reverse());
        }
      }),
      { numRuns: 25, seed: 20261127 },
    );
  });
});

describe('over HTTP', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true });
  });
  afterAll(() => mock.close());

  it('GET /__doppel/requests (filters), /verify, DELETE; the journal does not record its own reads', async () => {
    await scriptedClient((url, init) => fetch(url, init), mock.trading.url, mock.wallet.url);
    const all = (await (await fetch(`${mock.wallet.url}/__doppel/requests`)).json()) as { success: true; data: { requests: JournalEntry[] } };
    checkSession(all.data.requests);
    const q = await (await fetch(`${mock.trading.url}/__doppel/requests?method=POST&status=4xx&limit=5`)).json() as { data: { requests: JournalEntry[] } };
    expect(q.data.requests.map((e) => e.operationId)).toEqual(['placeSpotOrder']);
    const v = (await (await fetch(`${mock.trading.url}/__doppel/requests/verify?operationId=placeMarginOrder`)).json()) as { data: { count: number; last: JournalEntry } };
    expect(v.data.count).toBe(1);
    expect(v.data.last.body).toMatchObject({ side: 'long' });
    const bad = await fetch(`${mock.trading.url}/__doppel/requests?status=abc&limit=0&colour=red`);
    expect(bad.status).toBe(400);
    const message = ((await bad.json()) as { error: string }).error;
    for (const part of ['unknown filter colour', 'status must be', 'limit must be']) expect(message).toContain(part);
    const cleared = (await (await fetch(`${mock.trading.url}/__doppel/requests`, { method: 'DELETE' })).json()) as { data: { removed: number } };
    expect(cleared.data.removed).toBe(6);
    expect(mock.fake.requests()).toEqual([]);
  });
});
