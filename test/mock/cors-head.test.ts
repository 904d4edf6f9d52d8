// CORS and HEAD: a browser app on another origin of this machine can call the fake, an
// origin listed besides too; HEAD answers every GET route. In process (fake.fetch), over HTTP
// (startMock), and real preflights in headless Chromium. The defaults in detail (admin routes,
// Host, foreign pages): test/mock/origin-host-rules.test.ts, test/robustness/browser-origins.test.ts.
import { createServer, request as httpRequest, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFake, startMock, type RunningMock } from '../../mock/index.js';
import { launchChromium } from '../support/launch-chromium.js';

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
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(pre.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    const allowed = (pre.headers.get('access-control-allow-headers') ?? '').split(', ').map((h) => h.toLowerCase());
    for (const h of ['api-key', 'x-api-key', 'content-type', 'x-doppel-namespace']) expect(allowed).toContain(h);
    const wallet = await fake.fetch('http://wallet.doppel.test/api/v1/wallets/7/balance', { method: 'OPTIONS' });
    expect(wallet.status).toBe(204);
    expect(wallet.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
    // Admin routes too (a preflight carries no credentials; the real request keeps the token rule),
    // with CORS for the origins adminCors names only.
    const guarded = createFake({ adminToken: 'sesame', adminCors: ['http://localhost:3000'] });
    const adminPre = await guarded.fetch(`${T}/__doppel/reset`, { method: 'OPTIONS', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' } });
    expect(adminPre.status).toBe(204);
    expect(adminPre.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const refused = await guarded.fetch(`${T}/__doppel/reset`, { method: 'POST', headers: { origin: 'http://localhost:3000', 'content-type': 'application/json' } });
    expect(refused.status).toBe(401);
    expect(refused.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    // No route there: 404 in the envelope, readable by the browser.
    const none = await fake.fetch(`${T}/api/v1/nowhere`, { method: 'OPTIONS' });
    expect(none.status).toBe(404);
    expect(await none.json()).toMatchObject({ success: false, code: 'route_not_found' });
  });

  it('sends Access-Control-Allow-Origin on every answer of an interface, errors included; echoes only an allowed origin', async () => {
    const fake = createFake();
    const origin = { origin: 'http://localhost:3000' };
    for (const res of [await fake.fetch(`${T}/api/v1/prices`, { headers: origin }), await fake.fetch(`${T}/api/v1/account`, { headers: origin })]) {
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
      expect(res.headers.get('access-control-expose-headers')).toBe('Retry-After, Date');
    }
    // The admin API answers no other origin unless adminCors names it.
    expect((await fake.fetch(`${T}/__doppel/clock`, { headers: origin })).headers.get('access-control-allow-origin')).toBeNull();
    const listed = createFake({ cors: ['http://app.example.test'] });
    const mine = await listed.fetch(`${T}/api/v1/prices`, { headers: { origin: 'http://app.example.test' } });
    expect(mine.headers.get('access-control-allow-origin')).toBe('http://app.example.test');
    expect(mine.headers.get('vary')).toBe('Origin');
    const other = await listed.fetch(`${T}/api/v1/prices`, { headers: { origin: 'http://evil.test' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const any = createFake({ cors: '*' });
    expect((await any.fetch(`${T}/api/v1/prices`)).headers.get('access-control-allow-origin')).toBe('*');
    const off = createFake({ cors: false });
    expect((await off.fetch(`${T}/api/v1/prices`, { headers: origin })).headers.get('access-control-allow-origin')).toBeNull();
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
    expect(pre.headers['access-control-allow-origin']).toBe('http://localhost:3000');
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

describe('a real browser on another origin', () => {
  let browser: Browser;
  let page: Server;
  let pagePort: number;
  let open: RunningMock;
  let listed: RunningMock;
  beforeAll(async () => {
    // The browser's same-origin policy on; app.example.test and evil.test are names of 127.0.0.1 for it.
    browser = await launchChromium({ webSecurity: true, loopbackNames: ['app.example.test', 'evil.test'] });
    page = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><title>client app</title><p>client app</p>');
    });
    await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
    pagePort = (page.address() as AddressInfo).port;
    open = await startMock({ tradingPort: 0, walletPort: 0, quiet: true });
    listed = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, cors: [`http://app.example.test:${pagePort}`] });
  });
  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => page?.close(resolve));
    await open?.close();
    await listed?.close();
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

  it('a page of this machine places an order after a preflight; a foreign page is refused by the browser; a listed one is not', async () => {
    const tab = await browser.newPage();
    const pageUrl = `http://127.0.0.1:${pagePort}`;
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

    // A page on another origin: the preflight gets no Access-Control-Allow-Origin, so the browser never sends the order.
    await tab.goto(`http://evil.test:${pagePort}`);
    const refused = (await placeFromPage(open.trading.url)(tab)) as { error?: string };
    expect(refused.error).toMatch(/Failed to fetch/);
    expect(open.fake.verify({ operationId: 'placeSpotOrder' }).count).toBe(1);
    expect(open.fake.verify({ method: 'OPTIONS' }).count).toBe(2);

    // --cors-origin http://app.example.test:<port> lets that page in.
    await tab.goto(`http://app.example.test:${pagePort}`);
    expect(((await placeFromPage(listed.trading.url)(tab)) as { status: number }).status).toBe(200);
    expect(((await placeFromPage(open.trading.url)(tab)) as { error?: string }).error).toMatch(/Failed to fetch/);
    await tab.close();
  });
});
