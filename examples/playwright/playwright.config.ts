// Playwright with doppel/playwright: each test gets its own namespace on a doppel mock (one per
// worker) and the page's requests to https://api.trading.example.test are answered from it.
// Run: npx playwright test --config examples/playwright/playwright.config.ts
import chromium from '@sparticuz/chromium';
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: '.',
  testMatch: '*.spec.ts',
  workers: 2,
  fullyParallel: true,
  reporter: 'list',
  outputDir: process.env['DOPPEL_PW_OUTPUT'] ?? 'test-results',
  use: {
    // This repository's tests run the Chromium that @sparticuz/chromium ships in its npm package
    // (no browser download); in a project, drop launchOptions and use `npx playwright install`'s.
    launchOptions: {
      executablePath: await chromium.executablePath(),
      // Without --single-process (made for serverless functions): a browser of one process does not
      // survive the close of a test's context, and Playwright opens one per test.
      args: [...chromium.args.filter((arg) => arg !== '--single-process'), '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
  },
});
