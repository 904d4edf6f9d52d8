// jest tests against a fake of this file's own, in process: no server, no port.
import { expect, it } from '@jest/globals';
import { useDoppel } from 'doppel/jest';

const doppel = useDoppel({ seed: 7 });
const TRADE = { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };

it('checks what the client sent, synchronously', async () => {
  const order = { market: 'BTC', pair: 'USDT', side: 'sell', order_type: 'market', amount: '0.001' };
  await doppel.fetch(`${doppel.urls.trading}/api/v1/spot/order`, { method: 'POST', headers: TRADE, body: JSON.stringify(order) });
  expect(doppel).toHaveReceivedTimes({ method: 'POST', path: '/api/v1/spot/order' }, 1, { status: 200 });
  expect(doppel).not.toHaveReceived('placeSpotOrder', { body: expect.objectContaining({ side: 'buy' }) });
});

it('moves the clock', async () => {
  const before = await doppel.clock.now();
  expect(await doppel.clock.advance('1h30m')).toBe(before + 90 * 60_000);
});
