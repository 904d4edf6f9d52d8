// fake.fetch: the fake as a fetch-compatible function without msw, through the same pipeline.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createFake } from '../../mock/index.js';

describe('fake.fetch', () => {
  it('answers both interfaces by origin, with the same envelopes as over HTTP', async () => {
    const fake = createFake();
    const balances = await fake.fetch('http://trading.doppel.test/api/v1/account/balances', { headers: { 'API-KEY': 'demo-trade-key' } });
    expect(balances.status).toBe(200);
    expect(balances.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(((await balances.json()) as any).data).toContainEqual({ currency: 'BTC', chain: 'bitcoin', balance: '0.50000000', locked: '0.00000000' });
    const wallets = await fake.fetch(new URL('http://wallet.doppel.test/api/v1/wallets'), { headers: { 'X-API-Key': 'demo-wallet-key' } });
    expect(((await wallets.json()) as any).wallets).toHaveLength(3);
    const denied = await fake.fetch(new Request('http://trading.doppel.test/api/v1/account'));
    expect(denied.status).toBe(401);
    expect(await denied.json()).toEqual({ success: false, error: 'getAccount: missing API-KEY header', code: 'unauthorized' });
  });

  it('sends bodies as a client would: a JSON string, a Request, a bad content type, invalid JSON', async () => {
    const fake = createFake();
    const order = { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' };
    const json = { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };
    const placed = await fake.fetch('http://trading.doppel.test/api/v1/spot/order', { method: 'POST', headers: json, body: JSON.stringify(order) });
    expect(placed.status).toBe(200);
    expect(((await placed.json()) as any).data).toMatchObject({ type: 'spot', status: 'filled', amount: '0.00100000' });
    const asRequest = new Request('http://trading.doppel.test/api/v1/spot/order', { method: 'POST', headers: json, body: JSON.stringify(order) });
    expect((await fake.fetch(asRequest)).status).toBe(200);
    const plain = await fake.fetch('http://trading.doppel.test/api/v1/spot/order', { method: 'POST', headers: { 'API-KEY': 'demo-trade-key' }, body: JSON.stringify(order) });
    expect(await plain.json()).toMatchObject({ code: 'unsupported_media_type' });
    const broken = await fake.fetch('http://trading.doppel.test/api/v1/spot/order', { method: 'POST', headers: json, body: '{"market":' });
    expect(await broken.json()).toMatchObject({ code: 'invalid_json' });
    expect(((await fake.fetch("http://trading.doppel.test/api/v1/account/orders", { headers: json }).then((r) => r.json())) as any).data).toHaveLength(2);
  });

  it('honours other base URLs, a mount path, and fails like fetch for an unknown host', async () => {
    const fake = createFake({ baseUrls: { trading: 'https://api.example.test/trading', wallet: 'https://wallet.example.test' } });
    expect((await fake.fetch('https://api.example.test/trading/api/v1/markets')).status).toBe(200);
    expect((await fake.fetch('https://wallet.example.test/api/v1/chains')).status).toBe(200);
    await expect(fake.fetch('http://trading.doppel.test/api/v1/markets')).rejects.toThrow(TypeError);
    await expect(fake.fetch('https://api.example.test/other/api/v1/markets')).rejects.toThrow(/no doppel interface/);
  });

  // Node 20 makes the Response global (undici) only when first used, about 25 ms; on Node 22 and
  // later it is there from the start, and this has nothing to tell.
  it('is made without touching the Response global: a doppel mock start does not load undici (Node 20)', (ctx) => {
    const script = [
      "const lazy = () => typeof Object.getOwnPropertyDescriptor(globalThis, 'Response')?.get === 'function';",
      'const before = lazy();',
      `const { startMock } = await import(${JSON.stringify(fileURLToPath(new URL('../../dist/mock/index.js', import.meta.url)))});`,
      'const mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true });',
      'await mock.close();',
      'console.log(JSON.stringify({ before, after: lazy() }));',
    ].join('\n');
    const seen = JSON.parse(execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' })) as { before: boolean; after: boolean };
    if (!seen.before) ctx.skip();
    expect(seen.after).toBe(true);
  });
});
