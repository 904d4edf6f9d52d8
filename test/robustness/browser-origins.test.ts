// What a web page can do to a `doppel mock` on the developer's machine, in headless Chromium with
// its same-origin policy on (docs/guides/security.md). Chromium maps evil.test to 127.0.0.1
// (--host-resolver-rules), so a page served on loopback has the foreign origin
// http://evil.test:<port>, and a navigation to http://evil.test:<mock port> is what a DNS-rebinding
// page gets. That page must neither read the admin API nor change the fake, by any request it can
// make; a page of this machine (http://localhost:<port>) calls the interfaces; the dashboard
// (same origin) works. DOPPEL_SCREENSHOT_DIR=<dir> keeps the screenshots of the blocked page.
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { launchChromium } from '../support/launch-chromium.js';

const ORDER = { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' };
const SHOTS = process.env['DOPPEL_SCREENSHOT_DIR'] ?? join(tmpdir(), 'doppel-browser-origins');

/**
 * The page every origin serves. Its script tries requests (a fetch, a form, a beacon) and lists
 * what it tried and what came of it: `blocked` (the browser refused), `sent blind` (sent, the
 * answer hidden from the page), `read <status>`.
 */
const PAGE = `<!doctype html><meta charset="utf-8"><title>a page on another origin</title>
<style>body{font:15px system-ui,sans-serif;margin:24px}li{margin:6px 0}b{display:inline-block;min-width:7em}</style>
<h1 id="origin"></h1><p>What this page tried against doppel mock:</p><ul id="results"></ul>
<script>
document.getElementById('origin').textContent = 'page at ' + location.origin;
function report(what, outcome) {
  var li = document.createElement('li'); li.innerHTML = '<b></b> '; li.firstChild.textContent = outcome; li.append(what);
  document.getElementById('results').append(li);
}
window.say = function (text) { var p = document.createElement('p'); p.textContent = text; document.body.append(p); };
window.tryFetch = async function (what, url, init) {
  var outcome;
  try {
    var res = await fetch(url, init);
    outcome = { status: res.status, type: res.type, text: res.type === 'opaque' ? '' : await res.text() };
  } catch (error) {
    outcome = { error: String(error) };
  }
  report(what, outcome.error !== undefined ? 'blocked' : outcome.type === 'opaque' ? 'sent blind' : 'read ' + outcome.status);
  return outcome;
};
window.tryForm = async function (what, url, name, value) {
  var sink = document.createElement('iframe'); sink.name = 'sink'; document.body.append(sink);
  var loaded = new Promise(function (resolve) { sink.addEventListener('load', resolve, { once: true }); });
  var form = document.createElement('form');
  form.action = url; form.method = 'POST'; form.target = 'sink'; form.enctype = 'text/plain';
  var field = document.createElement('input'); field.name = name; field.value = value; form.append(field);
  document.body.append(form);
  form.submit();
  await loaded;
  sink.remove(); form.remove();
  report(what, 'sent blind');
};
window.tryBeacon = function (what, url, body) {
  var queued = navigator.sendBeacon(url, body);
  report(what, queued ? 'sent blind' : 'blocked');
  return queued;
};
</script>`;

interface Outcome {
  status?: number;
  type?: string;
  text?: string;
  error?: string;
}

/** What PAGE's script offers, as the test calls it inside the page. */
interface PageApi {
  tryFetch(what: string, url: string, init: Record<string, unknown>): Promise<Outcome>;
  tryForm(what: string, url: string, name: string, value: string): Promise<void>;
  tryBeacon(what: string, url: string, body: string): boolean;
  say(text: string): void;
}

/** fetch from inside the page; the outcome also goes into its list. */
function fromPage(tab: Page, what: string, url: string, init: RequestInit = {}): Promise<Outcome> {
  return tab.evaluate(([what, url, init]) => (globalThis as unknown as PageApi).tryFetch(what, url, init), [what, url, init as Record<string, unknown>] as const);
}

describe('pages in a browser against doppel mock', () => {
  let browser: Browser;
  let pages: Server;
  let pagePort: number;
  let mock: RunningMock;
  let admitted: RunningMock;
  const snapshot = (m: RunningMock): string => JSON.stringify(m.fake.exportState());

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    pages = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(PAGE);
    });
    await new Promise<void>((resolve) => pages.listen(0, '127.0.0.1', resolve));
    pagePort = (pages.address() as AddressInfo).port;
    mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
    admitted = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual', adminCors: [`http://localhost:${pagePort}`] });
    browser = await launchChromium({ webSecurity: true, loopbackNames: ['evil.test'] });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => pages?.close(resolve));
    await mock?.close();
    await admitted?.close();
  });

  it('a page on another origin can neither read the admin API nor change the fake', async () => {
    const before = snapshot(mock);
    const tab = await browser.newPage({ viewport: { width: 900, height: 620 } });
    await tab.goto(`http://evil.test:${pagePort}/`);
    expect(tab.url()).toBe(`http://evil.test:${pagePort}/`);
    const t = mock.trading.url;
    const w = mock.wallet.url;

    // Reading: the fake answers a simple GET, but without CORS the browser keeps the answer from the script.
    for (const [name, url] of [['trading', `${t}/__doppel/state`], ['wallet', `${w}/__doppel/state`], ['trading', `${t}/__doppel/dashboard/state`], ['trading', `${t}/__doppel/requests`]] as const) {
      expect((await fromPage(tab, `read ${name} ${url.slice(url.indexOf('/__'))}`, url)).error, url).toMatch(/Failed to fetch/);
    }
    // An interface route neither: its origin is not one of this machine.
    expect((await fromPage(tab, 'read the prices', `${t}/api/v1/prices`)).error).toMatch(/Failed to fetch/);
    // Writing as JSON needs a preflight, which gets no CORS answer: the browser never sends the POST.
    const json = { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' };
    expect((await fromPage(tab, 'reset (JSON)', `${t}/__doppel/reset`, json)).error).toMatch(/Failed to fetch/);
    expect((await fromPage(tab, 'move the clock (JSON)', `${t}/__doppel/clock`, { ...json, body: '{"advance_seconds":86400}' })).error).toMatch(/Failed to fetch/);
    expect((await fromPage(tab, 'import a state (PUT)', `${t}/__doppel/state`, { ...json, method: 'PUT' })).error).toMatch(/Failed to fetch/);
    expect((await fromPage(tab, 'drop the faults (DELETE)', `${t}/__doppel/faults`, { method: 'DELETE' })).error).toMatch(/Failed to fetch/);
    // Writing without a preflight (no-cors, a text/plain body, a form, a beacon): sent, and refused with 415.
    expect((await fromPage(tab, 'reset (no-cors)', `${t}/__doppel/reset`, { method: 'POST', mode: 'no-cors' })).type).toBe('opaque');
    expect((await fromPage(tab, 'move the clock (no-cors, text/plain)', `${t}/__doppel/clock`, { method: 'POST', mode: 'no-cors', body: '{"advance_seconds":86400}' })).type).toBe('opaque');
    expect((await fromPage(tab, 'add a fault (no-cors)', `${t}/__doppel/faults`, { method: 'POST', mode: 'no-cors', body: '{"fault":{"type":"drop"}}' })).type).toBe('opaque');
    // A form posting text/plain whose field name and value make a JSON text.
    await tab.evaluate(([url]) => (globalThis as unknown as PageApi).tryForm('move the clock (a form)', url, '{"advance_seconds":86400, "x":"', '"}'), [`${t}/__doppel/clock`] as const);
    expect(await tab.evaluate(([url]) => (globalThis as unknown as PageApi).tryBeacon('reset (sendBeacon)', url, 'reset'), [`${t}/__doppel/reset`] as const)).toBe(true);

    // What reached the fake: the simple writes, each refused with 415; the JSON writes only as preflights.
    const journal = mock.fake;
    await expect.poll(() => journal.verify({ method: 'POST', path: '/__doppel/reset', status: '415' }).count, { timeout: 5000 }).toBe(2);
    expect(journal.verify({ method: 'POST', path: '/__doppel/clock', status: '415' }).count).toBe(2);
    expect(journal.verify({ method: 'POST', path: '/__doppel/faults', status: '415' }).count).toBe(1);
    expect(journal.verify({ method: 'POST', status: '2xx' }).count).toBe(0);
    expect(journal.verify({ method: 'PUT' }).count).toBe(0);
    expect(journal.verify({ method: 'DELETE' }).count).toBe(0);
    expect(journal.verify({ method: 'OPTIONS' }).count).toBe(4);
    for (const entry of journal.requests({ method: 'OPTIONS' })) expect(entry.headers['origin']).toBe(`http://evil.test:${pagePort}`);
    // And nothing changed: state, clock, fault rules.
    expect(snapshot(mock)).toBe(before);
    expect(mock.fake.faults.list()).toEqual([]);
    await tab.evaluate(() => (globalThis as unknown as PageApi).say('doppel mock answered each request sent blind with 415 json_required; its state, clock and fault rules are unchanged.'));
    await tab.screenshot({ path: join(SHOTS, 'foreign-page.png') });
    const listed = await tab.locator('#results li').allInnerTexts();
    expect(listed).toHaveLength(14);
    expect(listed.filter((line) => line.startsWith('read '))).toEqual([]);
    await tab.close();
  });

  it('a DNS-rebinding page (Host evil.test on the mock port) gets 403 for every route, the dashboard included', async () => {
    const before = snapshot(mock);
    const tab = await browser.newPage({ viewport: { width: 900, height: 300 } });
    const rebound = `http://evil.test:${mock.trading.port}`;
    const response = await tab.goto(`${rebound}/__doppel/`, { waitUntil: 'domcontentloaded' });
    expect(response?.status()).toBe(403);
    const text = await tab.locator('pre').first().innerText();
    expect(JSON.parse(text)).toMatchObject({ success: false, code: 'host_not_allowed' });
    expect(text).toContain(`--allowed-host evil.test`);
    await tab.screenshot({ path: join(SHOTS, 'rebinding-page.png') });
    // The page now has the mock's origin in the browser's eyes: same-origin fetches, refused all the same.
    const outcomes = await tab.evaluate(async () => {
      const read = await fetch('/__doppel/state');
      const reset = await fetch('/__doppel/reset', { method: 'POST', headers: { 'content-type': 'application/json' } });
      const order = await fetch('/api/v1/account/balances', { headers: { 'API-KEY': 'demo-trade-key' } });
      return [read.status, reset.status, order.status, ((await read.json()) as { code: string }).code];
    });
    expect(outcomes).toEqual([403, 403, 403, 'host_not_allowed']);
    expect(snapshot(mock)).toBe(before);
    await tab.close();
  });

  it('a page of this machine calls the interfaces; the admin API only where --admin-cors-origin names its origin', async () => {
    const tab = await browser.newPage();
    await tab.goto(`http://localhost:${pagePort}/`);
    const t = mock.trading.url;
    const prices = await fromPage(tab, 'read the prices', `${t}/api/v1/prices`);
    expect(prices.status).toBe(200);
    expect(JSON.parse(prices.text ?? '')).toMatchObject({ success: true });
    const placed = await fromPage(tab, 'place an order', `${t}/api/v1/spot/order`, { method: 'POST', headers: { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' }, body: JSON.stringify(ORDER) });
    expect(placed.status).toBe(200);
    expect(JSON.parse(placed.text ?? '').data.status).toBe('filled');
    const wallets = await fromPage(tab, 'list wallets', `${mock.wallet.url}/api/v1/wallets`, { headers: { 'X-API-Key': 'demo-wallet-key' } });
    expect(wallets.status).toBe(200);
    // The admin API of the default mock: not for this page either.
    expect((await fromPage(tab, 'read the state', `${t}/__doppel/state`)).error).toMatch(/Failed to fetch/);

    // The mock started with --admin-cors-origin http://localhost:<port>: this page may read and reset it.
    const a = admitted.trading.url;
    expect((await fromPage(tab, 'place an order', `${a}/api/v1/spot/order`, { method: 'POST', headers: { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' }, body: JSON.stringify(ORDER) })).status).toBe(200);
    const state = await fromPage(tab, 'read the state', `${a}/__doppel/state`);
    expect(state.status).toBe(200);
    expect(JSON.parse(state.text ?? '').data.trading.orders).toHaveLength(1);
    expect((await fromPage(tab, 'reset', `${a}/__doppel/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(200);
    expect(admitted.fake.exportState().trading.orders).toHaveLength(0);
    // Another page of this machine is not named: refused.
    const other = await browser.newPage();
    await other.goto(`http://127.0.0.1:${pagePort}/`);
    expect((await fromPage(other, 'read the state', `${a}/__doppel/state`)).error).toMatch(/Failed to fetch/);
    await other.close();
    await tab.close();
  });

  it('the dashboard, same origin, reads the fake and moves its clock with the browser’s policy on', async () => {
    for (const base of [mock.trading.url, `http://localhost:${mock.trading.port}`]) {
      const tab = await browser.newPage();
      const errors: string[] = [];
      tab.on('pageerror', (error) => errors.push(error.message));
      const before = mock.fake.clock.now();
      await tab.goto(`${base}/__doppel/`);
      await tab.locator('#accounts table').waitFor();
      await tab.locator('[data-advance="3600"]').click();
      await expect.poll(() => mock.fake.clock.now()).toBe(before + 3_600_000);
      expect(errors).toEqual([]);
      await tab.close();
    }
  });
});
