// `doppel proxy` as a QA runs it: in front of a deployment whose error bodies are text/plain, the
// team's traffic (the scripted client) passes through; the violation is one line on stderr as it
// happens; at SIGINT the reports of doppel check are written, the HTML one looked at in Chromium
// (DOPPEL_UPDATE_SCREENSHOT=1 saves it as docs/images/proxy-report.png); exit status 1. Usage
// problems are exit 2 before anything listens; --help explains the use.
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { runProxyCli, type RunningProxy } from '../../proxy/index.js';
import { run } from '../bin/run-cli.js';
import { startProxy as startBroken } from '../conformance/broken-proxy.js';
import { launchChromium } from '../support/launch-chromium.js';
import { runScript } from './traffic-client.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-proxy-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files = { har: join(dir, 't.har'), json: join(dir, 'r.json'), junit: join(dir, 'r.xml'), html: join(dir, 'r.html'), replay: join(dir, 'replay.sh'), learn: join(dir, 'learned.json') };

describe('doppel proxy on the command line', () => {
  const out: string[] = [];
  const err: string[] = [];
  let code: number;

  it('prints each violation as it happens and writes the reports at SIGINT; exit 1', async () => {
    const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual', quiet: true });
    const broken = await startBroken(mock.wallet.url, { response: (_req, res) => (res.status >= 400 ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain' }, body: 'no key' } : res) });
    const signals = new EventEmitter();
    let proxy: RunningProxy | undefined;
    const running = runProxyCli({ tradingTarget: mock.trading.url, walletTarget: broken.url, tradingPort: 0, walletPort: 0, ...files, out: (l) => out.push(l), err: (l) => err.push(l), signals, onListening: (p) => (proxy = p) });
    while (!proxy) await new Promise((r) => setTimeout(r, 10));
    await runScript({ trading: proxy.listening.trading!.url, wallet: proxy.listening.wallet!.url });
    // The violation was printed before the proxy stopped.
    expect(err.some((l) => l.startsWith('doppel proxy: VIOLATION content-type-json/json [seed trading §1 bullet 2; wallet §1 bullet 2] on wallet listWallets → 401: Content-Type is "text/plain"'))).toBe(true);
    signals.emit('SIGINT', 'SIGINT');
    code = await running;
    await broken.close();
    await mock.close();
    expect(code).toBe(1);
    expect(out[0]).toMatch(/^doppel proxy: trading http:\/\/127\.0\.0\.1:\d+ → http:\/\/127\.0\.0\.1:\d+$/);
    expect(out).toContain('doppel proxy: SIGINT, stopping');
    expect(out.join('\n')).toMatch(/FAILED: \d+ passed, \d+ failed, \d+ not exercised, 0 skipped \(25 exchanges judged;/);
    expect(out.join('\n')).toContain(`doppel proxy: the traffic is in ${files.har} (HAR 1.2, secrets masked); doppel check --from-har ${files.har} judges it again`);
    for (const file of Object.values(files)) expect(existsSync(file), file).toBe(true);
    expect(readFileSync(files.replay, 'utf8')).toMatch(/^# doppel proxy: the requests of each failure, in order\.$/m);
    expect(readFileSync(files.junit, 'utf8')).toContain('<testsuites name="doppel proxy"');
    const json = JSON.parse(readFileSync(files.json, 'utf8'));
    expect(json.traffic).toMatchObject({ source: 'proxy', exchanges: 25 });
    const text = [out, err, Object.values(files).map((f) => readFileSync(f, 'utf8'))].flat().join('\n');
    expect(text).not.toMatch(/demo-(trade|wallet)-key|wt_[0-9a-f]{40}|correct-horse/);
  });

  it('the HTML report shows the verdict, the violation and the coverage the traffic hit', async () => {
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.route('**/*', (route) => (route.request().url().startsWith('file:') ? route.continue() : route.abort()));
      await page.goto(pathToFileURL(files.html).toString());
      expect(await page.title()).toBe('doppel proxy: FAILED');
      expect(await page.locator('h1').innerText()).toMatch(/doppel proxy\s*FAILED/);
      expect(await page.locator('.meta').first().innerText()).toMatch(/trading: http:\/\/127\.0\.0\.1:\d+ · wallet: http:\/\/127\.0\.0\.1:\d+/);
      expect(await page.locator('.meta').nth(1).innerText()).toMatch(/^traffic through http:\/\/127\.0\.0\.1:\d+ → .* · 25 exchanges judged/);
      expect(await page.locator('.failure h3').first().innerText()).toContain('content-type-json/json');
      expect(await page.locator('h2', { hasText: 'Observed coverage' }).count()).toBe(1);
      expect(await page.locator('text=seed 0').count()).toBe(0);
      // The top of the page: verdict, counts, the violation (the whole page is mostly the checks table).
      const shot = await page.screenshot({ fullPage: false });
      if (process.env['DOPPEL_UPDATE_SCREENSHOT'] === '1') writeFileSync(fileURLToPath(new URL('../../docs/images/proxy-report.png', import.meta.url)), shot);
      expect(errors).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  it('is a usage problem, exit 2, for a report path it cannot write or a bad profile', async () => {
    const lines: string[] = [];
    const blocked = join(dir, 'file');
    writeFileSync(blocked, '');
    expect(await runProxyCli({ tradingTarget: 'http://127.0.0.1:9', tradingPort: 0, json: join(blocked, 'r.json'), err: (l) => lines.push(l) })).toBe(2);
    expect(lines[0]).toMatch(/^doppel proxy: --json .* cannot be written/);
    const profile = join(dir, 'bad.json');
    writeFileSync(profile, JSON.stringify({ doppel_profile: 1, points: { 'wallet.list-order': { value: 'sideways' } } }));
    expect(await runProxyCli({ tradingTarget: 'http://127.0.0.1:9', tradingPort: 0, profile, err: (l) => lines.push(l) })).toBe(2);
    expect(lines[1]).toContain('doppel proxy: --profile');
  });

  it('--record-only forwards and records, judges nothing, says so and exits 0; without --har it is a usage problem', async () => {
    const noHar = await run(['proxy', '--trading-target', 'http://127.0.0.1:9', '--record-only']);
    expect(noHar.exitCode).toBe(2);
    expect(noHar.message).toContain('--record-only needs --har FILE');
    const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual', quiet: true });
    const har = join(dir, 'recorded.har');
    const json = join(dir, 'recorded.json');
    const junit = join(dir, 'recorded.xml');
    const lines: string[] = [];
    const signals = new EventEmitter();
    let proxy: RunningProxy | undefined;
    const running = runProxyCli({ tradingTarget: mock.trading.url, walletTarget: mock.wallet.url, tradingPort: 0, walletPort: 0, recordOnly: true, har, json, junit, out: (l) => lines.push(l), err: (l) => lines.push(l), signals, onListening: (p) => (proxy = p) });
    while (!proxy) await new Promise((r) => setTimeout(r, 10));
    await runScript({ trading: proxy.listening.trading!.url, wallet: proxy.listening.wallet!.url });
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await running).toBe(0);
    await mock.close();
    expect(lines).toContain(`doppel proxy: every exchange is recorded to ${har}, none judged (doppel check --from-har ${har} judges them); SIGINT or SIGTERM stops it`);
    expect(lines.join('\n')).toMatch(/INCONCLUSIVE: 0 passed, 0 failed, \d+ not exercised, 0 skipped \(recorded only \(--record-only\): 25 exchanges, none judged;/);
    const report = JSON.parse(readFileSync(json, 'utf8'));
    expect(report.traffic).toMatchObject({ exchanges: 0, recordOnly: { exchanges: 25 } });
    expect(JSON.parse(readFileSync(har, 'utf8')).log.entries).toHaveLength(25);
    expect(readFileSync(junit, 'utf8')).toContain('<property name="record-only" value="25 exchanges recorded, none judged"/>');
  });

  it('needs a target, and says what it does in --help', async () => {
    const none = await run(['proxy']);
    expect(none.exitCode).toBe(2);
    expect(none.message).toContain('give --trading-target or --wallet-target');
    // yargs wraps the text at the terminal's width.
    const help = (await run(['proxy', '--help'])).output.replace(/\s+/g, ' ');
    expect(help).toContain('doppel proxy --trading-target URL');
    expect(help).toContain('GET /__doppel/violations');
    expect(help).toContain('doppel check --from-har traffic.har --learn profile.json');
    for (const [args, said] of [
      [['--target-timeout', '0'], '--target-timeout must be a number of seconds above 0'],
      [['--max-connections', '0'], '--max-connections'],
    ] as const) {
      const bad = await run(['proxy', '--trading-target', 'http://127.0.0.1:9', ...args]);
      expect(bad.exitCode, args.join(' ')).toBe(2);
      expect(bad.message).toContain(said);
    }
    expect(help).toContain('--target-timeout');
    expect(help).toContain('--max-connections');
    const both = await run(['check', '--from-har', files.har, '--allow-writes']);
    expect(both.exitCode).toBe(2);
    expect(both.message).toContain('--from-har judges a recording and sends no request: --allow-writes has nothing to act on');
  });
});
