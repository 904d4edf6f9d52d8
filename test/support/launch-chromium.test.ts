import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from './launch-chromium.js';

describe('launchChromium', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('renders a page and runs its script', async () => {
    const page = await browser.newPage();
    await page.setContent('<p id="out"></p><script>document.getElementById("out").textContent = String(6 * 7)</script>');
    expect(await page.textContent('#out')).toBe('42');
    expect((await page.screenshot()).byteLength).toBeGreaterThan(100);
  });
});
