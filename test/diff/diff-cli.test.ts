// doppel diff on the command line: its usage errors (exit 2), and a run against a candidate whose
// answers carry a seed breakage, a terminal escape and the caller's key: exit 1, the --json report
// written, every console line escaped and the key masked.
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiffCli, type DiffReport } from '../../diff/index.js';
import type { RunningMock } from '../../mock/index.js';
import { closedPort, usage } from '../conformance/cli-usage.js';
import { startProxy as startLayer } from '../conformance/broken-proxy.js';
import { run } from '../bin/run-cli.js';
import { brokenCandidate, type BrokenCandidate } from './broken-candidate.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-diff-cli-'));
let har: string;
let primary: RunningMock;
let broken: { url: string };
let setup: BrokenCandidate;

beforeAll(async () => {
  setup = await brokenCandidate(dir, (data, key) => Object.assign(data, { name: 'Demo\u001b[2J\nforged line', echo: key }));
  ({ har, primary } = setup);
  broken = { url: setup.candidate };
});
afterAll(async () => {
  await setup.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('doppel diff usage', () => {
  it('refuses what it cannot run with exit 2 and a line saying why', async () => {
    const cases: [string[], RegExp][] = [
      [['diff', '--primary-trading', 'http://127.0.0.1:1', '--candidate-trading', 'http://127.0.0.1:2'], /--from-har/],
      [['diff', '--from-har', har, '--primary-trading', 'http://127.0.0.1:1'], /--primary-trading and --candidate-trading go together/],
      [['diff', '--from-har', har], /Give --primary-trading and --candidate-trading/],
      [['diff', '--from-har', har, '--primary-trading', 'ftp://x', '--candidate-trading', 'http://127.0.0.1:2'], /--primary-trading must be an http/],
      [['diff', '--from-har', har, '--primary-trading', 'http://127.0.0.1:1', '--candidate-trading', 'http://127.0.0.1:2', '--tolerance', '-1'], /--tolerance must be a number of at least 0/],
      [['diff', '--from-har', har, '--check', '--primary-trading', 'http://127.0.0.1:1', '--candidate-trading', 'http://127.0.0.1:2'], /Give one of --from-har, --check and --profiles/],
      [['diff', '--from-har', har, '--runs', '5', '--primary-trading', 'http://127.0.0.1:1', '--candidate-trading', 'http://127.0.0.1:2'], /--from-har replays a recording, not the checker's run: --runs has nothing to act on/],
      [['diff', '--check', '--concurrency', '4', '--primary-trading', 'http://127.0.0.1:1', '--candidate-trading', 'http://127.0.0.1:2'], /--concurrency sends overlapping writes: give --allow-writes too/],
      [['diff', '--check', '--runs', '0', '--primary-trading', 'http://127.0.0.1:1', '--candidate-trading', 'http://127.0.0.1:2'], /--runs/],
      [['diff', '--check'], /Give --primary-trading and --candidate-trading/],
      [['diff', '--from-har', har, '--primary-trading', 'http://127.0.0.1:1', '--candidate-trading', 'http://127.0.0.1:2', '--secondary-trading', 'file:///x'], /--secondary-trading must be an http/],
      [['diff', '--from-har', har, '--primary-trading', 'http://127.0.0.1:1', '--candidate-trading', 'http://127.0.0.1:2', '--secondary-wallet', 'http://127.0.0.1:3'], /--secondary-wallet needs --primary-wallet/],
      [['diff', '--profiles', har, har, '--secondary-trading', 'http://127.0.0.1:3'], /--secondary-trading has nothing to act on/],
      [['diff', '--from-har', join(dir, 'none.har'), '--primary-trading', 'http://127.0.0.1:1', '--candidate-trading', 'http://127.0.0.1:2'], /no such file/],
    ];
    for (const [args, message] of cases) {
      const outcome = await usage(args);
      expect(outcome.exitCode, args.join(' ')).toBe(2);
      expect(outcome.message).toMatch(message);
    }
  });

  it('a file that is JSON but no HAR: exit 2', async () => {
    const notHar = join(dir, 'not.har');
    writeFileSync(notHar, '{"log":{}}');
    const err: string[] = [];
    expect(await runDiffCli({ fromHar: [notHar], primary: { trading: primary.trading.url }, candidate: { trading: primary.trading.url }, tolerance: 0, timeTolerance: 0, out: () => {}, err: (l) => err.push(l) })).toBe(2);
    expect(err.join('\n')).toMatch(/not a HAR file/);
  });

  it('a side that gives no answer: exit 2, one line naming it', async () => {
    const err: string[] = [];
    const code = await runDiffCli({ fromHar: [har], primary: { trading: primary.trading.url }, candidate: { trading: `http://127.0.0.1:${await closedPort()}` }, tradingKey: 'demo-trade-key', tolerance: 0, timeTolerance: 0, out: () => {}, err: (l) => err.push(l) });
    expect(code).toBe(2);
    expect(err).toEqual([expect.stringMatching(/^doppel diff: the candidate's trading interface gave no answer to GET \/api\/v1\/account \(ECONNREFUSED\)$/)]);
    err.length = 0;
    const secondary = { trading: `http://127.0.0.1:${await closedPort()}` };
    expect(await runDiffCli({ fromHar: [har], primary: { trading: primary.trading.url }, candidate: { trading: primary.trading.url }, secondary, tradingKey: 'demo-trade-key', tolerance: 0, timeTolerance: 0, out: () => {}, err: (l) => err.push(l) })).toBe(2);
    expect(err).toEqual([expect.stringMatching(/^doppel diff: the secondary's trading interface gave no answer to GET \/api\/v1\/account \(ECONNREFUSED\)$/)]);
  });
});

describe('doppel diff against a broken candidate', () => {
  it('exits 1 on a seed difference, escapes the network\'s text and masks the key', async () => {
    const out: string[] = [];
    const code = await runDiffCli({ fromHar: [har], primary: { trading: primary.trading.url }, candidate: { trading: broken.url }, tradingKey: 'demo-trade-key', tolerance: 0.0001, timeTolerance: 2, out: (l) => out.push(l), err: (l) => out.push(l) });
    const text = out.join('\n');
    expect(code).toBe(1);
    expect(text).toMatch(/^seed \(candidate\) balance-decimals\/.*#2 GET \/api\/v1\/account\/balances \(getBalances\) scale \/data\/0\/balance/m);
    expect(text).toContain('Demo\\x1b[2J\\nforged line');
    expect(text).not.toContain('\u001b');
    expect(text).toContain('field /data/echo: (absent) → $DOPPEL_TRADING_KEY');
    expect(text).not.toContain('demo-trade-key');
    expect(text).toMatch(/doppel diff: 2 of 2 requests replayed, .* FAILED$/);
  });

  it('several recordings are one stream, each file\'s masked keys standing for the keys of their kind', async () => {
    const out: string[] = [];
    const code = await runDiffCli({ fromHar: [har, har], primary: { trading: primary.trading.url }, candidate: { trading: broken.url }, tradingKey: 'demo-trade-key', tolerance: 0.0001, timeTolerance: 2, out: (l) => out.push(l), err: (l) => out.push(l) });
    expect(code).toBe(1);
    // Keyed reads answered (not 401 on both sides): the candidate's 7-digit balances show, from each file.
    expect(out.join('\n').split('\n').filter((l) => /^seed \(candidate\) balance-decimals.*\/balances/.test(l)).map((l) => /#(\d+)/.exec(l)?.[1])).toEqual(expect.arrayContaining(['3', '4']));
    expect(out.join('\n')).toMatch(/doppel diff: 4 of 4 requests replayed/);
  });

  it('through the executable\'s parser: --json written, exit status 1', async () => {
    const json = join(dir, 'out', 'diff.json');
    const stdout = process.stdout.write;
    process.stdout.write = () => true;
    const outcome = await run(['diff', '--from-har', har, '--primary-trading', primary.trading.url, '--candidate-trading', broken.url, '--trading-key', 'demo-trade-key', '--json', json]).finally(() => (process.stdout.write = stdout));
    expect(outcome.exitCode).toBe(0);
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
    const report = JSON.parse(readFileSync(json, 'utf8')) as DiffReport;
    expect(report.format).toBe('doppel-diff/1');
    expect(report.counts.seed).toBeGreaterThan(0);
    expect(JSON.stringify(report)).not.toContain('demo-trade-key');
  });

  it('--secondary-trading through the parser: the secondary in the report and the summary', async () => {
    const json = join(dir, 'secondary.json');
    const out: string[] = [];
    const stdout = process.stdout.write;
    process.stdout.write = (chunk: string | Uint8Array) => out.push(String(chunk)) > 0;
    const outcome = await run(['diff', '--from-har', har, '--primary-trading', primary.trading.url, '--candidate-trading', broken.url, '--secondary-trading', primary.trading.url, '--trading-key', 'demo-trade-key', '--json', json]).finally(() => (process.stdout.write = stdout));
    expect(outcome.exitCode).toBe(0);
    expect(process.exitCode).toBe(1);
    process.exitCode = undefined;
    const report = JSON.parse(readFileSync(json, 'utf8')) as DiffReport;
    expect(report.secondary).toEqual({ trading: primary.trading.url });
    expect(report.learnedNoisy).toBe(0);
    expect(out.join('')).toMatch(/noise differences \(noise learned from the secondary: 0 fields\); FAILED\n$/);
  });
});

describe('doppel diff stopped by a signal', () => {
  it('SIGINT during the replay: no request sent after it, what was compared written, marked partial; exit 130', async () => {
    const signals = new EventEmitter();
    // A primary that gets SIGINT as it answers the first request.
    const layer = await startLayer(primary.trading.url, { response: (_req, res) => (signals.emit('SIGINT', 'SIGINT'), res) });
    const json = join(dir, 'partial.json');
    const lines: string[] = [];
    try {
      const code = await runDiffCli({ fromHar: [har], primary: { trading: layer.url }, candidate: { trading: broken.url }, tradingKey: 'demo-trade-key', tolerance: 0.0001, timeTolerance: 2, json, signals, out: (l) => lines.push(l), err: (l) => lines.push(l) });
      expect(code).toBe(130);
    } finally {
      await layer.close();
    }
    const report = JSON.parse(readFileSync(json, 'utf8')) as DiffReport;
    expect(report.partial).toEqual({ interrupted: 'SIGINT' });
    expect(report.replayed).toBe(1);
    expect(report.requests).toBe(2);
    expect(lines).toContain('doppel diff: SIGINT: the comparison stopped; writing what it compared, marked partial');
    expect(lines.join('\n')).toMatch(/^doppel diff: 1 of 2 requests replayed, .*\(partial: stopped by SIGINT\)$/m);
  });
});

describe('doppel diff --profiles', () => {
  it('names the decisions two profiles differ at, and the points only one holds; exit 1 only with --strict', async () => {
    const [a, b] = [join(dir, 'a.json'), join(dir, 'b.json')];
    writeFileSync(a, JSON.stringify({ doppel_profile: 1, points: { 'trading.conflict-409': { value: 409 }, 'wallet.list-order': { value: 'oldest-first' }, 'trading.orders-default-limit': { value: 50 } } }));
    writeFileSync(b, JSON.stringify({ doppel_profile: 1, points: { 'trading.conflict-409': { value: 400 }, 'wallet.list-order': { value: 'oldest-first' }, 'wallet.send-semantics': { value: 75 } } }));
    const out: string[] = [];
    expect(await runDiffCli({ profiles: [a, b], primary: {}, candidate: {}, tolerance: 0, timeTolerance: 0, out: (l) => out.push(l) })).toBe(0);
    expect(out).toEqual([
      'decision changed: trading.conflict-409: 409 → 400',
      `only in ${a} (not observed in the other): trading.orders-default-limit`,
      `only in ${b} (not observed in the other): wallet.send-semantics`,
      `doppel diff: 1 decision changed between ${a} and ${b}`,
    ]);
    expect(await runDiffCli({ profiles: [a, b], strict: true, primary: {}, candidate: {}, tolerance: 0, timeTolerance: 0, out: () => {} })).toBe(1);
    expect(await runDiffCli({ profiles: [a, a], strict: true, primary: {}, candidate: {}, tolerance: 0, timeTolerance: 0, out: () => {} })).toBe(0);
  });

  it('refuses a profile that is not one, and options that replay', async () => {
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, JSON.stringify({ doppel_profile: 1, points: { 'no.such-point': { value: 1 } } }));
    const err: string[] = [];
    expect(await runDiffCli({ profiles: [bad, bad], primary: {}, candidate: {}, tolerance: 0, timeTolerance: 0, out: () => {}, err: (l) => err.push(l) })).toBe(2);
    expect(err.join('\n')).toMatch(/no such decision point/);
    for (const [args, message] of [
      [['diff', '--profiles', bad], /--profiles takes two profile files/],
      [['diff', '--profiles', bad, bad, '--from-har', har], /Give one of --from-har, --check and --profiles \(got --from-har and --profiles\)/],
      [['diff', '--profiles', bad, bad, '--seed', '3'], /--profiles compares two files and replays nothing: --seed has nothing to act on/],
    ] as const) {
      const outcome = await usage([...args]);
      expect(outcome.exitCode).toBe(2);
      expect(outcome.message).toMatch(message);
    }
    // Through the parser to the run, which reads the profiles: exit status 2.
    const stderr = process.stderr.write;
    process.stderr.write = () => true;
    try {
      expect((await run(['diff', '--profiles', bad, bad])).exitCode).toBe(0);
    } finally {
      process.stderr.write = stderr;
    }
    expect(process.exitCode).toBe(2);
    process.exitCode = undefined;
  });
});

