// doppel check's preflight tells a wrong interface from a wrong key: a URL that answers 404 for
// the interface's public read is named as serving the other interface (or none), in one line,
// exit 2, before any key is blamed.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckCli } from '../../conformance/index.js';
import { startMock, type RunningMock } from '../../mock/index.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, quiet: true });
});
afterAll(async () => {
  await mock.close();
});

async function check(options: Parameters<typeof runCheckCli>[0]): Promise<{ code: number; err: string[] }> {
  const err: string[] = [];
  const code = await runCheckCli({ quiet: true, runs: 1, ...options, out: () => undefined, err: (l) => err.push(l) });
  return { code, err };
}

describe('preflight: which interface a URL serves', () => {
  it('a trading URL that serves the wallet interface is named so, not a rejected key', async () => {
    const { code, err } = await check({ tradingUrl: mock.wallet.url, tradingKey: 'demo-trade-key' });
    expect(code).toBe(2);
    expect(err.join('\n')).toContain(`--trading-url ${mock.wallet.url} serves the wallet interface (GET /api/v1/chains answered 200), not trading (GET /api/v1/markets answered 404)`);
    expect(err.join('\n')).not.toContain('was rejected');
  });

  it('a wallet URL that serves the trading interface, the same way', async () => {
    const { code, err } = await check({ walletUrl: mock.trading.url, walletKeys: ['demo-wallet-key'] });
    expect(code).toBe(2);
    expect(err.join('\n')).toContain(`--wallet-url ${mock.trading.url} serves the trading interface`);
  });

  it('a URL that serves neither says so', async () => {
    const other = createServer((_req, res) => res.writeHead(404, { 'content-type': 'text/plain' }).end('Not Found'));
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}`;
    try {
      const { code, err } = await check({ tradingUrl: url, tradingKey: 'demo-trade-key' });
      expect(code).toBe(2);
      expect(err.join('\n')).toContain(`--trading-url ${url} does not seem to serve the trading interface: GET /api/v1/markets answered 404 Not Found`);
    } finally {
      await new Promise((r) => other.close(r));
    }
  });
});
