// The dashboard at /__doppel/ in headless Chromium, served by startMock as `doppel mock`
// serves it, with an admin token: the page loads without the token, shows nothing until the token
// is typed, then shows the demo balances, an order, a copy relation and a pending transaction,
// and moves the virtual clock when its button is clicked.
// DOPPEL_UPDATE_SCREENSHOT=1 also saves the screenshot as docs/images/dashboard.png.
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { launchChromium } from '../support/launch-chromium.js';

const TOKEN = 'dashboard-test-token';

describe('the dashboard in Chromium', () => {
  let mock: RunningMock;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  const outside: string[] = [];

  beforeAll(async () => {
    mock = await startMock({ tradingPort: 0, walletPort: 0, clock: 'manual', adminToken: TOKEN, quiet: true });
    const trade = { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };
    const wallet = { 'X-API-Key': 'demo-wallet-key', 'content-type': 'application/json' };
    const post = (url: string, headers: Record<string, string>, body: unknown) => fetch(url, { method: 'POST', headers, body: JSON.stringify(body) });
    const placed = await post(`${mock.trading.url}/api/v1/spot/order`, trade, { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.01', price: '30000' });
    expect(placed.status).toBe(200);
    const copied = await post(`${mock.trading.url}/api/v1/copy/start`, trade, { lead_trader_id: 1, copy_amount: 250 });
    expect(copied.status, await copied.clone().text()).toBe(200);
    const sent = await post(`${mock.wallet.url}/api/v1/wallets/3/send`, wallet, { to_address: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', amount: '12.5' });
    expect(sent.status, await sent.clone().text()).toBe(200);

    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1400, height: 1000 } });
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.on('console', (m) => {
      // Chromium logs every 4xx answer as a console error: the 401s before the token, a 404 journal.
      if (m.type() === 'error' && !/status of (401|404)/.test(m.text())) pageErrors.push(m.text());
    });
    await page.route('**/*', (route) => {
      if (route.request().url().startsWith(mock.trading.url)) return route.continue();
      outside.push(route.request().url());
      return route.abort();
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await mock?.close();
  });

  it('loads without the token but shows no state until it is given', async () => {
    const response = await page.goto(`${mock.trading.url}/__doppel/`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-type']).toContain('text/html');
    await page.locator('#message', { hasText: 'needs a token' }).waitFor();
    expect(await page.locator('#accounts').innerText()).toBe('');
    const direct = await fetch(`${mock.trading.url}/__doppel/dashboard/state`);
    expect(direct.status).toBe(401);
  });

  it('shows the demo balances, the open order, the copy relation, the wallets and the pending transaction', async () => {
    await page.fill('#token', TOKEN);
    await page.press('#token', 'Enter');
    await page.dispatchEvent('#token', 'change');
    await page.locator('#accounts', { hasText: 'Demo Trader' }).waitFor();
    expect(await page.locator('#message').innerText()).toBe('');
    const accounts = await page.locator('#accounts').innerText();
    expect(accounts).toMatch(/1 Demo Trader\s+USDT \(tron\)\s+9450\.00000000\s+550\.00000000/);
    expect(accounts).toMatch(/BTC \(bitcoin\)\s+0\.50000000/);
    expect(await page.locator('#orders').innerText()).toMatch(/1\s+1\s+spot\s+BTC\/USDT\s+buy\s+0\.01000000\s+30000\.00000000\s+open/);
    expect(await page.locator('#copies').innerText()).toMatch(/1\s+1\s+250\.00000000\s+-?\d+\.\d+\s+active/);
    expect(await page.locator('#wallets').innerText()).toMatch(/3\s+1\s+tron\s+4987\.50000000 TRX\s+2500\.00000000 USDT/);
    expect(await page.locator('#pending').innerText()).toMatch(/12\.50000000 TRX/);
    // The journal panel: what the client sent, newest first, both ports; not the dashboard's own polling.
    const journal = await page.locator('#requests').innerText();
    expect(journal).toMatch(/wallet\s+POST\s+\/api\/v1\/wallets\/3\/send\s+200\s+sendFromWallet[\s\S]*trading\s+POST\s+\/api\/v1\/copy\/start\s+200\s+startCopy[\s\S]*placeSpotOrder/);
    expect(journal).not.toContain('dashboard');
    // The picture in docs/guides/client-developers.md: every panel filled, before the clock confirms the transfer.
    const shot = await page.screenshot({ fullPage: true });
    if (process.env['DOPPEL_UPDATE_SCREENSHOT'] === '1') writeFileSync(fileURLToPath(new URL('../../docs/images/dashboard.png', import.meta.url)), shot);
  });

  it('moves the virtual clock when a button is clicked', async () => {
    await expect(page.locator('#clock').innerText()).resolves.toBe('2026-01-01 00:00:00 UTC');
    await page.click('button[data-advance="3600"]');
    await page.locator('#clock', { hasText: '2026-01-01 01:00:00 UTC' }).waitFor();
    expect(mock.fake.clock.now()).toBe(Date.UTC(2026, 0, 1, 1));
    await page.click('button[data-advance="86400"]');
    await page.locator('#clock', { hasText: '2026-01-02 01:00:00 UTC' }).waitFor();
    // A day later the wallet transfer has confirmed: the pending list is refreshed with the clock.
    await page.locator('#pending', { hasText: 'no pending transactions' }).waitFor();
  });

  it('ran without script errors and fetched nothing from elsewhere', async () => {
    await page.click('#refresh');
    expect(await page.screenshot({ fullPage: true })).toBeInstanceOf(Buffer);
    expect(pageErrors).toEqual([]);
    expect(outside).toEqual([]);
  });
});
