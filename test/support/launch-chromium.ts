// launchChromium: a headless Chromium for the tests that look at pages (HTML report, dashboard,
// API reference). The browser comes from what `npm ci` installs (@sparticuz/chromium ships it
// inside its npm package), so a fresh machine needs no download and no test is skipped.
// @sparticuz/chromium's engines field says Node 22+, but it runs on Node 20.19 too (the matrix tests it).
import chromium from '@sparticuz/chromium';
import { chromium as playwright, type Browser } from 'playwright-core';

/**
 * The flags keep Chromium off the network: on a machine with a closed network its background
 * services (component updates, sync, first-run fetches) otherwise open many refused connections.
 */
const QUIET_FLAGS = ['--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

export interface LaunchOptions {
  /**
   * Keep the browser's same-origin policy: @sparticuz/chromium's default flags include
   * --disable-web-security, under which Chromium sends no CORS preflight and lets every page read
   * every answer. Tests of CORS and of what a foreign page can do need it on (and get one renderer
   * process per page).
   */
  webSecurity?: boolean;
  /**
   * Host names Chromium resolves to 127.0.0.1 without DNS (`--host-resolver-rules`), so that a page
   * can have a foreign origin (`http://evil.test:<port>`) while its server listens on loopback.
   */
  loopbackNames?: readonly string[];
}

export async function launchChromium(options: LaunchOptions = {}): Promise<Browser> {
  const executablePath = await chromium.executablePath();
  // Pages of several origins, opened and closed in turn: --single-process (made for one page in a
  // Lambda) takes the whole browser down when such a page closes; one renderer per page instead.
  const dropped = options.webSecurity === true ? ['--disable-web-security', '--allow-running-insecure-content', '--single-process'] : [];
  const base = chromium.args.filter((a) => !dropped.includes(a));
  const names = options.loopbackNames ?? [];
  const rules = names.length > 0 ? [`--host-resolver-rules=${names.map((name) => `MAP ${name} 127.0.0.1`).join(', ')}`] : [];
  return playwright.launch({ executablePath, headless: true, args: [...base, ...QUIET_FLAGS, ...rules] });
}
