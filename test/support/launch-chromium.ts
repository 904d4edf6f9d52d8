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

export async function launchChromium(): Promise<Browser> {
  const executablePath = await chromium.executablePath();
  return playwright.launch({ executablePath, headless: true, args: [...chromium.args, ...QUIET_FLAGS] });
}
