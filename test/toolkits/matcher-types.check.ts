// Compile-time checks of the matchers' types in jest and Playwright (tsc runs this file in
// `npm test`; nothing runs it: the runners' `expect` exists only inside them). vitest's are checked
// by the @ts-expect-error lines of vitest-in-process.test.ts.
import { expect as jestExpect } from '@jest/globals';
import type { InProcessDoppel, SharedDoppel } from '../../toolkits/jest.js';
import { expect as playwrightExpect } from '../../toolkits/playwright.js';

export function jestTypes(local: InProcessDoppel, shared: SharedDoppel): Promise<void> {
  jestExpect(local).toHaveReceived('placeSpotOrder', { body: jestExpect.objectContaining({ side: 'buy' }) });
  jestExpect(local).toHaveReceivedTimes({ method: 'POST', path: '/api/v1/spot/order' }, 2);
  // @ts-expect-error: an unknown operationId
  jestExpect(local).toHaveReceived('placeSpotOrdr');
  // @ts-expect-error: side is buy or sell
  jestExpect(local).toHaveReceived('placeSpotOrder', { body: { market: 'BTC', pair: 'USDT', side: 'up', order_type: 'market', amount: '1' } });
  // A shared mock's journal is read over HTTP: a promise, to await.
  return jestExpect(shared).toHaveReceivedNothing();
}

export async function playwrightTypes(shared: SharedDoppel): Promise<void> {
  await playwrightExpect(shared).toHaveReceived('placeBinaryOrder', { body: playwrightExpect.objectContaining({ direction: 'long' }), status: 200 });
  await playwrightExpect(shared).toHaveReceivedTimes('getPrices', 1);
  // @ts-expect-error: an unknown operationId
  await playwrightExpect(shared).toHaveReceived('placeBinaryOrdr');
  // @ts-expect-error: duration_minutes is one of the allowed integers
  await playwrightExpect(shared).toHaveReceived('placeBinaryOrder', { body: { market: 'BTC', pair: 'USDT', direction: 'long', amount: '1', duration_minutes: 7 } });
}

export async function playwrightNegatedMatchers(shared: SharedDoppel): Promise<void> {
  await playwrightExpect(shared).toHaveReceived('placeSpotOrder', { body: playwrightExpect.not.objectContaining({ side: 'sell' }) });
}
