// CORS and HEAD (issue 13): a browser app on another origin can call the fake; HEAD answers every
// GET route. In process (fake.fetch), over HTTP (startMock), and a real preflight from a foreign
// origin in headless Chromium.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFake, startMock, type RunningMock } from '../../mock/index.js';
import chromium from '@sparticuz/chromium';
import { chromium as playwright } from 'playwright-core';

const ORDER = { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' };
const T = 'http://trading.doppel.test';

/** A raw request (fetch refuses to send Origin and hides some headers). */
function raw(url: string, method: string, headers: Record<string, string> = {}): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('in process', () => {
  it('answers a preflight on every route with its methods and the headers both interfaces use', async () => {
    const fake = createFake();
    const pre = await fake.fetch(`${T}/api/v1/spot/order`, { method: 'OPTIONS', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' } });
    expect(pre.status).toBe(204);
    expect(pre.headers.get('access-control-allow-origin')).toBe('*');
    expect(pre.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const allowed = (pre.headers.get('access-control-allow-headers') ?? '').split(', ').map((h) => h.toLowerCase());
    for (const h of ['api-key', 'x-api-key', 'content-type', 'x-doppel-namespace']) expect(allowed).toContain(h);
    const wallet = await fake.fetch('http://wallet.doppel.test/api/v1/wallets/7/balance', { method: 'OPTIONS' });
    expect(wallet.status).toBe(204);
    expect(wallet.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    // Admin routes too: a preflight carries no credentials; the real request keeps the token rule.
    const guarded = createFake({ adminToken: 'sesame' });
    expect((await guarded.fetch(`${T}/__doppel/reset`, { method: 'OPTIONS' })).status).toBe(204);
    const refused = await guarded.fetch(`${T}/__doppel/reset`, { method: 'POST' });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('*');
    // No route there: 404 in the envelope, readable by the browser.
    const none = await fake.fetch(`${T}/api/v1/nowhere`, { method: 'OPTIONS' });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ success: false, code: 'route_not_found' });
  });

  it('sends Access-Control-Allow-Origin on every answer, errors included; a restricted origin list echoes only its own', async () => {
    const fake = createFake();
    for (const res of [await fake.fetch(`${T}/api/v1/prices`), await fake.fetch(`${T}/api/v1/account`), await fake.fetch(`${T}/__doppel/clock`)]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('*');
    }
    const strict = createFake({ cors: ['http://localhost:3000'] });
    const mine = await strict.fetch(`${T}/api/v1/prices`, { headers: { origin: 'http://localhost:3000' } });
    expect(mine.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(mine.headers.get('vary')).toBe('Origin');
    const other = await strict.fetch(`${T}/api/v1/prices`, { headers: { origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const off = createFake({ cors: false });
    expect((await off.fetch(`${T}/api/v1/prices`)).headers.get('access-control-allow-origin')).toBeNull();
    const offPre = await off.fetch(`${T}/api/v1/prices`, { method: 'OPTIONS' });
    expect(offPre.status).toBe(204);
    expect(offPre.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('HEAD answers every GET route with the GET status and headers and no body; other routes 404', async () => {
    const fake = createFake();
    const get = await fake.fetch(`${T}/api/v1/account/balances`, { headers: { 'API-KEY': 'demo-trade-key' } });
    const getText = await get.text();
    const head = await fake.fetch(`${T}/api/v1/account/balances`, { method: 'HEAD', headers: { 'API-KEY': 'demo-trade-key' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toBe(get.headers.get('content-type'));
    expect(head.headers.get('content-length')).toBe(String(new TextEncoder().encode(getText).length));
    expect(await head.text()).toBe('');
    // The same guards: no key, 401.
    expect((await fake.fetch(`${T}/api/v1/account`, { method: 'HEAD' })).status).toBe(401);
    expect((await fake.fetch(`${T}/api/v1/spot/order`, { method: 'HEAD' })).status).toBe(404);
  });
});

describe('over HTTP', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true });
  });
  afterAll(() => mock.close());

  it('preflight and HEAD on the wire', async () => {
    const pre = await raw(`${mock.wallet.url}/api/v1/wallets/create`, 'OPTIONS', { origin: 'http://localhost:3000', 'access-control-request-method': 'POST', 'access-control-request-headers': 'x-api-key, content-type' });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBe('*');
    expect(pre.headers['access-control-allow-methods']).toBe('POST, OPTIONS');
    expect(pre.text).toBe('');
    const head = await raw(`${mock.trading.url}/api/v1/prices`, 'HEAD');
    expect(head.status).toBe(200);
    expect(Number(head.headers['content-length'])).toBeGreaterThan(100);
    expect(head.text).toBe('');
    // The connection stays usable after HEAD (the length announced is not sent).
    expect((await fetch(`${mock.trading.url}/api/v1/markets`)).status).toBe(200);
  });
});

/**
 * test/support/launch-chromium.ts with the browser's same-origin policy on: @sparticuz/chromium's
 * default flags include --disable-web-security, under which Chromium sends no preflight at all.
 */
async function launchWithWebSecurity(): Promise<Browser> {
  const args = chromium.args.filter((a) => a !== '--disable-web-security' && a !== '--allow-running-insecure-content');
  return playwright.launch({ executablePath: await chromium.executablePath(), headless: true, args: [...args, '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'] });
}

describe('a real browser on another origin', () => {
  let browser: Browser;
  let page: Server;
  let pageUrl: string;
  let open: RunningMock;
  let strict: RunningMock;
  beforeAll(async () => {
    browser = await launchWithWebSecurity();
    page = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>client app</title><p>client app</p>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pageUrl = `http://127.0.0.1:${(page.address() as AddressInfo).port}`;
    open = await startMock({ tradingPort: 0, walletPort: 0, quiet: true });
    strict = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, cors: ['http://app.example.test'] });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => page?.close(resolve));
    await open?.close();
    await strict?.close();
  });

  const placeFromPage = (base: string) =>
    async (tab: import('playwright-core').Page) =>
      tab.evaluate(
        async ({ base, order }) => {
          try {
            const res = await fetch(`${base}/api/v1/spot/order`, { method: 'POST', headers: { 'API-KEY': 'demo-trade-key', 'Content-Type': 'application/json' }, body: JSON.stringify(order) });
            return { status: res.status, body: await res.json() };
          } catch (error) {
            return { error: String(error) };
          }
        },
        { base, order: ORDER },
      );

  it('places an order after a preflight; a mock restricted to another origin is refused by the browser', async () => {
    const tab = await browser.newPage();
    await tab.goto(pageUrl);
    const result = (await placeFromPage(open.trading.url)(tab)) as { status: number; body: { data: { status: string } } };
    expect(result.status).toBe(200);
    expect(result.body.data.status).toBe('filled');
    // The browser really sent a preflight from the page's origin, then the order.
    const [post, pre] = [open.fake.verify({ operationId: 'placeSpotOrder' }), open.fake.verify({ method: 'OPTIONS' })];
    expect(pre.count, JSON.stringify(open.fake.requests().map((e) => [e.method, e.path, e.headers]))).toBe(1);
    expect(pre.last?.headers['origin']).toBe(pageUrl);
    expect(pre.last?.headers['access-control-request-headers']).toMatch(/api-key/);
    expect(post.count).toBe(1);
    expect(post.last?.headers['api-key']).toBe('***');

    const refused = (await placeFromPage(strict.trading.url)(tab)) as { error?: string };
    expect(refused.error).toMatch(/Failed to fetch/);
    // The preflight got no Access-Control-Allow-Origin, so the browser never sent the order.
    expect(strict.fake.verify({ operationId: 'placeSpotOrder' }).count).toBe(0);
    expect(strict.fake.verify({ method: 'OPTIONS' }).count).toBe(1);
    await tab.close();
  });
});
