// doppel diff --html, looked at in headless Chromium: a candidate with 7-digit balances and an
// account name carrying markup; the page shows the two answers side by side with the differing
// fields' lines highlighted, each difference with its verdict, and the markup as text (no script
// runs, no element is made from an answer).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiffCli } from '../../diff/index.js';
import { launchChromium } from '../support/launch-chromium.js';
import { brokenCandidate, type BrokenCandidate } from './broken-candidate.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-diff-html-'));
const MARKUP = '<img src=x onerror="window.hacked=1"><script>window.hacked=2</script>';
let setup: BrokenCandidate;
let browser: Browser;
const html = join(dir, 'diff.html');

beforeAll(async () => {
  setup = await brokenCandidate(dir, (data) => void (data['name'] = MARKUP));
  expect(await runDiffCli({ fromHar: [setup.har], primary: { trading: setup.primary.trading.url }, candidate: { trading: setup.candidate }, tradingKey: 'demo-trade-key', tolerance: 0.0001, timeTolerance: 2, html, out: () => {} })).toBe(1);
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await setup.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('doppel diff --html in Chromium', () => {
  it('shows each differing request\'s answers side by side, the differing fields highlighted, with their verdicts', async () => {
    const page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.setContent(readFileSync(html, 'utf8'));
    expect(await page.locator('.summary').innerText()).toMatch(/^FAILED: 2 of 2 requests replayed/);
    const balances = page.locator('section#r2');
    expect(await balances.locator('h2').innerText()).toBe('#2 GET /api/v1/account/balances');
    expect(await balances.locator('.side.primary h3').innerText()).toMatch(/^primary: 200 application\/json/);
    const hits = await balances.locator('.side.candidate pre span.hit').allInnerTexts();
    expect(hits.length).toBe(6);
    expect(hits[0]).toMatch(/"balance": "0\.5000000",/);
    expect((await balances.locator('.side.primary pre span.hit').allInnerTexts())[0]).toMatch(/"balance": "0\.50000000",/);
    // The two answers sit side by side: the candidate's column starts to the right of the primary's, on the same line.
    const [left, right] = [await balances.locator('.side.primary').boundingBox(), await balances.locator('.side.candidate').boundingBox()];
    expect(right!.x).toBeGreaterThan(left!.x + left!.width - 1);
    expect(Math.abs(right!.y - left!.y)).toBeLessThan(2);
    const items = await balances.locator('li.seed').allInnerTexts();
    expect(items[0]).toMatch(/^seed \(candidate\) scale \/data\/0\/balance: 0\.50000000 → 0\.5000000 balance-decimals\/eight-digits/);
    // The account name's markup is text: no element made from it, no script ran.
    const account = page.locator('section#r1');
    expect(await account.locator('.side.candidate pre').innerText()).toContain(JSON.stringify(MARKUP));
    expect(await page.locator('img, script').count()).toBe(0);
    expect(await page.evaluate(() => (globalThis as { hacked?: number }).hacked)).toBeUndefined();
    expect(await account.locator('.side.candidate pre span.hit').allInnerTexts()).toEqual([expect.stringContaining('"name":')]);
    await page.close();
  });
});
