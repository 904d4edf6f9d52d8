// Worker test a: places 3 orders in its own namespace and sees exactly those.
import { expect, it } from 'vitest';
import { useDoppel } from 'doppel/vitest';

const doppel = useDoppel({ shared: true });
const TRADE = { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };
const ORDER = JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.01' });

it('sees only the orders and the journal of its own namespace', async () => {
  const orders = async () => ((await (await doppel.fetch(`${doppel.urls.trading}/api/v1/account/orders?limit=100`, { headers: TRADE })).json()) as { data: unknown[] }).data.length;
  const before = await orders();
  for (let i = 0; i < 3; i++) {
    expect((await doppel.fetch(`${doppel.urls.trading}/api/v1/spot/order`, { method: 'POST', headers: TRADE, body: ORDER })).status).toBe(200);
    // Give the other worker time to interleave its orders with these.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await orders()).toBe(before + 3);
  await expect(doppel).toHaveReceivedTimes('placeSpotOrder', 3, { body: expect.objectContaining({ side: 'buy' }), status: 200 });
  console.log(`doppel-example ${doppel.namespace} placed 3`);
});
