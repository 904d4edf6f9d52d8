// doppel check's exit statuses for usage, connection and report-path problems (2, with
// what to fix), through the same yargs parser the executable uses.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkEveryOptionOnce } from '../../bin/option-checks.js';
import { CHECKS, runCheckCli, type RunReport } from '../../conformance/index.js';
import { inputClasses } from '../../conformance/act/input-classes.js';
import { getOperation } from '../../spec/index.js';
import { startMock, type RunningMock } from '../../mock/index.js';
import { closedPort, usage } from './cli-usage.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-check-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('doppel check exit status', () => {
  it('is 2 with a hint when nothing listens at the URL', async () => {
    const errors: string[] = [];
    const code = await runCheckCli({ tradingUrl: `http://127.0.0.1:${await closedPort()}`, out: () => {}, err: (l) => errors.push(l) });
    expect(code).toBe(2);
    expect(errors.join('\n')).toMatch(/nothing listens .*--trading-url/);
  });

  it('is 2 for a key without its URL (yargs)', async () => {
    const { exitCode, message } = await usage(['check', '--wallet-key', 'k']);
    expect(exitCode).toBe(2);
    expect(message).toMatch(/wallet-key -> wallet-url/);
  });

  it('is 2 for an unknown check id, before any request', async () => {
    const errors: string[] = [];
    const code = await runCheckCli({ tradingUrl: `http://127.0.0.1:${await closedPort()}`, only: ['no-such-check'], out: () => {}, err: (l) => errors.push(l) });
    expect(code).toBe(2);
    expect(errors.join('\n')).toMatch(/unknown check id no-such-check; doppel check --list-checks/);
  });

  it('is 2 for a report path that cannot be written, before any request', async () => {
    const file = join(dir, 'a-file');
    writeFileSync(file, 'x');
    const errors: string[] = [];
    // Nothing listens there either: the path problem must come first (no request is sent).
    const code = await runCheckCli({ tradingUrl: `http://127.0.0.1:${await closedPort()}`, json: join(file, 'report.json'), out: () => {}, err: (l) => errors.push(l) });
    expect(code).toBe(2);
    expect(errors.join('\n')).toMatch(/--json .*report\.json cannot be written/);
  });

  it('--wallet-key, --only and --skip may be repeated; other flags may not', () => {
    expect(checkEveryOptionOnce({ _: [], $0: 'doppel', 'wallet-key': ['a', 'b'], only: ['x'], skip: ['y', 'z'] })).toBe(true);
    expect(() => checkEveryOptionOnce({ _: [], $0: 'doppel', 'trading-key': ['a', 'b'] })).toThrow('--trading-key is given 2 times');
  });

  it('--list-checks lists every check and exits 0', async () => {
    const lines: string[] = [];
    expect(await runCheckCli({ listChecks: true, out: (l) => lines.push(l) })).toBe(0);
    expect(lines.some((l) => l.startsWith('no-server-error '))).toBe(true);
    // One line per check, then one per assertion of a check with several.
    expect(lines).toHaveLength(CHECKS.reduce((n, c) => n + 1 + (c.assertions.length > 1 ? c.assertions.length : 0), 0));
  });
});

