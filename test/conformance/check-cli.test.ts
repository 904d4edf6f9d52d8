// runCheckCli's exit statuses for usage and connection problems (issue 5: 2, with what to fix).
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runCheckCli } from '../../conformance/index.js';

async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('doppel check exit status', () => {
  it('is 2 with a hint when nothing listens at the URL', async () => {
    const errors: string[] = [];
    const code = await runCheckCli({ tradingUrl: `http://127.0.0.1:${await closedPort()}`, out: () => {}, err: (l) => errors.push(l) });
    expect(code).toBe(2);
    expect(errors.join('\n')).toMatch(/nothing listens .*--trading-url/);
  });
  it('is 2 for a key without its URL', async () => {
    const errors: string[] = [];
    expect(await runCheckCli({ walletKey: 'k', out: () => {}, err: (l) => errors.push(l) })).toBe(2);
    expect(errors.join('\n')).toMatch(/--wallet-key needs --wallet-url/);
  });
});
