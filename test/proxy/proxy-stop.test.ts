// However doppel proxy stops, what it recorded can be read: on SIGTERM and on an internal error
// the reports are written and the HAR is a whole document; killed outright (kill -9), the HAR it
// wrote an entry at a time is read by doppel check --from-har up to its last whole entry.
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheckCli } from '../../conformance/index.js';
import { readHarText } from '../../conformance/traffic/har.js';
import { startMock } from '../../mock/index.js';
import { runProxyCli, startProxy, type RunningProxy } from '../../proxy/index.js';
import { send } from './traffic-client.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-proxy-stop-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function session(stop: (signals: EventEmitter) => void, name: string): Promise<{ code: number; err: string[]; har: string; json: string }> {
  const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual', quiet: true });
  const har = join(dir, `${name}.har`);
  const json = join(dir, `${name}.json`);
  const signals = new EventEmitter();
  const err: string[] = [];
  let proxy: RunningProxy | undefined;
  const running = runProxyCli({ tradingTarget: mock.trading.url, tradingPort: 0, har, json, out: () => undefined, err: (l) => err.push(l), signals, onListening: (p) => (proxy = p) });
  while (!proxy) await new Promise((r) => setTimeout(r, 10));
  for (const path of ['/api/v1/prices', '/api/v1/markets']) expect((await send(proxy.listening.trading!.url, 'GET', path)).status).toBe(200);
  stop(signals);
  const code = await running;
  await mock.close();
  return { code, err, har, json };
}

describe('doppel proxy stopping', () => {
  it('on SIGTERM writes the reports and a whole HAR', async () => {
    const { code, har, json } = await session((s) => s.emit('SIGTERM', 'SIGTERM'), 'term');
    expect(code).toBe(0);
    expect(JSON.parse(readFileSync(har, 'utf8')).log.entries).toHaveLength(2);
    expect(JSON.parse(readFileSync(json, 'utf8')).traffic.exchanges).toBe(2);
  });

  it('on an internal error writes the reports and a whole HAR, says so in one line, exit 1', async () => {
    const { code, err, har, json } = await session((s) => s.emit('uncaughtException', new Error('something broke')), 'crash');
    expect(code).toBe(1);
    expect(err).toContain('doppel proxy: internal error, stopping with the reports: something broke');
    expect(JSON.parse(readFileSync(har, 'utf8')).log.entries).toHaveLength(2);
    expect(existsSync(json)).toBe(true);
  });

  it('killed outright, its HAR holds every exchange that ended, and a cut one reads up to its last whole entry', async () => {
    const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual', quiet: true });
    const har = join(dir, 'killed.har');
    const proxy = await startProxy({ targets: { trading: mock.trading.url }, ports: { trading: 0 }, har });
    try {
      for (const path of ['/api/v1/prices', '/api/v1/markets', '/api/v1/price/BTC']) await send(proxy.listening.trading!.url, 'GET', path);
      // What is on disk now is what a kill -9 leaves: the proxy is not closed.
      const text = readFileSync(har, 'utf8');
      expect(() => JSON.parse(text)).toThrow();
      const whole = readHarText(text);
      expect((whole.doc as { log: { entries: unknown[] } }).log.entries).toHaveLength(3);
      const cutFile = join(dir, 'cut.har');
      writeFileSync(cutFile, text.slice(0, text.length - 40));
      const cut = readHarText(readFileSync(cutFile, 'utf8'));
      expect((cut.doc as { log: { entries: unknown[] } }).log.entries).toHaveLength(2);
      expect(cut.cut).toMatch(/2 whole entries read/);
      const out: string[] = [];
      const err: string[] = [];
      const code = await runCheckCli({ fromHar: cutFile, out: (l) => out.push(l), err: (l) => err.push(l) });
      expect(code).toBe(0);
      expect(err.join('\n')).toContain(`doppel check: --from-har ${cutFile}: the file ends without closing its document`);
      expect(out.join('\n')).toContain('(2 exchanges; no request sent)');
      // Anything else that is not JSON is still refused.
      writeFileSync(cutFile, '{"log": ');
      expect(await runCheckCli({ fromHar: cutFile, out: () => undefined, err: () => undefined })).toBe(2);
    } finally {
      await proxy.close(100);
      await mock.close();
    }
  });
});
