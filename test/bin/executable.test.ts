// The executable end to end, as a client team uses it: its version is the package's, `doppel mock`
// serves both interfaces and the HTML API reference, and `doppel check` against that mock passes.
// It runs `node dist/bin/doppel.js`, or the single executable when DOPPEL_EXECUTABLE names it
// (.ci/run, with no node on its PATH): what holds for one holds for the other.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doppelCommand, ROOT, type DoppelCommand } from '../robustness/built-cli.js';

let doppel: DoppelCommand;
let mock: ChildProcess | undefined;
let urls: { trading: string; wallet: string };
const dir = mkdtempSync(join(tmpdir(), 'doppel-executable-'));

const packageVersion = (): string => (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string }).version;

function runDoppel(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(doppel.file, [...doppel.args, ...args], { timeout: 60_000, env: doppel.env, cwd: dir }, (_error, stdout, stderr) => {
      resolve({ code: child.exitCode, stdout, stderr });
    });
  });
}

beforeAll(async () => {
  doppel = doppelCommand();
  const child = spawn(doppel.file, [...doppel.args, 'mock', '--trading-port', '0', '--wallet-port', '0', '--clock', 'manual'], { stdio: ['ignore', 'pipe', 'pipe'], env: doppel.env, cwd: dir });
  mock = child;
  urls = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`no ready lines: ${out}`)), 20_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const trading = /trading interface ready at (http:\/\/\S+)/.exec(out)?.[1];
      const wallet = /wallet interface ready at (http:\/\/\S+)/.exec(out)?.[1];
      if (trading && wallet) {
        clearTimeout(timer);
        resolve({ trading, wallet });
      }
    });
    child.stderr!.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`${doppel.label} mock exited ${String(code)}: ${out}`)));
  });
}, 120_000);

afterAll(async () => {
  if (mock && mock.exitCode === null) {
    const exited = new Promise((resolve) => mock!.once('exit', resolve));
    mock.kill('SIGTERM');
    await exited;
  }
  rmSync(dir, { recursive: true, force: true });
});

describe('the doppel executable end to end', () => {
  it('--version is the package version', async () => {
    const { code, stdout } = await runDoppel(['--version']);
    expect(code).toBe(0);
    expect(stdout.trim()).toBe(packageVersion());
  });

  it('mock serves both interfaces and the HTML API reference', async () => {
    const balances = await fetch(`${urls.trading}/api/v1/account/balances`, { headers: { 'API-KEY': 'demo-trade-key' } });
    expect(balances.status).toBe(200);
    expect(((await balances.json()) as { success: boolean }).success).toBe(true);
    const wallets = await fetch(`${urls.wallet}/api/v1/wallets`, { headers: { 'X-API-Key': 'demo-wallet-key' } });
    expect(wallets.status).toBe(200);
    expect(((await wallets.json()) as { wallets: unknown[] }).wallets.length).toBeGreaterThan(0);
    // A request the validators refuse: the documented envelope, not a 5xx.
    const invalid = await fetch(`${urls.trading}/api/v1/spot/order`, {
      method: 'POST',
      headers: { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' },
      body: JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: 'lots' }),
    });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ success: false, code: 'invalid_request' });
    const docs = await fetch(`${urls.trading}/__doppel/docs`);
    expect(docs.status).toBe(200);
    expect(await docs.text()).toMatch(/<html[\s\S]*placeSpotOrder/);
  });

  it('check against that mock passes, and its JSON report names the package version', async () => {
    const { code, stdout, stderr } = await runDoppel([
      'check', '--trading-url', urls.trading, '--trading-key', 'demo-trade-key', '--trading-read-key', 'demo-read-key',
      '--wallet-url', urls.wallet, '--wallet-key', 'demo-wallet-key', '--allow-writes', '--runs', '20', '--json', 'report.json',
    ]);
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    expect(stdout).toMatch(/PASSED: \d+ passed, 0 failed/);
    const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { doppelVersion?: string };
    expect(report.doppelVersion).toBe(packageVersion());
  }, 120_000);
});

describe.runIf(process.env.DOPPEL_EXECUTABLE)('the single executable', () => {
  it('runs with no node and no npm on its PATH', () => {
    for (const tool of ['node', 'npm', 'npx']) {
      const found = (doppel.env.PATH ?? '').split(':').some((dir) => dir !== '' && existsSync(join(dir, tool)));
      expect(found, `${tool} on ${doppel.env.PATH}`).toBe(false);
    }
    expect(doppel.args).toEqual([]);
  });
});
