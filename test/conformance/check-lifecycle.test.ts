// doppel check under a CI job: each wait is a line on stderr with its reason and length (never a
// silent stall), SIGINT or SIGTERM write the reports asked for, marked partial, with exit 130 or
// 143, and --runs changes a read-only run too (docs/guides/checking-a-deployment.md).
import { spawn } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { runCheckCli, runConformance, type RunReport } from '../../conformance/index.js';
import { Client, RunInterrupted } from '../../conformance/exchange/transport.js';
import { renderJunit } from '../../conformance/report/junit.js';
import { doppelCommand, type DoppelCommand } from '../robustness/built-cli.js';

let mock: RunningMock;
let doppel: DoppelCommand;
const dir = mkdtempSync(join(tmpdir(), 'doppel-check-lifecycle-'));

beforeAll(async () => {
  doppel = doppelCommand();
  mock = await startMock({ tradingPort: 0, walletPort: 0, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
}, 120_000);

afterEach(() => {
  mock.fake.faults.remove();
});

afterAll(async () => {
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const readOnly = (extra: Partial<Parameters<typeof runCheckCli>[0]> = {}) => ({
  tradingUrl: mock.trading.url,
  tradingKey: 'demo-trade-key',
  walletUrl: mock.wallet.url,
  walletKeys: ['demo-wallet-key'],
  seed: 3,
  quiet: true,
  ...extra,
});

describe('waits', () => {
  it('a 429 waited out is a line on stderr with the reason and the seconds, --quiet or not', async () => {
    mock.fake.faults.add({ match: { interface: 'wallet', operationId: 'listWallets' }, times: 1, fault: { type: 'rate_limit', retry_after: 1 } });
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCheckCli(readOnly({ only: ['success-envelope'], out: (l) => out.push(l), err: (l) => err.push(l) }));
    expect(code).toBe(0);
    expect(err).toContain('doppel check: waiting 1 s: the wallet interface answered 429 to GET /api/v1/wallets (Retry-After: 1); then try 2 of 3');
    expect(out.join('\n')).not.toContain('waiting');
  });

  it('a wait on the wallet budget is a line each time, and an interruption ends it at once', async () => {
    const lines: string[] = [];
    const controller = new AbortController();
    const client = new Client({
      bases: { wallet: mock.wallet.url },
      walletKeyBudget: 1,
      onBudgetWait: (ms, key) => {
        lines.push(`${Math.ceil(ms / 1000)} s ${key}`);
        setTimeout(() => controller.abort('SIGINT'), 50);
      },
      signal: controller.signal,
    });
    const get = () => client.send({ iface: 'wallet', operationId: 'listWallets', method: 'GET', path: '/api/v1/wallets', headers: { 'X-API-Key': 'demo-wallet-key' } });
    try {
      expect((await get()).status).toBe(200);
      const started = Date.now();
      await expect(get()).rejects.toBeInstanceOf(RunInterrupted);
      expect(Date.now() - started).toBeLessThan(2000);
      expect(lines).toEqual([expect.stringMatching(/^(59|60|61) s demo-wallet-key$/)]);
    } finally {
      await client.close();
    }
  });
});

describe('SIGINT and SIGTERM', () => {
  it('SIGTERM mid-run: the reports asked for, marked partial, and 143', async () => {
    // A long Retry-After holds the run in a wait: the signal must end it there.
    mock.fake.faults.add({ match: { interface: 'wallet' }, fault: { type: 'rate_limit', retry_after: 60 } });
    const files = { json: join(dir, 'term/report.json'), junit: join(dir, 'term/junit.xml'), html: join(dir, 'term/report.html') };
    const signals = new EventEmitter();
    const err: string[] = [];
    const out: string[] = [];
    const running = runCheckCli(readOnly({ ...files, signals, out: (l) => out.push(l), err: (l) => err.push(l) }));
    await expect.poll(() => err.some((l) => l.includes('waiting 60 s')), { timeout: 10_000, interval: 20 }).toBe(true);
    const sent = Date.now();
    signals.emit('SIGTERM', 'SIGTERM');
    expect(await running).toBe(143);
    expect(Date.now() - sent).toBeLessThan(3000);
    const report = JSON.parse(readFileSync(files.json, 'utf8')) as RunReport;
    expect(report.partial).toEqual({ interrupted: 'SIGTERM' });
    expect(report.checks.some((c) => c.status === 'not-exercised' && c.reason === 'the run was interrupted (SIGTERM) before it was done')).toBe(true);
    expect(readFileSync(files.junit, 'utf8')).toContain('<property name="partial" value="interrupted by SIGTERM"/>');
    expect(readFileSync(files.html, 'utf8')).toContain('Partial report: the run was interrupted by SIGTERM');
    expect(out.join('\n')).toMatch(/^PARTIAL: .*interrupted by SIGTERM/m);
    expect(err).toContain('doppel check: SIGTERM: the run stopped; writing the reports of what it did, marked partial');
    // The handlers are gone with the run.
    expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM')).toBe(0);
  });

  it('Ctrl-C to the doppel check process: reports written, exit 130', async () => {
    mock.fake.faults.add({ match: { interface: 'wallet' }, fault: { type: 'rate_limit', retry_after: 60 } });
    const json = join(dir, 'int/report.json');
    const junit = join(dir, 'int/junit.xml');
    const child = spawn(doppel.file, [...doppel.args, 'check', '--trading-url', mock.trading.url, '--trading-key', 'demo-trade-key', '--wallet-url', mock.wallet.url, '--wallet-key', 'demo-wallet-key', '--quiet', '--json', json, '--junit', junit], { env: doppel.env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdout.resume();
    const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
    try {
      await expect.poll(() => stderr.includes('waiting 60 s'), { timeout: 20_000, interval: 50 }).toBe(true);
      child.kill('SIGINT');
      expect(await exited).toBe(130);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    expect((JSON.parse(readFileSync(json, 'utf8')) as RunReport).partial).toEqual({ interrupted: 'SIGINT' });
    expect(existsSync(junit)).toBe(true);
  }, 40_000);
});

describe('--runs in a read-only run', () => {
  it('sends more random requests for a larger --runs', async () => {
    const run = (runs: number) =>
      runConformance({ targets: { trading: { url: mock.trading.url, key: 'demo-trade-key' }, wallet: { url: mock.wallet.url, key: 'demo-wallet-key' } }, seed: 5, runs, checks: ['success-envelope'], walletKeyBudget: Infinity });
    const [small, large] = [await run(100), await run(300)];
    expect(small.allowWrites).toBe(false);
    expect(large.requests - small.requests).toBe(60 - 20);
  }, 60_000);
});

describe('JUnit failure messages', () => {
  it('do not say the status twice', () => {
    const failure = { checkId: 'trading-auth-401', assertion: '401', iface: 'trading', operationId: 'getBalances', title: 'no API-KEY → 500', message: 'm', source: 'seed trading §5.6', kind: 'seed', severity: 'failure', curl: undefined, replay: [], exchange: { status: 500, bodyText: '{}' } };
    const check = { id: 'trading-auth-401', appliesTo: ['trading'], title: 't', assertions: [{ id: '401', kind: 'seed', source: 'seed trading §5.6', says: 's' }], status: 'failed', cases: 1, durationMs: 1, assertionCases: {} };
    const report = { checks: [check], failures: [failure, { ...failure, title: 'an error body' }], seed: 1, requests: 1, targets: [], startedAt: '', durationMs: 1 } as unknown as RunReport;
    const messages = [...renderJunit(report).matchAll(/<failure message="([^"]*)"/g)].map((m) => m[1]);
    expect(messages).toEqual(['401: no API-KEY → 500', '401: an error body → 500']);
  });
});
