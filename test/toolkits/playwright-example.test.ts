// examples/playwright really runs under Playwright Test (its own runner, in a child process) with
// the Chromium that @sparticuz/chromium ships: the doppel fixture routes the page's requests to its
// test's namespace, and the page shows what the fake answered. The screenshot of the first test is
// kept for a person to look at (DOPPEL_UPDATE_SCREENSHOT=1 writes docs/images/playwright-example.png).
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runExample } from './run-example.js';

const out = mkdtempSync(join(tmpdir(), 'doppel-playwright-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

it('examples/playwright passes under Playwright Test in Chromium', async () => {
  const shot = join(out, 'bets.png');
  const run = await runExample('@playwright/test/cli.js', ['test', '--config', 'examples/playwright/playwright.config.ts'], { DOPPEL_PW_OUTPUT: join(out, 'results'), DOPPEL_PW_SCREENSHOT: shot });
  expect(run.code, run.output).toBe(0);
  expect(run.output).toMatch(/3 passed/);
  expect(run.output).toContain('a bet is placed with what the user chose');
  expect(run.output).toContain('the bet settles when five minutes have passed on the clock');
  expect(run.output).toContain('an exchange outage is shown to the user, and nothing is placed');
  expect(statSync(shot).size).toBeGreaterThan(10_000);
  if (process.env['DOPPEL_UPDATE_SCREENSHOT'] === '1') copyFileSync(shot, join(process.cwd(), 'docs', 'images', 'playwright-example.png'));
}, 200_000);
