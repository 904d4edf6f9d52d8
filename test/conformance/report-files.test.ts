// The report files of a failing run, parsed back: JSON (outcome and duration per check), JUnit
// (read by Chromium's DOMParser: a testcase with time per check, <skipped>, failures with status
// and body) and the HTML report, looked at in a real headless Chromium that may fetch nothing.
// `DOPPEL_UPDATE_SCREENSHOT=1` also saves the screenshot as docs/images/check-report.png (docs/guides/checking-a-deployment.md).
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { CHECKS, runCheckCli, type RunReport } from '../../conformance/index.js';
import { operations } from '../../spec/index.js';
import { launchChromium } from '../support/launch-chromium.js';
import { startProxy } from './broken-proxy.js';
import { MUTANTS } from './mutants.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-reports-'));
const files = { json: join(dir, 'out/report.json'), junit: join(dir, 'out/junit.xml'), html: join(dir, 'out/report.html'), replay: join(dir, 'out/replay.sh') };
let code = -1;
let console: string[] = [];
let browser: Browser;
// One page for every test: with @sparticuz/chromium's single-process flags, closing the last page ends the browser.
let page: Page;

beforeAll(async () => {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
  const breakage = (name: string) => (MUTANTS.find((m) => m.name === name) as (typeof MUTANTS)[number]).breakage();
  const tp = await startProxy(mock.trading.url, breakage('no refund on copy stop'));
  const wp = await startProxy(mock.wallet.url, breakage('ISO transaction dates'));
  try {
    const out: string[] = [];
    code = await runCheckCli({
      tradingUrl: tp.url,
      tradingKey: 'demo-trade-key',
      walletUrl: wp.url,
      walletKeys: ['demo-wallet-key'],
      allowWrites: true,
      seed: 11,
      runs: 5,
      ...files,
      out: (l) => out.push(l),
      err: (l) => out.push(l),
    });
    console = out;
  } finally {
    await tp.close();
    await wp.close();
    await mock.close();
  }
  browser = await launchChromium();
  page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('report files of a failing run', () => {
  it('the run failed (exit 1) and the report directory was created', () => {
    expect(code).toBe(1);
    expect(console.join('\n')).toMatch(/^FAILED: \d+ passed, \d+ failed, \d+ not exercised, 0 skipped \(/m);
  });

  it('JSON: every check with its outcome, cases and duration', () => {
    const report = JSON.parse(readFileSync(files.json, 'utf8')) as RunReport;
    expect(report.checks.map((c) => c.id)).toEqual(CHECKS.map((c) => c.id));
    for (const c of report.checks) {
      expect(['passed', 'failed', 'observed', 'not-exercised', 'skipped']).toContain(c.status);
      expect(typeof c.durationMs).toBe('number');
      if (c.status === 'passed') expect(c.cases).toBeGreaterThan(0);
      if (c.status === 'not-exercised') expect(c.reason).toBeTruthy();
    }
    expect(report.checks.find((c) => c.id === 'balances-follow-writes')?.status).toBe('failed');
    expect(report.checks.find((c) => c.id === 'read-key-403')?.status).toBe('not-exercised');
    // A state failure names the write and the read, and replays both (and the read before).
    const copy = report.failures.find((f) => f.checkId === 'balances-follow-writes' && f.assertion === 'copy-refund');
    expect(copy?.message).toMatch(/getBalances #\d+ read .* after stopCopy #\d+/);
    expect(copy?.replay.length).toBeGreaterThan(1);
    expect(report.coverage).toHaveLength(operations('trading').length + operations('wallet').length);
    expect(report.inputClasses.total).toBeGreaterThan(50);
    expect(report.inputClasses.sent + report.inputClasses.unsent.length).toBe(report.inputClasses.total);
    for (const u of report.inputClasses.unsent) expect(u.why).toBeTruthy();
  });

  it('--replay: a shell script that re-sends each failure\'s requests, keys as variables', () => {
    const script = readFileSync(files.replay, 'utf8');
    expect(script.startsWith('#!/bin/sh\n')).toBe(true);
    expect(script).toContain(': "${DOPPEL_TRADING_KEY:?set DOPPEL_TRADING_KEY');
    expect(script).toMatch(/^curl -sS -i -X POST '[^']*\/api\/v1\/copy\/stop' .*-H "api-key: \$DOPPEL_TRADING_KEY"/m);
    expect(script).not.toContain('demo-trade-key');
    execFileSync('sh', ['-n', files.replay]);
  });

  it('JUnit: a testcase with time per check, <skipped> for not exercised, failures with status and body', async () => {
    const xml = readFileSync(files.junit, 'utf8');
    const parsed = await page.evaluate((text) => {
      // Runs in the browser; the test's tsconfig has no DOM types.
      const Parser = (globalThis as unknown as { DOMParser: new () => { parseFromString(t: string, type: string): any } }).DOMParser;
      const doc = new Parser().parseFromString(text, 'application/xml');
      const cases: any[] = [...doc.querySelectorAll('testcase')];
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        names: cases.map((c) => c.getAttribute('name')),
        times: cases.map((c) => c.getAttribute('time')),
        skipped: cases.filter((c) => c.querySelector('skipped')).map((c) => [c.getAttribute('name'), c.querySelector('skipped')?.getAttribute('message')]),
        failures: cases.filter((c) => c.querySelector('failure')).map((c) => [c.getAttribute('name'), c.querySelector('failure')?.getAttribute('message'), c.querySelector('failure')?.textContent]),
        suite: doc.querySelector('testsuite')?.getAttribute('skipped'),
      };
    }, xml);
    expect(parsed.error).toBeNull();
    expect(parsed.names).toEqual(CHECKS.map((c) => c.id));
    expect(parsed.times.every((t) => t !== null && /^\d+\.\d{3}$/.test(t))).toBe(true);
    expect(parsed.skipped.find(([name]) => name === 'read-key-403')?.[1]).toMatch(/^not exercised: no --trading-read-key given/);
    expect(Number(parsed.suite)).toBe(parsed.skipped.length);
    const dates = parsed.failures.find(([name]) => name === 'wallet-date-format');
    expect(dates?.[1]).toMatch(/→ 200$/);
    expect(dates?.[2]).toMatch(/answer: 200 \{"success":true,"transactions":/);
    expect(dates?.[2]).toMatch(/reproduce: curl /);
  });

  it('HTML: self-contained, summary on top, every check, failures with curl, coverage table (screenshot)', async () => {
    const fetched: string[] = [];
    page.on('request', (req) => {
      if (!req.url().startsWith('file:')) fetched.push(req.url());
    });
    await page.goto(pathToFileURL(files.html).href);
    expect(await page.locator('h1').innerText()).toMatch(/doppel check\s*FAILED/);
    expect(await page.locator('.tile').count()).toBe(7);
    expect(await page.locator('.summary').innerText()).toMatch(/^FAILED: \d+ passed, \d+ failed/);
    const report = JSON.parse(readFileSync(files.json, 'utf8')) as RunReport;
    const tables = page.locator('table');
    expect(await tables.nth(0).locator('tbody tr').count()).toBe(CHECKS.length);
    expect(await tables.nth(1).locator('tbody tr').count()).toBe(report.coverage.length);
    expect(await page.locator('.failure').count()).toBe(report.failures.length);
    const { sent, total, unsent } = report.inputClasses;
    expect(await page.locator('.tile', { hasText: 'input classes sent' }).innerText()).toMatch(new RegExp(`^${sent}/${total}\\s+input classes sent$`));
    expect(await page.locator('h2', { hasText: 'Input classes' }).innerText()).toBe(`Input classes: ${sent} of ${total} sent`);
    expect(await page.locator('table').nth(2).locator('tbody tr').count()).toBe(unsent.length);
    const copy = page.locator('.failure', { hasText: 'balances-follow-writes/copy-refund' });
    expect(await copy.innerText()).toMatch(/curl -sS -i -X POST .*copy\/stop/);
    expect(await copy.innerText()).toContain('$DOPPEL_TRADING_KEY');
    // The verdict, the tiles and the summary are above the fold.
    const summaryBox = await page.locator('.summary').boundingBox();
    expect(summaryBox && summaryBox.y + summaryBox.height).toBeLessThan(900);
    const shot = join(dir, 'check-report.png');
    await page.screenshot({ path: shot });
    expect(readFileSync(shot).length).toBeGreaterThan(10_000);
    if (process.env.DOPPEL_UPDATE_SCREENSHOT === '1') copyFileSync(shot, new URL('../../docs/images/check-report.png', import.meta.url));
    expect(fetched).toEqual([]);
  });
});
