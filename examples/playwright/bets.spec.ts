// The page under test calls the trading interface at https://api.trading.example.test; the doppel
// fixture answers those requests from this test's own namespace, so tests run in parallel against
// one mock per worker without seeing each other's bets, clock or journal.
import { fileURLToPath } from 'node:url';
import { expect, test } from 'doppel/playwright';

test.use({ doppelRoutes: { trading: 'https://api.trading.example.test' } });

// The page itself: served from this folder (a real project points baseURL at its dev server).
test.beforeEach(async ({ page }) => {
  await page.route('https://app.example.test/**', (route) => route.fulfill({ path: fileURLToPath(new URL(`app${new URL(route.request().url()).pathname.replace(/\/$/, '/index.html')}`, import.meta.url)) }));
  await page.goto('https://app.example.test/');
  await expect(page.locator('#usdt')).toHaveText('10000.00000000');
});

test('a bet is placed with what the user chose', async ({ page, doppel }) => {
  await page.getByRole('button', { name: 'Bet 10 USDT: up' }).click();
  await expect(page.locator('#bets td')).toHaveText([/\d+/, 'up 10 USDT', 'open', '—', '—']);
  await expect(page.locator('#usdt')).toHaveText('9990.00000000');
  await expect(doppel).toHaveReceived('placeBinaryOrder', { body: { market: 'BTC', pair: 'USDT', direction: 'long', amount: '10', duration_minutes: 5 }, status: 200 });
  await expect(doppel).toHaveReceivedTimes({ method: 'POST' }, 1);
  const shot = process.env['DOPPEL_PW_SCREENSHOT'];
  if (shot !== undefined) await page.screenshot({ path: shot, fullPage: true });
});

test('the bet settles when five minutes have passed on the clock', async ({ page, doppel }) => {
  await page.getByRole('button', { name: 'Bet 10 USDT: down' }).click();
  await expect(page.locator('#bets td')).toHaveText([/\d+/, 'down 10 USDT', 'open', '—', '—']);
  await doppel.clock.advance('5m');
  await page.getByRole('button', { name: 'Refresh' }).click();
  await expect(page.locator('#bets td')).toHaveText([/\d+/, 'down 10 USDT', 'settled', /^(won|lost|draw)$/, /^-?\d+\.\d{8}$/]);
});

test('an exchange outage is shown to the user, and nothing is placed', async ({ page, doppel }) => {
  await doppel.faults.add({ match: { operationId: 'placeBinaryOrder' }, fault: { type: 'status', status: 503, error: 'maintenance' } });
  await page.getByRole('button', { name: 'Bet 10 USDT: up' }).click();
  await expect(page.getByRole('alert')).toHaveText('The exchange answered 503: maintenance');
  await expect(page.locator('#bets tr')).toHaveCount(0);
  await expect(doppel).toHaveReceived('placeBinaryOrder', { status: 503 });
  await expect(doppel).not.toHaveReceived('placeBinaryOrder', { status: 200 });
});
