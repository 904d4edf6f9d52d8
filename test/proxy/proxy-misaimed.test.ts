// No verdict without evidence: a proxy whose target answers "no such route" to most requests (the
// other interface's deployment, a base URL with a path) says so at once, naming the likely cause,
// and its report is INCONCLUSIVE, not PASSED; a target URL ending in /api/v1 is taken off with one
// line (doppel check says the same line); a `//host/path` request is recorded under the URL the
// target was sent.
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheckCli } from '../../conformance/index.js';
import { startMock, type RunningMock } from '../../mock/index.js';
import { runProxyCli, startProxy, type RunningProxy } from '../../proxy/index.js';
import { send } from './traffic-client.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-proxy-aim-'));
let mock: RunningMock;
afterAll(async () => {
  await mock?.close();
  rmSync(dir, { recursive: true, force: true });
});

const TRADING_READS = ['/api/v1/markets', '/api/v1/price/BTC', '/api/v1/markets', '/api/v1/account/balances', '/api/v1/markets', '/api/v1/price/ETH'];

async function session(target: string, html?: string): Promise<{ code: number; out: string[]; err: string[]; statuses: number[]; warnedBeforeStop: boolean }> {
  const signals = new EventEmitter();
  const out: string[] = [];
  const err: string[] = [];
  let proxy: RunningProxy | undefined;
  const running = runProxyCli({ tradingTarget: target, tradingPort: 0, html, out: (l) => out.push(l), err: (l) => err.push(l), signals, onListening: (p) => (proxy = p) });
  while (!proxy) await new Promise((r) => setTimeout(r, 10));
  const statuses: number[] = [];
  for (const path of TRADING_READS) statuses.push((await send(proxy.listening.trading!.url, 'GET', path, { 'api-key': 'demo-trade-key' })).status);
  const warnedBeforeStop = err.some((l) => l.includes('WARNING'));
  signals.emit('SIGINT', 'SIGINT');
  return { code: await running, out, err, statuses, warnedBeforeStop };
}

describe('a misaimed target', () => {
  it('the other interface\'s deployment: a warning at once, INCONCLUSIVE, exit 1', async () => {
    mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual', quiet: true });
    const html = join(dir, 'aim.html');
    const s = await session(mock.wallet.url, html);
    expect(s.statuses.every((st) => st === 404 || st === 401)).toBe(true);
    expect(s.warnedBeforeStop).toBe(true);
    expect(s.err.filter((l) => l.includes('WARNING'))).toHaveLength(1);
    expect(s.err.find((l) => l.includes('WARNING'))).toMatch(/^doppel proxy: WARNING: \d+ of \d+ trading answers are the target's 404 for an unknown route .*is http:\/\/127\.0\.0\.1:\d+ the trading deployment\?/);
    expect(s.out.join('\n')).toMatch(/^INCONCLUSIVE: /m);
    expect(s.out.join('\n')).not.toMatch(/^PASSED/m);
    expect(s.code).toBe(1);
    expect(readFileSync(html, 'utf8')).toContain('<title>doppel proxy: INCONCLUSIVE</title>');
  });

  it('a base URL with a path: the warning names it', async () => {
    const s = await session(`${mock.trading.url}/v2`);
    expect(s.err.find((l) => l.includes('WARNING'))).toContain(`the target URL ${mock.trading.url}/v2 has a path (/v2)`);
    expect(s.code).toBe(1);
  });

  it('a target URL ending in /api/v1 is taken off with one line; the traffic then passes', async () => {
    const s = await session(`${mock.trading.url}/api/v1/`);
    expect(s.err[0]).toBe(`doppel proxy: --trading-target ${mock.trading.url}/api/v1/ ends with /api/v1, which every request path starts with already: using ${mock.trading.url}`);
    expect(s.statuses.every((st) => st === 200)).toBe(true);
    expect(s.err.join('\n')).not.toContain('WARNING');
    expect(s.out.join('\n')).toMatch(/^PASSED: /m);
    expect(s.code).toBe(0);
  });

  it('doppel check says the same line', async () => {
    const err: string[] = [];
    await runCheckCli({ tradingUrl: `${mock.trading.url}/api/v1`, tradingKey: 'demo-trade-key', only: ['content-type-json'], runs: 1, quiet: true, out: () => undefined, err: (l) => err.push(l) });
    expect(err[0]).toBe(`doppel check: --trading-url ${mock.trading.url}/api/v1 ends with /api/v1, which every request path starts with already: using ${mock.trading.url}`);
  });

});

describe('a //host/path request', () => {
  it('is sent to the target as that path and recorded under the target\'s URL', async () => {
    const seen: string[] = [];
    const target = createServer((req, res) => {
      seen.push(req.url ?? '');
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":{}}');
    });
    await new Promise<void>((r) => target.listen(0, '127.0.0.1', r));
    const origin = `http://127.0.0.1:${(target.address() as AddressInfo).port}`;
    const har = join(dir, 'slashes.har');
    const proxy = await startProxy({ targets: { trading: origin }, ports: { trading: 0 }, har });
    await send(proxy.listening.trading!.url, 'GET', '//evil.test/api/v1/prices');
    await proxy.close(100);
    target.closeAllConnections();
    await new Promise((r) => target.close(r));
    expect(seen).toEqual(['//evil.test/api/v1/prices']);
    const entries = JSON.parse(readFileSync(har, 'utf8')).log.entries;
    expect(entries.map((e: { request: { url: string } }) => e.request.url)).toEqual([`${origin}//evil.test/api/v1/prices`]);
  });
});
