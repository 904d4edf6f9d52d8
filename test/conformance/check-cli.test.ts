// doppel check's exit statuses for usage, connection and report-path problems (2, with
// what to fix), through the same yargs parser the executable uses.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkEveryOptionOnce } from '../../bin/option-checks.js';
import { CHECKS, runCheckCli } from '../../conformance/index.js';
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
