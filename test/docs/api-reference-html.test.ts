// The HTML API reference (scripts/build-docs-html.mjs, built into dist/docs/api.html at pack time)
// opened as a person would: in headless Chromium, from a file, with every network request refused.
// It must render every operation, its in-page links must land, and it must need nothing from the
// network. DOPPEL_UPDATE_SCREENSHOT=1 also saves the screenshot as docs/images/api-reference.png.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { apiReferenceFile } from '../../mock/api-reference-file.js';
import { renderApiReferenceHtml } from '../../scripts/build-docs-html.mjs';
import { INTERFACES, operations } from '../../spec/index.js';
import { launchChromium } from '../support/launch-chromium.js';

/** What the page-side callbacks use of the browser's globals (the test compiles without the DOM lib). */
interface PageGlobals {
  document: { getElementById(id: string): unknown };
  scrollTo(x: number, y: number): void;
}

describe('dist/docs/api.html', () => {
  it('is where apiReferenceFile() says, as the build renders it', () => {
    execFileSync(process.execPath, [fileURLToPath(new URL('../../scripts/ensure-built.mjs', import.meta.url))], { stdio: 'pipe' });
    const file = apiReferenceFile();
    expect(file).not.toBeNull();
    expect(readFileSync(file!, 'utf8')).toBe(renderApiReferenceHtml());
  }, 120_000);
});

describe('API reference page in Chromium', () => {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-docs-'));
  const file = join(dir, 'api.html');
  const outside: string[] = [];
  const consoleErrors: string[] = [];
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    writeFileSync(file, renderApiReferenceHtml());
    browser = await launchChromium();
    page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await page.route('**/*', (route) => {
      const url = route.request().url();
      if (url.startsWith('file:')) return route.continue();
      outside.push(url);
      return route.abort();
    });
    await page.goto(pathToFileURL(file).href, { waitUntil: 'load' });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads offline: no request leaves the file, no console error', () => {
    expect(outside).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });

  it('shows a heading and a curl example for every operation', async () => {
    const ids = await page.$$eval('h3[id]', (hs) => hs.map((h) => h.id));
    const examples = await page.$$eval('pre code', (cs) => cs.filter((c) => c.textContent?.startsWith('curl ')).length);
    let count = 0;
    for (const iface of INTERFACES) {
      for (const op of operations(iface)) {
        expect(ids, op.operationId).toContain(op.operationId.toLowerCase());
        count++;
      }
    }
    expect(examples).toBe(count);
  });

  it('every in-page link has a target', async () => {
    const broken = await page.$$eval('a[href^="#"]', (links) =>
      links.map((a) => decodeURIComponent(a.getAttribute('href')!.slice(1))).filter((id) => !(globalThis as unknown as PageGlobals).document.getElementById(id)),
    );
    const total = await page.$$eval('a[href^="#"]', (links) => links.length);
    expect(total).toBeGreaterThan(100);
    expect(broken).toEqual([]);
  });

  it('the sidebar takes the reader to an operation', async () => {
    await page.click('nav a[href="#sendfromwallet"]');
    const top = await page.$eval('#sendfromwallet', (h) => h.getBoundingClientRect().top);
    expect(top).toBeGreaterThanOrEqual(-1);
    expect(top).toBeLessThan(100);
    await page.evaluate(() => (globalThis as unknown as PageGlobals).scrollTo(0, 0));
  });

  it('renders as a page (screenshot)', async () => {
    const shot = await page.screenshot({ path: join(dir, 'api-reference.png') });
    expect(shot.byteLength).toBeGreaterThan(20_000);
    if (process.env.DOPPEL_UPDATE_SCREENSHOT === '1') {
      writeFileSync(new URL('../../docs/images/api-reference.png', import.meta.url), shot);
    }
    // The body text is laid out beside the sidebar, not under it.
    const main = await page.$eval('main', (m) => m.getBoundingClientRect().left);
    const nav = await page.$eval('nav', (n) => n.getBoundingClientRect().right);
    expect(main).toBeGreaterThanOrEqual(nav);
  });
});

describe('GET /__doppel/docs on doppel mock', () => {
  it('serves the built page on both ports, offline, behind the admin token', async () => {
    const { startMock } = await import('../../mock/index.js');
    const running = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, adminToken: 'secret' });
    try {
      for (const url of [running.trading.url, running.wallet.url]) {
        expect((await fetch(`${url}/__doppel/docs`)).status).toBe(401);
        const res = await fetch(`${url}/__doppel/docs`, { headers: { authorization: 'Bearer secret' } });
        expect(res.status).toBe(200);
        expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
        const html = await res.text();
        expect(html).toContain('placeSpotOrder');
        expect(html).not.toMatch(/<script[^>]+src=|https?:\/\/(?!127\.0\.0\.1|localhost)[a-z0-9.-]+\/[^"]*\.(js|css|woff2?)/i);
      }
    } finally {
      await running.close();
    }
  });
});
