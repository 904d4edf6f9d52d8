// doppel check --from-har on what proxies leave: a HAR a proxy killed outright (kill -9) left
// unclosed and cut mid-entry is read through the command line up to its last whole entry, saying
// how many and that it was cut; several HARs (proxies behind one balancer) are judged as one
// stream, in the order their exchanges ended, with the verdicts one proxy's HAR of the same traffic gets.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckCli } from '../../conformance/index.js';
import type { RunReport } from '../../conformance/types.js';
import { startMock } from '../../mock/index.js';
import { startProxy } from '../../proxy/index.js';
import { doppelCommand, type DoppelCommand } from '../robustness/built-cli.js';
import { runScript } from './traffic-client.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-from-har-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const whole = join(dir, 'whole.har');
const unclosed = join(dir, 'unclosed.har');

let doppel: DoppelCommand;
beforeAll(async () => {
  doppel = doppelCommand();
  const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual', quiet: true });
  const proxy = await startProxy({ targets: { trading: mock.trading.url, wallet: mock.wallet.url }, ports: { trading: 0, wallet: 0 }, har: whole });
  try {
    await runScript({ trading: proxy.listening.trading!.url, wallet: proxy.listening.wallet!.url });
    // What is on disk before the proxy closes the file is what a kill -9 leaves.
    writeFileSync(unclosed, readFileSync(whole, 'utf8'));
  } finally {
    await proxy.close(100);
    await mock.close();
  }
}, 120_000);

function spawnDoppel(args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(doppel.file, [...doppel.args, ...args], { timeout: 30_000, env: doppel.env }, (_error, stdout, stderr) => resolve({ code: child.exitCode, stdout, stderr }));
  });
}

const entriesOf = (file: string): unknown[] => (JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: unknown[] } }).log.entries;

describe('doppel check --from-har', () => {
  it('reads a HAR cut mid-entry (a proxy killed with kill -9) up to its last whole entry, and says so', async () => {
    const text = readFileSync(unclosed, 'utf8');
    expect(() => JSON.parse(text)).toThrow();
    const entries = entriesOf(whole).length;
    const cut = join(dir, 'cut.har');
    writeFileSync(cut, text.slice(0, text.length - 40));
    const { code, stdout, stderr } = await spawnDoppel(['check', '--from-har', cut]);
    expect(stderr).toContain(`doppel check: --from-har ${cut}: the file ends without closing its document (the proxy did not stop cleanly): ${entries - 1} whole entries read`);
    expect(stdout).toContain(`doppel check: the recording ${cut} (${entries - 1} exchanges; no request sent)`);
    expect(code).toBe(0);
    // A file that is neither JSON nor a cut doppel HAR is still a usage problem.
    writeFileSync(cut, 'not a recording');
    const refused: string[] = [];
    expect(await runCheckCli({ fromHar: cut, out: () => undefined, err: (l) => refused.push(l) })).toBe(2);
    expect(refused.join('\n')).toContain(`doppel check: --from-har ${cut}: not JSON, nor a HAR file doppel proxy left unclosed`);
  });

  it('judges several HAR files as one stream, with the verdicts of one file holding the same traffic', async () => {
    type Entry = { request: { headers: { name: string; value: string }[] } };
    const doc = JSON.parse(readFileSync(whole, 'utf8')) as { log: { entries: Entry[] } };
    // Two proxies behind a balancer that spreads by key (deploy/nginx/doppel-proxy.conf): each
    // trading key's exchanges in one file, the rest together (a wallet login and the requests that use
    // its token must meet in one file: the proxies name secrets each in its own order). The keys are
    // masked; each file names its own first key $DOPPEL_TRADING_KEY, as a proxy of its own would.
    const keyOf = (e: Entry): string => e.request.headers.find((h) => /^api-key$/i.test(h.name))?.value ?? '';
    const keys = [...new Set(doc.log.entries.map(keyOf))].sort();
    expect(keys.length).toBeGreaterThanOrEqual(2);
    const parts = [0, 1].map((k) => {
      const file = join(dir, `part-${k}.har`);
      writeFileSync(file, JSON.stringify({ log: { ...doc.log, entries: doc.log.entries.filter((e) => keys.indexOf(keyOf(e)) % 2 === k) } }));
      return file;
    });
    const judge = async (files: string[], name: string): Promise<{ code: number; report: RunReport; out: string }> => {
      const json = join(dir, `${name}.json`);
      const out: string[] = [];
      const code = await runCheckCli({ fromHar: files, json, strict: true, out: (l) => out.push(l), err: (l) => out.push(l) });
      return { code, report: JSON.parse(readFileSync(json, 'utf8')) as RunReport, out: out.join('\n') };
    };
    const one = await judge([whole], 'one');
    const two = await judge(parts, 'two');
    expect(two.code).toBe(one.code);
    expect(two.report.traffic?.exchanges).toBe(doc.log.entries.length);
    expect(two.report.checks.map((c) => [c.id, c.status, c.cases])).toEqual(one.report.checks.map((c) => [c.id, c.status, c.cases]));
    expect(two.report.failures.map((f) => [f.checkId, f.assertion, f.title])).toEqual(one.report.failures.map((f) => [f.checkId, f.assertion, f.title]));
    expect(two.report.coverage).toEqual(one.report.coverage);
    // The reports name every file.
    expect(two.report.traffic?.from).toBe(parts.join(', '));
    expect(two.out).toContain(`the recordings of 2 files, ${parts.join(', ')} (${doc.log.entries.length} exchanges judged as one stream`);
    // The command line takes them after one --from-har.
    const cli = await spawnDoppel(['check', '--from-har', ...parts, '--quiet']);
    expect(cli.stdout).toContain(`the recordings of 2 files, ${parts.join(', ')}`);
    expect(cli.code).toBe(one.code);
  });
});
