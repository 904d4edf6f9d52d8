import { setupServer } from 'msw/node';
import { afterEach, describe, expect, it } from 'vitest';
import { createFake, createHandlers, startMock, type FakeRequest, type RunningMock } from '../../mock/index.js';

/** A request as a JSON client sends it: with Content-Type: application/json on every write (admin POSTs need it, body or not). */
function req(method: string, path: string, { headers, ...init }: Partial<FakeRequest> = {}): FakeRequest {
  const [pathname, search] = path.split('?');
  const json = method === 'GET' ? {} : { 'content-type': 'application/json' };
  return { method, path: pathname ?? path, query: new URLSearchParams(search ?? ''), headers: { ...json, ...headers }, body: undefined, ip: '127.0.0.1', ...init };
}

describe('createFake', () => {
  it('shares one clock between the interfaces and moves it from either admin API', () => {
    const fake = createFake();
    const before = fake.clock.now();
    const moved = fake.wallet.handle(req('POST', '/__doppel/clock', { body: { advance_seconds: 90 } }));
    expect(moved.status).toBe(200);
    expect(fake.clock.now()).toBe(before + 90_000);
    const seen = fake.trading.handle(req('GET', '/__doppel/clock'));
    expect((seen.body as any).data.epoch_ms).toBe(before + 90_000);
    expect(seen.headers.date).toBe(new Date(before + 90_000).toUTCString());
  });

  it('rejects a bad clock move with a 400 envelope', () => {
    const fake = createFake();
    for (const body of [{ advance_seconds: -1 }, { advance_seconds: 1.5 }, {}, { advance_seconds: '60' }]) {
      const res = fake.trading.handle(req('POST', '/__doppel/clock', { body }));
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, code: 'invalid_request' });
    }
  });

  it('reset restores the seeded state of both interfaces and the clock', () => {
    const fake = createFake();
    const key = { 'api-key': 'demo-trade-key' };
    const balances = () => fake.trading.handle(req('GET', '/api/v1/account/balances', { headers: key })).body;
    const initial = balances();
    const placed = fake.trading.handle(
      req('POST', '/api/v1/spot/order', { headers: key, body: { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.01' } }),
    );
    expect(placed.status).toBe(200);
    expect(balances()).not.toEqual(initial);
    fake.advance(3_600_000);
    const reg = fake.wallet.handle(req('POST', '/api/v1/register', { body: { name: 'A', email: 'a@example.com', password: 'pw' } }));
    expect(reg.status).toBe(200);

    expect(fake.trading.handle(req('POST', '/__doppel/reset')).status).toBe(200);
    expect(balances()).toEqual(initial);
    const again = fake.wallet.handle(req('POST', '/api/v1/register', { body: { name: 'A', email: 'a@example.com', password: 'pw' } }));
    expect(again.status).toBe(200);
    expect((again.body as any).user_id).toBe((reg.body as any).user_id);
  });

  it('requires the admin token on /__doppel/ when one is set, and only there', () => {
    const fake = createFake({ adminToken: 's3cret' });
    expect(fake.trading.handle(req('POST', '/__doppel/reset')).status).toBe(401);
    expect(fake.wallet.handle(req('GET', '/__doppel/clock', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
    expect(fake.wallet.handle(req('GET', '/__doppel/clock', { headers: { authorization: 'Bearer s3cret' } })).status).toBe(200);
    expect(fake.trading.handle(req('GET', '/api/v1/prices')).status).toBe(200);
  });
});

describe('startMock', () => {
  let running: RunningMock | undefined;
  afterEach(async () => {
    await running?.close();
    running = undefined;
  });

  it('serves both interfaces on free loopback ports and prints one ready line each', async () => {
    const lines: string[] = [];
    running = await startMock({ tradingPort: 0, walletPort: 0, log: (l) => lines.push(l) });
    expect(lines).toEqual([`doppel trading interface ready at ${running.trading.url}`, `doppel wallet interface ready at ${running.wallet.url}`]);
    const prices = await fetch(`${running.trading.url}/api/v1/prices`);
    expect(prices.status).toBe(200);
    expect(prices.headers.get('content-type')).toMatch(/^application\/json/);
    const chains = (await (await fetch(`${running.wallet.url}/api/v1/chains`)).json()) as any;
    expect(chains.chains.map((c: any) => c.slug)).toEqual(expect.arrayContaining(['ethereum', 'bitcoin', 'tron', 'bsc', 'solana', 'polygon']));
    const missing = await fetch(`${running.wallet.url}/nope`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ success: false });
  });

  it('refuses to bind beyond loopback without an admin token', async () => {
    await expect(startMock({ host: '0.0.0.0', tradingPort: 0, walletPort: 0, quiet: true })).rejects.toThrow(/--admin-token/);
  });
});

describe('createHandlers (msw)', () => {
  it('serves the same fake in-process, whitelist included', async () => {
    const fake = createFake();
    const server = setupServer(...(await createHandlers(fake, { tradingBaseUrl: 'http://trading.test', walletBaseUrl: 'http://wallet.test' })));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const ok = await fetch('http://trading.test/api/v1/account', { headers: { 'API-KEY': 'demo-trade-key' } });
      expect(ok.status).toBe(200);
      const locked = await fetch('http://trading.test/api/v1/account', { headers: { 'API-KEY': 'demo-ip-locked-key' } });
      expect(locked.status).toBe(403);
      const allowed = await fetch('http://trading.test/api/v1/account', {
        headers: { 'API-KEY': 'demo-ip-locked-key', 'x-doppel-client-ip': '203.0.113.10' },
      });
      expect(allowed.status).toBe(200);
      const wallets = await fetch('http://wallet.test/api/v1/wallets', { headers: { 'X-API-Key': 'demo-wallet-key' } });
      expect(((await wallets.json()) as any).wallets.length).toBeGreaterThanOrEqual(3);
    } finally {
      server.close();
    }
  });
});
