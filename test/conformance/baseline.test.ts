// `doppel check --baseline FILE`: only failures not in an earlier report fail the run. Runs against
// the fake behind a proxy broken in named ways (mutants.ts): the baseline's run, the same breakage
// with another seed (all known), one breakage more (exactly that one new), the unbroken target (all
// fixed), checks skipped or not exercised (not re-checked, not fixed), and the reports that mark
// them, the HTML one looked at in headless Chromium. A baseline of another report format is refused
// before any request. `DOPPEL_UPDATE_SCREENSHOT=1` also saves the screenshot as
// docs/images/check-baseline.png (docs/guides/checking-a-deployment.md).
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { REPORT_FORMAT, compareWithBaseline, failureIdentity, readBaseline, runCheckCli, type CheckCliOptions, type RunReport } from '../../conformance/index.js';
import { launchChromium } from '../support/launch-chromium.js';
import { startProxy } from './broken-proxy.js';
import { closedPort, usage } from './cli-usage.js';
import { brokenWays } from './mutants.js';

const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
const dir = mkdtempSync(join(tmpdir(), 'doppel-baseline-'));
const file = (name: string) => join(dir, name);

// Three ways to break the trading fake that read-only runs catch, each on one operation.
const DECIMALS = '7-digit balance decimals'; // balance-decimals on getBalances
const PRICE_KEYS = 'price map key differs from the symbol'; // price-map-keys on getPrices
const PUBLIC_KEY = 'public prices demand a key'; // trading-public-no-key on getMarkets

interface Run {
  code: number;
  out: string[];
  err: string[];
  report: RunReport;
}

/**
 * doppel check (read-only) against the trading fake broken in `ways`, with both trading keys (or,
 * `wallet`, against the wallet fake alone); its JSON report is `json`.
 */
async function check(ways: string[] | 'wallet', seed: number, json: string, more: Partial<CheckCliOptions> = {}): Promise<Run> {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
  const proxy = await startProxy(mock.trading.url, brokenWays(...(ways === 'wallet' ? [] : ways)));
  const out: string[] = [];
  const err: string[] = [];
  const target: Partial<CheckCliOptions> =
    ways === 'wallet'
      ? { walletUrl: mock.wallet.url, walletKeys: ['demo-wallet-key'], walletRateLimit: 1_000_000 }
      : { tradingUrl: proxy.url, tradingKey: 'demo-trade-key', tradingReadKey: 'demo-read-key' };
  try {
    const code = await runCheckCli({
      ...target,
      seed,
      runs: 5,
      quiet: true,
      json: file(json),
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      ...more,
    });
    return { code, out, err, report: JSON.parse(readFileSync(file(json), 'utf8')) as RunReport };
  } finally {
    await proxy.close();
    await mock.close();
  }
}

const names = (failures: RunReport['failures'] | NonNullable<RunReport['baseline']>['fixed']) => failures.map((f) => `${f.checkId}/${f.assertion} ${f.iface} ${f.operationId}`).sort();
const marked = (report: RunReport, mark: 'new' | 'known') => names(report.failures.filter((f) => f.baseline === mark));
const summary = (run: Run) => run.out.join('\n').split('\n').filter((l) => /^(PASSED|FAILED): /.test(l));

let first: Run;

