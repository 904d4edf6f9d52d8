// Namespaces: X-Doppel-Namespace selects an isolated fake (own state, demo data and
// clock), created on first use; admin routes accept it; a bound on how many exist.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFake, startMock, type RunningMock } from '../../mock/index.js';

const T = 'http://trading.doppel.test';
const W = 'http://wallet.doppel.test';
const ORDER = JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.01' });

type Fetcher = (url: string, init?: RequestInit) => Promise<Response>;

/** What one test worker does in its namespace: an order, a wallet transfer; returns what it sees. */
async function worker(fetcher: Fetcher, t: string, w: string, namespace: string, orders: number) {
  const ns = { 'x-doppel-namespace': namespace };
  const trade = { ...ns, 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };
  for (let i = 0; i < orders; i++) expect((await fetcher(`${t}/api/v1/spot/order`, { method: 'POST', headers: trade, body: ORDER })).status).toBe(200);
  const listed = (await (await fetcher(`${t}/api/v1/account/orders?limit=100`, { headers: trade })).json()) as { data: unknown[] };
  const balances = (await (await fetcher(`${t}/api/v1/account/balances`, { headers: trade })).json()) as { data: { currency: string; balance: string }[] };
  const wallets = (await (await fetcher(`${w}/api/v1/wallets`, { headers: { ...ns, 'X-API-Key': 'demo-wallet-key' } })).json()) as { wallets: { id: number }[] };
  return { orders: listed.data.length, btc: balances.data.find((b) => b.currency === 'BTC')?.balance, wallets: wallets.wallets.length };
}

describe('in process', () => {
  it('two namespaces do not see each other’s orders and balances; the default one is untouched', async () => {
    const fake = createFake();
    const base = await worker(fake.fetch, T, W, 'default', 0);
    const [a, b] = await Promise.all([worker(fake.fetch, T, W, 'worker-1', 3), worker(fake.fetch, T, W, 'worker-2', 1)]);
    expect(a.orders).toBe(base.orders + 3);
    expect(b.orders).toBe(base.orders + 1);
    expect(a.btc).not.toBe(b.btc);
    expect(await worker(fake.fetch, T, W, 'default', 0)).toEqual(base);
    expect(fake.namespaces()).toEqual(['default', 'worker-1', 'worker-2']);
    // In process, a namespace is also an object: its own models and clock.
    expect(fake.namespace('worker-1').models.trading).not.toBe(fake.models.trading);
    fake.namespace('worker-1').advance(3_600_000);
    expect(fake.namespace('worker-1').clock.now() - fake.clock.now()).toBe(3_600_000);
    // Every journal entry names its namespace.
    expect(fake.verify({ namespace: 'worker-1', operationId: 'placeSpotOrder' }).count).toBe(3);
  });

  it('refuses a bad name (400) and one namespace too many (409); a dropped one starts afresh', async () => {
    const fake = createFake({ maxNamespaces: 2 });
    const bad = await fake.fetch(`${T}/api/v1/markets`, { headers: { 'x-doppel-namespace': 'no spaces please' } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: 'invalid_request', error: expect.stringMatching(/X-Doppel-Namespace must be/) });
    expect((await fake.fetch(`${T}/api/v1/markets`, { headers: { 'x-doppel-namespace': 'one' } })).status).toBe(200);
    const full = await fake.fetch(`${T}/api/v1/markets`, { headers: { 'x-doppel-namespace': 'two' } });
    expect(full.status).toBe(409);
    expect(((await full.json()) as { error: string }).error).toMatch(/namespace limit reached \(2\)/);
    await worker(fake.fetch, T, W, 'one', 2);
    const dropped = await fake.fetch(`${T}/__doppel/namespaces/one`, { method: 'DELETE' });
    expect(((await dropped.json()) as { data: unknown }).data).toEqual({ dropped: 'one' });
    expect((await fake.fetch(`${T}/__doppel/namespaces/default`, { method: 'DELETE' })).status).toBe(400);
    const afresh = await worker(fake.fetch, T, W, 'two', 0);
    expect(afresh).toEqual(await worker(fake.fetch, T, W, 'default', 0));
  });
});

describe('over HTTP, one doppel mock shared by two workers', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
  });
  afterAll(() => mock.close());
  const http: Fetcher = (url, init) => fetch(url, init);

  it('isolates orders, balances, clock, reset and state per namespace', async () => {
    const t = mock.trading.url;
    const w = mock.wallet.url;
    const base = await worker(http, t, w, 'default', 0);
    const [a, b] = await Promise.all([worker(http, t, w, 'ci-a', 2), worker(http, t, w, 'ci-b', 5)]);
    expect([a.orders, b.orders]).toEqual([base.orders + 2, base.orders + 5]);
    expect(a.btc).not.toBe(b.btc);
    const admin = (path: string, namespace: string, init: RequestInit = {}) =>
      fetch(`${t}${path}`, { ...init, headers: { 'content-type': 'application/json', 'x-doppel-namespace': namespace } }).then((r) => r.json() as Promise<{ data: any }>);
    // The clock of one namespace moves alone.
    const moved = await admin('/__doppel/clock', 'ci-a', { method: 'POST', body: JSON.stringify({ advance_seconds: 86_400 }) });
    const still = await admin('/__doppel/clock', 'ci-b');
    expect(moved.data.epoch_ms - still.data.epoch_ms).toBe(86_400_000);
    // State and reset are the namespace's.
    const stateB = await admin('/__doppel/state', 'ci-b');
    expect(stateB.data.trading.orders.length).toBeGreaterThan((await admin('/__doppel/state', 'ci-a')).data.trading.orders.length);
    await admin('/__doppel/reset', 'ci-b', { method: 'POST' });
    expect(await worker(http, t, w, 'ci-b', 0)).toEqual(base);
    expect((await worker(http, t, w, 'ci-a', 0)).orders).toBe(base.orders + 2);
    // The journal seen through a namespace is that namespace's.
    const seen = await admin('/__doppel/requests?operationId=placeSpotOrder', 'ci-a');
    expect(seen.data.requests.map((e: { namespace: string }) => e.namespace)).toEqual(['ci-a', 'ci-a']);
    const list = await admin('/__doppel/namespaces', 'default');
    expect(list.data.namespaces.map((n: { name: string }) => n.name)).toEqual(['default', 'ci-a', 'ci-b']);
    expect(list.data.max).toBe(100);
  });
});
