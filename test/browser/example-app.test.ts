// examples/browser in headless Chromium: the page starts doppel's fake behind msw's
// service worker (the bundle dist/browser/doppel-browser.js) and every request to the trading
// interface is answered by the worker: demo balances, an order placed and listed, the error
// envelope for a bad key, and the dashboard in a frame. The only server is the example's static one; Chromium resolves no other
// host, and every response to the fake's host must come from the service worker.
// DOPPEL_UPDATE_SCREENSHOT=1 also saves the screenshot as docs/images/browser-example.png.
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveExample, type ServedExample } from '../../examples/browser/serve.mjs';
import { launchChromium } from '../support/launch-chromium.js';

const FAKE_HOST = 'trading.doppel.test';

describe('examples/browser in Chromium', () => {
  let server: ServedExample;
  let browser: Browser;
  let page: Page;
  const fakeResponses: { url: string; status: number; fromServiceWorker: boolean }[] = [];
  const elsewhere: string[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/ensure-built.mjs', import.meta.url))], { stdio: 'pipe' });
    server = await serveExample();
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (m) => {
      // Chromium logs every 4xx answer as a console error: the bad-key 401 is asked for below, and
      // the dashboard's GET /__doppel/requests is a 404 until the request journal lands.
      if (m.type() === 'error' && !/status of (401|404)/.test(m.text())) pageErrors.push(m.text());
    });
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (url.host === FAKE_HOST) fakeResponses.push({ url: url.pathname, status: response.status(), fromServiceWorker: response.fromServiceWorker() });
      else if (!response.url().startsWith(server.url)) elsewhere.push(response.url());
    });
    await page.goto(server.url);
    await page.locator('#status', { hasText: 'ready' }).waitFor({ timeout: 20_000 });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('shows the demo account balances', async () => {
    const text = await page.locator('#balances').innerText();
    expect(text).toMatch(/USDT\s+tron\s+10000\.00000000/);
    expect(text).toMatch(/BTC\s+bitcoin\s+0\.50000000/);
  });

  it('places an order and lists it', async () => {
    await expect(page.locator('#orders tr').count()).resolves.toBe(0);
    await page.click('#place-order');
    await page.locator('#orders tr').first().waitFor();
    const row = await page.locator('#orders tr').first().innerText();
    expect(row).toMatch(/BTC\/USDT\s+buy\s+limit\s+0\.01\d*\s+30000(\.0+)?\s+\w+/);
    // The limit order locks its quote: 0.01 × 30000 USDT.
    await expect(page.locator('#balances').innerText()).resolves.toMatch(/USDT\s+tron\s+\d+\.\d+\s+300\.00000000/);
  });

  it('shows the error envelope for a bad key', async () => {
    await page.fill('#key', 'not-a-key');
    await page.click('#load-balances');
    await page.locator('#error', { hasText: '401' }).waitFor();
    const shown = await page.locator('#error').innerText();
    const envelope = JSON.parse(shown.slice(shown.indexOf('{'))) as { success: boolean; code: string; error: string };
    expect(envelope).toMatchObject({ success: false, code: 'unauthorized' });
    expect(envelope.error).toContain('invalid API key');
    await page.fill('#key', 'demo-trade-key');
    const shot = await page.screenshot({ fullPage: true });
    if (process.env['DOPPEL_UPDATE_SCREENSHOT'] === '1') writeFileSync(fileURLToPath(new URL('../../docs/images/browser-example.png', import.meta.url)), shot);
  });

  it('shows the dashboard in a frame, answered by the same fake, and moves its clock', async () => {
    await page.click('#show-dashboard');
    const frame = page.frameLocator('#dashboard');
    await frame.locator('#accounts', { hasText: 'Demo Trader' }).waitFor({ timeout: 15_000 });
    // The order placed above, seen by the dashboard: one fake behind both.
    await expect(frame.locator('#orders').innerText()).resolves.toMatch(/BTC\/USDT\s+buy\s+0\.01000000/);
    await expect(frame.locator('#clock').innerText()).resolves.toBe('2026-01-01 00:00:00 UTC');
    await frame.locator('button[data-advance="3600"]').click();
    await frame.locator('#clock', { hasText: '2026-01-01 01:00:00 UTC' }).waitFor();
  });

  it('got every answer from the service worker, and reached no server but the static one', async () => {
    expect(pageErrors).toEqual([]);
    expect(fakeResponses.map((r) => r.url)).toEqual(expect.arrayContaining(['/api/v1/account/balances', '/api/v1/account/orders', '/api/v1/spot/order', '/__doppel/dashboard/state', '/__doppel/clock']));
    expect(fakeResponses.filter((r) => !r.fromServiceWorker)).toEqual([]);
    expect(fakeResponses.map((r) => r.status).sort()).toContain(401);
    // Every 404 came from the fake (the journal route, when it is missing), none from the static server.
    expect(fakeResponses.filter((r) => r.status === 404).map((r) => r.url)).toEqual(fakeResponses.filter((r) => r.status === 404).map(() => '/__doppel/requests'));
    expect(elsewhere).toEqual([]);
    expect(new Set(server.requests)).toEqual(new Set(['GET /', 'GET /app.js', 'GET /doppel-browser.js', 'GET /mockServiceWorker.js']));
  });
});