beforeAll(async () => {
  first = await check([DECIMALS, PUBLIC_KEY], 11, 'first.json');
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('doppel check --baseline', () => {
  it('a run against a broken target fails and writes a report of this format and version', () => {
    expect(first.code).toBe(1);
    expect(first.report.doppel_check_report).toBe(REPORT_FORMAT);
    expect(first.report.doppelVersion).toBe(pkg.version);
    // Two failures that count and two observations (the schema is a decision's, without --strict).
    expect(names(first.report.failures.filter((f) => f.severity === 'failure'))).toEqual(['balance-decimals/eight-digits trading getBalances', 'trading-public-no-key/no-key trading getMarkets']);
    expect(first.report.failures.filter((f) => f.severity === 'observation').length).toBeGreaterThan(0);
    expect(first.report.failures.every((f) => f.baseline === undefined)).toBe(true);
    expect(first.report.baseline).toBeUndefined();
  });

  it('the same breakage with another seed and --baseline: exit 0, every failure known', async () => {
    const run = await check([DECIMALS, PUBLIC_KEY], 12, 'same.json', { baseline: file('first.json') });
    expect(run.code).toBe(0);
    expect(run.report.failed).toBe(false);
    expect(marked(run.report, 'known')).toEqual(names(first.report.failures));
    expect(marked(run.report, 'new')).toEqual([]);
    expect(run.report.baseline).toMatchObject({ file: file('first.json'), seed: 11, doppelVersion: pkg.version, fixed: [], notRechecked: [] });
    expect(run.out[1]).toBe(`doppel check: baseline ${file('first.json')} (doppel ${pkg.version}, seed 11, ${first.report.startedAt}): 2 known failures, ${first.report.failures.length - 2} observations`);
    expect(run.out.join('\n')).toMatch(/^FAILURE \(known\) balance-decimals\/eight-digits /m);
    expect(run.out.join('\n')).not.toMatch(/\(new\)/);
    // Only known failures remain: PASSED, the failed checks still counted.
    expect(summary(run)).toEqual([expect.stringMatching(/^PASSED: \d+ passed, 2 failed, \d+ not exercised, 0 skipped \(0 new failures; 2 known from the baseline; 0 fixed since; /)]);
  });

  it('broken one more way: exit 1, exactly the new failure new', async () => {
    const run = await check([DECIMALS, PUBLIC_KEY, PRICE_KEYS], 13, 'more.json', { baseline: file('first.json') });
    expect(run.code).toBe(1);
    expect(marked(run.report, 'new')).toEqual(['price-map-keys/keys trading getPrices']);
    expect(marked(run.report, 'known')).toEqual(names(first.report.failures));
    expect(run.out.join('\n')).toMatch(/^FAILURE \(new\) price-map-keys\/keys \[seed trading §[^\]]*\] on trading getPrices$/m);
    // New failures are shown before known ones.
    const text = run.out.join('\n');
    expect(text.indexOf('FAILURE (new)')).toBeLessThan(text.indexOf('FAILURE (known)'));
    expect(summary(run)).toEqual([expect.stringMatching(/^FAILED: \d+ passed, 3 failed, \d+ not exercised, 0 skipped \(1 new failure; 2 known from the baseline; 0 fixed since; /)]);
  });

  it('the unbroken target: the baseline\'s failures are listed as fixed', async () => {
    const run = await check([], 14, 'fixed.json', { baseline: file('first.json') });
    expect(run.code).toBe(0);
    expect(run.report.failures).toEqual([]);
    expect(names(run.report.baseline!.fixed)).toEqual(names(first.report.failures));
    expect(run.report.baseline!.notRechecked).toEqual([]);
    const text = run.out.join('\n');
    expect(text).toContain('Fixed since the baseline (failing in it, evaluated again and not failing now):\n');
    expect(text).toMatch(/^  ✓ balance-decimals\/eight-digits on trading getBalances: data\[0\]\.balance is "0\.5000000"/m);
    expect(text).toMatch(/^  ✓ response-schema\/schema on trading getBalances \(observation\): /m);
    expect(summary(run)).toEqual([expect.stringMatching(/^PASSED: \d+ passed, 0 failed, \d+ not exercised, 0 skipped \(0 new failures; 0 known from the baseline; 2 fixed since; /)]);
  });

  it('a check skipped or not exercised has fixed nothing: its failures are "not re-checked"', async () => {
    const skipped = await check([], 15, 'skipped.json', { baseline: file('first.json'), skip: ['balance-decimals'] });
    expect(skipped.code).toBe(0);
    expect(skipped.report.baseline!.notRechecked.map((f) => [f.checkId, f.reason])).toEqual([['balance-decimals', 'skipped (--skip)']]);
    expect(names(skipped.report.baseline!.fixed)).not.toContain('balance-decimals/eight-digits trading getBalances');
    expect(summary(skipped)).toEqual([expect.stringMatching(/\(0 new failures; 0 known from the baseline; 1 fixed since; 1 not re-checked; /)]);
    expect(skipped.out.join('\n')).toContain('Not re-checked (in the baseline, not evaluated this run: neither fixed nor failing):\n  ○ balance-decimals/eight-digits on trading getBalances: skipped (--skip)');

    // Against the wallet alone the trading checks are not exercised, and the schema check, which
    // judges wallet answers, meets no answer of the trading operations: nothing is fixed.
    const wallet = await check('wallet', 15, 'wallet.json', { baseline: file('first.json') });
    expect(wallet.code).toBe(0);
    expect(wallet.report.baseline!.fixed).toEqual([]);
    const why = Object.fromEntries(wallet.report.baseline!.notRechecked.map((f) => [`${f.checkId} ${f.operationId}`, f.reason]));
    expect(why).toEqual({
      'balance-decimals getBalances': 'not exercised: no trading target (--trading-url)',
      'trading-public-no-key getMarkets': 'not exercised: no trading target (--trading-url)',
      'response-schema getBalances': 'response-schema evaluated no case of trading getBalances this run',
      'response-schema getMarkets': 'response-schema evaluated no case of trading getMarkets this run',
    });

    // A report written with --baseline keeps what it did not re-check: as a baseline, they stay known.
    const again = await check([DECIMALS], 16, 'again.json', { baseline: file('skipped.json') });
    expect(again.code).toBe(0);
    expect(marked(again.report, 'known')).toContain('balance-decimals/eight-digits trading getBalances');
  });

  it('failures are the same failure across titles, messages, exchanges and seeds', () => {
    const baseline = readBaseline(first.report, 'first.json');
    const varied: RunReport = {
      ...first.report,
      seed: 99,
      failures: first.report.failures.map((f) => ({ ...f, title: `${f.title} (other amounts)`, message: 'other ids', exchange: undefined, occurrences: 3 })),
    };
    expect(compareWithBaseline(varied, baseline).failures.map((f) => f.baseline)).toEqual(first.report.failures.map(() => 'known'));
    const elsewhere = { ...varied, failures: varied.failures.map((f) => ({ ...f, operationId: 'getAccount' })) };
    expect(compareWithBaseline(elsewhere, baseline).failures.map((f) => f.baseline)).toEqual(first.report.failures.map(() => 'new'));
    expect(new Set(first.report.failures.map(failureIdentity)).size).toBe(first.report.failures.length);
  });
});

describe('a baseline doppel cannot read is refused before any request (exit 2, one line)', () => {
  /** runCheckCli against a closed port: a baseline problem must come first (nothing is sent). */
  async function refused(content: unknown): Promise<{ code: number; err: string[]; out: string[] }> {
    const baseline = file(`baseline-${Math.random().toString(36).slice(2)}.json`);
    writeFileSync(baseline, JSON.stringify(content));
    const err: string[] = [];
    const out: string[] = [];
    const code = await runCheckCli({ tradingUrl: `http://127.0.0.1:${await closedPort()}`, baseline, out: (l) => out.push(l), err: (l) => err.push(l) });
    return { code, err: err.map((l) => l.replace(baseline, 'B.json')), out };
  }

  it('a report of another format version', async () => {
    const { code, err, out } = await refused({ ...first.report, doppel_check_report: REPORT_FORMAT + 1, doppelVersion: '9.0.0' });
    expect(code).toBe(2);
    expect(out).toEqual([]);
    expect(err).toEqual([`doppel check: --baseline B.json is a doppel check report of format ${REPORT_FORMAT + 1} (doppel 9.0.0); this doppel ${pkg.version} reads format ${REPORT_FORMAT}: write a new baseline with doppel check --json`]);
  });

  it('a file that is not a doppel check report, or one from before report formats', async () => {
    expect((await refused({ points: {} })).err).toEqual(['doppel check: --baseline B.json is not a doppel check report (no "doppel_check_report" field): give a file that doppel check --json wrote']);
    const { doppel_check_report: _format, ...older } = first.report;
    const before = await refused(older);
    expect(before.code).toBe(2);
    expect(before.err).toEqual([`doppel check: --baseline B.json is a doppel check report from before report format ${REPORT_FORMAT} (no "doppel_check_report" field): write a new one with doppel check --json`]);
    const broken = await refused({ ...first.report, failures: [{ ...first.report.failures[0], iface: 'mail' }] });
    expect(broken.err).toEqual(['doppel check: --baseline B.json is not a doppel check report: failures[0].iface is not "trading" or "wallet"']);
  });

  it('a missing file or one that is not JSON, on the command line (yargs)', async () => {
    const missing = await usage(['check', '--baseline', file('nowhere.json')]);
    expect(missing.exitCode).toBe(2);
    expect(missing.message).toBe(`--baseline ${file('nowhere.json')}: no such file (see doppel check --help)`);
    writeFileSync(file('text.json'), 'PASSED');
    const text = await usage(['check', '--baseline', file('text.json')]);
    expect(text.exitCode).toBe(2);
    expect(text.message).toMatch(/^--baseline .*text\.json is not JSON: /);
  });

  it('a report of another doppel minor of the same format is read, with a note', async () => {
    const [major, minor] = pkg.version.split('.').map(Number) as [number, number];
    const older = minor > 0 ? `${major}.${minor - 1}.3` : `${major - 1}.9.3`;
    writeFileSync(file('older.json'), JSON.stringify({ ...first.report, doppelVersion: older }));
    const run = await check([DECIMALS, PUBLIC_KEY], 17, 'after-older.json', { baseline: file('older.json') });
    expect(run.code).toBe(0);
    expect(run.out[2]).toBe(`doppel check: note: --baseline ${file('older.json')} was written by doppel ${older}, this is ${pkg.version}: its failures are matched by check, assertion, interface and operation, so a check added or changed since may show a failure as new`);
    expect(run.report.baseline?.note).toMatch(/^--baseline .* was written by doppel /);
    // Another patch of the same minor: no note.
    expect(readBaseline({ ...first.report, doppelVersion: pkg.version.replace(/\d+$/, '99') }, 'x').note).toBeUndefined();
  });
});

describe('reports mark new, known and fixed', () => {
  let run: Run;
  let browser: Browser;
  const reports = { junit: file('marks/junit.xml'), html: file('marks/report.html') };

  beforeAll(async () => {
    // Against the first run's baseline: the decimals still broken (known), the price keys newly
    // (new), the public key fixed. BTC's price still answering while /prices lists it as XBT is
    // also listings-hold-accepted's failure: skipped, so that exactly one failure is new.
    run = await check([DECIMALS, PRICE_KEYS], 18, 'marks/report.json', { baseline: file('first.json'), skip: ['listings-hold-accepted'], ...reports });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('JSON: each failure new or known, the fixed ones listed', () => {
    expect(run.code).toBe(1);
    expect(marked(run.report, 'new')).toEqual(['price-map-keys/keys trading getPrices']);
    expect(marked(run.report, 'known')).toContain('balance-decimals/eight-digits trading getBalances');
    expect(names(run.report.baseline!.fixed)).toEqual(['response-schema/schema trading getMarkets', 'trading-public-no-key/no-key trading getMarkets']);
  });

  it('JUnit: a new failure is a <failure>, a check with only known ones <skipped>, fixed ones in system-out (and HTML, in Chromium, screenshot)', async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 1000 } });
    const parsed = await page.evaluate((text) => {
      const Parser = (globalThis as unknown as { DOMParser: new () => { parseFromString(t: string, type: string): any } }).DOMParser;
      const doc = new Parser().parseFromString(text, 'application/xml');
      const testcase = (name: string) => doc.querySelector(`testcase[name="${name}"]`);
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        newFailure: testcase('price-map-keys')?.querySelector('failure')?.getAttribute('message'),
        known: [testcase('balance-decimals')?.querySelector('failure'), testcase('balance-decimals')?.querySelector('skipped')?.getAttribute('type'), testcase('balance-decimals')?.querySelector('system-out')?.textContent],
        fixed: [...(testcase('trading-public-no-key')?.querySelectorAll('system-out') ?? [])].map((e: any) => e.textContent),
        properties: Object.fromEntries([...doc.querySelectorAll('property')].map((p: any) => [p.getAttribute('name'), p.getAttribute('value')])),
        failures: doc.querySelector('testsuite')?.getAttribute('failures'),
      };
    }, readFileSync(reports.junit, 'utf8'));
    expect(parsed.error).toBeNull();
    expect(parsed.newFailure).toMatch(/^new: keys: /);
    expect(parsed.known[0]).toBeNull();
    expect(parsed.known[1]).toBe('known-failure');
    expect(parsed.known[2]).toMatch(/^known failure: trading getBalances: /);
    expect(parsed.fixed).toEqual([expect.stringMatching(/^fixed since the baseline: trading-public-no-key\/no-key on trading getMarkets: /)]);
    expect(parsed.properties).toMatchObject({ baseline: file('first.json'), 'baseline.new': '1', 'baseline.known': '1', 'baseline.fixed': '1', 'baseline.notRechecked': '0' });
    expect(parsed.failures).toBe('1');

    const fetched: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith('file:')) fetched.push(req.url());
    });
    await page.goto(pathToFileURL(reports.html).href);
    expect(await page.locator('h1').innerText()).toMatch(/doppel check\s*FAILED/);
    const tiles = await page.locator('.tile').allInnerTexts();
    expect(tiles.slice(0, 3).map((t) => t.replace(/\s+/g, ' '))).toEqual(['1 new failures', '1 known from the baseline', '1 fixed since']);
    expect(await page.locator('.summary').innerText()).toMatch(/^FAILED: .*\(1 new failure; 1 known from the baseline; 1 fixed since; /);
    const headings = await page.locator('h2').allInnerTexts();
    expect(headings.slice(0, 3)).toEqual(['New since the baseline: 1 failure', 'Known from the baseline: 1 failure, 1 observation', 'Fixed since the baseline: 1 failure, 1 observation']);
    expect(await page.locator('.failure .mark.new').count()).toBe(1);
    expect(await page.locator('.failure', { has: page.locator('.mark.new') }).innerText()).toContain('price-map-keys/keys');
    expect(await page.locator('.failure .mark.known').count()).toBe(run.report.failures.length - 1);
    expect(await page.locator('table').first().innerText()).toContain('trading-public-no-key/no-key on trading getMarkets');
    const shot = join(dir, 'check-baseline.png');
    await page.screenshot({ path: shot });
    expect(readFileSync(shot).length).toBeGreaterThan(10_000);
    if (process.env.DOPPEL_UPDATE_SCREENSHOT === '1') copyFileSync(shot, new URL('../../docs/images/check-baseline.png', import.meta.url));
    expect(fetched).toEqual([]);
    await page.close();
  });
});
