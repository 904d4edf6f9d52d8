// A path of one interface asked on the other's port (a client aimed at the wrong port) is the 404
// of any unknown path, in the interface's error envelope, whose message names where that
// interface is: the listener's URL over HTTP, the base URL in process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFake, startMock, type RunningMock } from '../../mock/index.js';

describe('a path of the other interface', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
  });
  afterAll(() => mock.close());

  it('on the trading port: 404 naming the wallet port', async () => {
    const res = await fetch(`${mock.trading.url}/api/v1/wallets`, { headers: { 'X-API-Key': 'demo-wallet-key' } });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      success: false,
      code: 'route_not_found',
      error: `no endpoint GET /api/v1/wallets: a path of the wallet interface, which is at ${mock.wallet.url} (this is the trading interface)`,
    });
  });

  it('on the wallet port: 404 naming the trading port', async () => {
    const res = await fetch(`${mock.wallet.url}/api/v1/spot/order`, { method: 'POST', headers: { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' }, body: '{}' });
    expect(res.status).toBe(404);
    const body = (await res.json()) as { success: boolean; error: string };
    expect(body.success).toBe(false);
    expect(body.error).toBe(`no endpoint POST /api/v1/spot/order: a path of the trading interface, which is at ${mock.trading.url} (this is the wallet interface)`);
  });

  it('a path neither has: the plain 404', async () => {
    const res = await fetch(`${mock.trading.url}/api/v1/nothing`);
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toBe('no endpoint GET /api/v1/nothing');
  });

  it('in process: names the base URL fake.fetch answers', async () => {
    const fake = createFake();
    const res = await fake.fetch('http://trading.doppel.test/api/v1/wallets/3/balance');
    expect(res.status).toBe(404);
    expect(((await res.json()) as { error: string }).error).toContain('a path of the wallet interface, which is at http://wallet.doppel.test');
  });
});
