// jest tests against this worker's namespace on the shared doppel mock.
import { expect, it } from '@jest/globals';
import { useDoppel } from 'doppel/jest';

const doppel = useDoppel({ shared: true });
const TRADE = { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };

it('places a buy order', async () => {
  const order = { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.01' };
  const res = await doppel.fetch(`${doppel.urls.trading}/api/v1/spot/order`, { method: 'POST', headers: TRADE, body: JSON.stringify(order) });
  expect(res.status).toBe(200);
  await expect(doppel).toHaveReceived('placeSpotOrder', { body: expect.objectContaining({ side: 'buy' }) });
});

it('starts each test afresh', async () => {
  await expect(doppel).toHaveReceivedNothing();
});
