// doppel/browser: the fake in a web page. The same createFake, pipeline and domain as in Node (no
// second implementation); msw's service worker (setupWorker from msw/browser) hands every request
// to a base URL of the fake to the same handlers createHandlers uses in Node.
import { setupWorker, type SetupWorker, type StartOptions } from 'msw/browser';
import type { RequestHandler } from 'msw';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { provideAjv, type AjvModules } from '../spec/ajv-modules.js';
import { DASHBOARD_HTML } from './admin/dashboard-page.js';
import { createFake, DEFAULT_BASE_URLS, type Fake, type FakeOptions } from './create-fake.js';
import { createMswHandlers } from './msw/create-msw-handlers.js';

// A page cannot require ajv lazily as Node does: the bundle carries it and hands it to spec/.
// ajv-formats is CommonJS: its default import is the function in a bundle, the module object under NodeNext.
provideAjv({ Ajv2020, addFormats: ((addFormatsPlugin as unknown as { default?: unknown }).default ?? addFormatsPlugin) as AjvModules['addFormats'] });

export { createFake, DEFAULT_BASE_URLS };
export { setupWorker };
export type { Fake, FakeOptions };

export interface WorkerUrls {
  /** Base URL the app uses for the trading interface (default http://trading.doppel.test); a path such as `/trading` mounts it on the page's origin. */
  trading?: string;
  wallet?: string;
}

/** msw request handlers for `setupWorker`: both interfaces of the fake, each under its base URL. */
export function createWorkerHandlers(fake: Fake, urls: WorkerUrls = {}): RequestHandler[] {
  return [
    ...createMswHandlers(fake.trading, absolute(urls.trading ?? DEFAULT_BASE_URLS.trading)),
    ...createMswHandlers(fake.wallet, absolute(urls.wallet ?? DEFAULT_BASE_URLS.wallet)),
  ];
}

export interface StartFakeWorkerOptions extends WorkerUrls {
  /** Where the page serves msw's mockServiceWorker.js (`npx msw init <dir>` copies it). Default `/mockServiceWorker.js`. */
  workerUrl?: string;
  /** Passed to worker.start(); by default requests the fake does not serve go to the network silently. */
  start?: StartOptions;
}

/**
 * Registers msw's service worker with the fake's handlers and resolves once it answers: from then
 * on the page's fetch calls to the base URLs are answered by the fake, in the page.
 */
export async function startFakeWorker(fake: Fake, options: StartFakeWorkerOptions = {}): Promise<SetupWorker> {
  const worker = setupWorker(...createWorkerHandlers(fake, options));
  await worker.start({
    serviceWorker: { url: options.workerUrl ?? '/mockServiceWorker.js' },
    onUnhandledRequest: 'bypass',
    quiet: true,
    ...options.start,
  });
  return worker;
}

/**
 * The dashboard page (GET /__doppel/ of doppel mock) for a fake behind the worker: a page cannot
 * navigate to the fake's origin, so show this text in an iframe (`iframe.srcdoc = dashboardHtml()`);
 * a srcdoc frame is controlled by the page's service worker, so its requests reach the fake.
 */
export function dashboardHtml(baseUrl: string = DEFAULT_BASE_URLS.trading): string {
  const base = `${absolute(baseUrl).replace(/\/+$/, '')}/__doppel/`;
  const setting = `<script>window.DOPPEL_DASHBOARD_BASE = ${JSON.stringify(base).replace(/</g, '\\u003c')};</script>\n`;
  return DASHBOARD_HTML.replace('<script>', `${setting}<script>`);
}

/** A relative base URL (`/trading`) is taken on the page's origin; msw needs it absolute to strip the mount. */
function absolute(base: string): string {
  return /^[a-z][a-z0-9+.-]*:/i.test(base) ? base : new URL(base, (globalThis as { location?: { href: string } }).location?.href ?? 'http://localhost/').href;
}