// What doppel check says to someone trying it on a running doppel mock: the URL that is the other
// interface, the keys the user gave, what --only sends, a replay script of a run without failures,
// and what --allow-writes does.
describe('doppel check against a running mock says what happened', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
  });
  afterAll(() => mock.close());

  const summary = (out: string[]) => out.join('\n').split('\n').find((line) => /^(PASSED|FAILED): /.test(line));

  async function check(options: Parameters<typeof runCheckCli>[0]): Promise<{ code: number; out: string[]; err: string[] }> {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCheckCli({ seed: 1, out: (l) => out.push(l), err: (l) => err.push(l), ...options });
    return { code, out, err };
  }

  it('a --trading-url that serves the wallet interface is named as such, not as a rejected key', async () => {
    const { code, err } = await check({ tradingUrl: mock.wallet.url, tradingKey: 'demo-trade-key' });
    expect(code).toBe(2);
    expect(err).toEqual([expect.stringMatching(new RegExp(`^doppel check: --trading-url ${mock.wallet.url} seems to serve the wallet interface: GET /api/v1/markets answered 404 .*route_not_found.*; give the trading interface's base URL$`))]);
    const wallet = await check({ walletUrl: mock.trading.url, walletKeys: ['demo-wallet-key'] });
    expect(wallet.code).toBe(2);
    expect(wallet.err.join('\n')).toContain(`--wallet-url ${mock.trading.url} seems to serve the trading interface`);
    expect(wallet.err.join('\n')).not.toContain('was rejected');
  });

  it('the summary counts the --wallet-keys given, not the invalid key the checker sends', async () => {
    const { code, out } = await check({ walletUrl: mock.wallet.url, walletKeys: ['demo-wallet-key'], only: ['wallet-auth-401'], runs: 5, quiet: true });
    expect(code).toBe(0);
    expect(summary(out)).toMatch(/^PASSED: 1 passed, .*wallet budget \d+\/min per key: at most \d+ used in a minute \(\$DOPPEL_WALLET_KEY\), 1 key; /);
  });

  it('--only a scenario check sends its requests and the preflight\'s, no exploration; a replay script of no failure needs nothing', async () => {
    const replay = join(dir, 'replay.sh');
    const json = join(dir, 'only.json');
    const { code, out } = await check({
      tradingUrl: mock.trading.url, tradingKey: 'demo-trade-key', walletUrl: mock.wallet.url, walletKeys: ['demo-wallet-key'],
      allowWrites: true, only: ['settlement-through-clock'], quiet: true, replay, json,
    });
    expect(code).toBe(0);
    const report = JSON.parse(readFileSync(json, 'utf8')) as { requests: number };
    // The whole run sent 179 before it sent only what the check needs.
    expect(report.requests).toBeLessThan(40);
    expect(summary(out)).toMatch(new RegExp(`^PASSED: 1 passed, 0 failed, 0 not exercised, ${CHECKS.length - 1} skipped \\(${report.requests} requests, `));
    const script = readFileSync(replay, 'utf8');
    expect(script).not.toMatch(/:\?set|\$DOPPEL_/);
    expect(execFileSync('sh', [replay], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '' } })).toBe('doppel check --seed 1: no failure, nothing to replay\n');
  });

  it('a read-only run sends every input class of the reads and lists each write\'s as not sent, with why', async () => {
    const json = join(dir, 'read-only.json');
    const { code, out } = await check({ tradingUrl: mock.trading.url, tradingKey: 'demo-trade-key', tradingReadKey: 'demo-read-key', walletUrl: mock.wallet.url, walletKeys: ['demo-wallet-key'], runs: 5, quiet: true, json });
    expect(code).toBe(0);
    const { sent, total, unsent } = (JSON.parse(readFileSync(json, 'utf8')) as RunReport).inputClasses;
    expect(summary(out)).toContain(`; input classes: ${sent} of ${total} sent; `);
    const writes = inputClasses(['trading', 'wallet']).filter((c) => getOperation(c.iface, c.operationId).method === 'POST');
    expect(writes.length).toBeGreaterThan(40);
    expect(unsent.map((u) => `${u.operationId} ${u.class}`).sort()).toEqual(writes.map((c) => `${c.operationId} ${c.name}`).sort());
    expect(new Set(unsent.map((u) => u.why))).toEqual(new Set(['writes not allowed (--allow-writes)']));
    expect(out.join('\n')).toMatch(/^ {2}○ writes not allowed \(--allow-writes\): placeSpotOrder order_type=market, order_type=limit, .*; sendFromWallet .*token_id not null$/m);
  });

  it('--allow-writes says plainly that the run starts without asking', async () => {
    const { output } = await (await import('../bin/run-cli.js')).run(['check', '--help']);
    expect(output.replace(/\s+/g, ' ')).toContain('The run starts at once: it prints what it will write, and nothing asks for confirmation');
  });
});
