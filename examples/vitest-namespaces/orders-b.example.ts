// Worker test b: places 5 orders in its own namespace and sees exactly those.
import { expect, it } from 'vitest';
import { namespace, nsFetch, urls } from './doppel-namespace.js';

const TRADE = { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };
const ORDER = JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.01' });

it('sees only the orders and balance of its own namespace', async () => {
  const count = async () => ((await (await nsFetch(`${urls.trading}/api/v1/account/orders?limit=100`, { headers: TRADE })).json()) as { data: unknown[] }).data.length;
  const before = await count();
  for (let i = 0; i < 5; i++) {
    expect((await nsFetch(`${urls.trading}/api/v1/spot/order`, { method: 'POST', headers: TRADE, body: ORDER })).status).toBe(200);
    // Give the other worker time to interleave its orders with these.
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(await count()).toBe(before + 5);
  const seen = await (await nsFetch(`${urls.trading}/__doppel/requests/verify?operationId=placeSpotOrder`)).json() as { data: { count: number; last: { namespace: string } } };
  expect(seen.data.count).toBe(5);
  expect(seen.data.last.namespace).toBe(namespace);
  console.log(`doppel-example ${namespace} placed 5`);
});
