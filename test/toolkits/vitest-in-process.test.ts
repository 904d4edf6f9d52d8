// doppel/vitest in process: useDoppel() gives this file a fake of its own, reset before each test;
// the journal matchers pass and fail on what the client sent, and a failure names the operation
// and shows a diff of the nearest request.
import { stripVTControlCharacters } from 'node:util';
import { setupServer } from 'msw/node';
import { describe, expect, it } from 'vitest';
import { useDoppel } from '../../toolkits/vitest.js';

const doppel = useDoppel();
const TRADE = { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };
const order = (side: string) => ({ market: 'BTC', pair: 'USDT', side, order_type: 'market', amount: '0.01' });
const place = (side: string) => doppel.fetch(`${doppel.urls.trading}/api/v1/spot/order`, { method: 'POST', headers: TRADE, body: JSON.stringify(order(side)) });

/** The message of the assertion error `assert` throws (it must throw), without the diff's colours. */
function failure(assert: () => unknown): string {
  try {
    assert();
  } catch (error) {
    return stripVTControlCharacters((error as Error).message);
  }
  throw new Error('the assertion passed');
}

describe('the matchers', () => {
  it('find a request by operationId, by method and path, with asymmetric matchers on its body', async () => {
    expect(doppel).toHaveReceivedNothing();
    expect((await place('buy')).status).toBe(200);
    expect((await place('buy')).status).toBe(200);
    expect(doppel).toHaveReceived('placeSpotOrder');
    expect(doppel).toHaveReceived('placeSpotOrder', { body: expect.objectContaining({ side: 'buy' }), status: 200 });
    expect(doppel).toHaveReceived({ method: 'POST', path: '/api/v1/spot/order' }, { body: order('buy') });
    expect(doppel).toHaveReceivedTimes('placeSpotOrder', 2);
    expect(doppel).toHaveReceivedTimes({ method: 'post', interface: 'trading' }, 2, { response: expect.objectContaining({ success: true }) });
    expect(doppel).not.toHaveReceived('placeSpotOrder', { body: expect.objectContaining({ side: 'sell' }) });
    expect(doppel).not.toHaveReceived('cancelSpotOrder');
    expect(doppel).not.toHaveReceivedNothing();
  });

  it('start each test from an empty journal', () => {
    expect(doppel).toHaveReceivedNothing();
    expect(doppel.requests()).toEqual([]);
  });

  it('leave doppel’s own admin requests out', async () => {
    await doppel.fetch(`${doppel.urls.trading}/__doppel/reset`, { method: 'POST', headers: { 'content-type': 'application/json' } });
    await doppel.clock.advance('1m');
    expect(doppel).toHaveReceivedNothing();
    expect(doppel.fake.requests().length).toBeGreaterThan(0);
  });

  it('a failing toHaveReceived names the operation and shows a diff of the nearest request', async () => {
    await doppel.fetch(`${doppel.urls.trading}/api/v1/prices`);
    await place('sell');
    const message = failure(() => expect(doppel).toHaveReceived('placeSpotOrder', { body: expect.objectContaining({ side: 'buy' }) }));
    expect(message).toContain('expect(doppel).toHaveReceived(placeSpotOrder, expected)');
    expect(message).toContain('Received: 1 placeSpotOrder request in namespace default, none with those fields');
    // Numbered from the reset before this test; the request's body and the answer each labelled.
    expect(message).toMatch(/Nearest request:\n\n#2 POST \/api\/v1\/spot\/order \(placeSpotOrder\)\n  request \{"market":"BTC","pair":"USDT","side":"sell"[^\n]*\n  answered 200\n/);
    // Only the key the objectContaining asks about is compared: the diff is that one line.
    expect(message).toMatch(/-\s+"side": "buy",\n\+\s+"side": "sell",/);
    expect(message).not.toMatch(/[-+]\s+"market"/);
    console.log(`a failing toHaveReceived prints:\n${message}`);
  });

  it('with no request of the operation, the nearest of all requests and how they differ', async () => {
    await doppel.fetch(`${doppel.urls.trading}/api/v1/spot/cancel`, { method: 'POST', headers: TRADE, body: JSON.stringify({ order_id: 999 }) });
    await doppel.fetch(`${doppel.urls.trading}/api/v1/prices`);
    const message = failure(() => expect(doppel).toHaveReceived({ method: 'POST', path: '/api/v1/spot/order' }));
    expect(message).toContain('Received: no such request among 2 in namespace default');
    // The POST to another path agrees on the method: it comes first.
    expect(message).toMatch(/Nearest requests:\n\n#1 POST \/api\/v1\/spot\/cancel \(cancelSpotOrder\)\n  request \{"order_id":999\}\n  answered 404 [a-z_]+: \S/);
    expect(message).toMatch(/-\s+"path": "\/api\/v1\/spot\/order",\n\+\s+"path": "\/api\/v1\/spot\/cancel",/);
  });

  it('labels what was sent and what was answered, with the answer\'s code and reason, numbered from clearRequests()', async () => {
    await doppel.fetch(`${doppel.urls.trading}/api/v1/prices`);
    await place('buy');
    doppel.fake.clearRequests();
    await doppel.fetch(`${doppel.urls.trading}/api/v1/spot/order`, { method: 'POST', headers: { ...TRADE, 'API-KEY': 'no-such-key' }, body: JSON.stringify(order('buy')) });
    const message = failure(() => expect(doppel).toHaveReceived('placeSpotOrder', { status: 200 }));
    expect(message).toContain([
      'Nearest request:',
      '',
      '#1 POST /api/v1/spot/order (placeSpotOrder)',
      '  request {"market":"BTC","pair":"USDT","side":"buy","order_type":"market","amount":"0.01"}',
      '  answered 401 unauthorized: invalid API key',
    ].join('\n'));
    expect(message).toMatch(/-\s+"status": 200,\n\+\s+"status": 401,/);
  });

  it('toHaveReceivedTimes lists what was received; .not lists what should not have been', async () => {
    await place('buy');
    expect(failure(() => expect(doppel).toHaveReceivedTimes('placeSpotOrder', 2))).toMatch(/Expected: 2 × placeSpotOrder request\nReceived: 1\n  #1 POST \/api\/v1\/spot\/order \(placeSpotOrder\)\n    request \{[^\n]*\}\n    answered 200$/);
    expect(failure(() => expect(doppel).not.toHaveReceived('placeSpotOrder'))).toMatch(/^expect\(doppel\)\.not\.toHaveReceived\(placeSpotOrder\)\n\nExpected: no placeSpotOrder request\nReceived: 1\n  #\d+ POST/);
    expect(failure(() => expect(doppel).toHaveReceivedNothing())).toMatch(/Expected: no request in namespace default\nReceived: 1\n  #\d+ POST/);
  });
});

describe('bad use gets a clear error', () => {
  it('an unknown operationId names the closest ones', () => {
    // @ts-expect-error: operationIds are typed from spec/generated, so the typo is a compile error too
    expect(failure(() => expect(doppel).toHaveReceived('placeSpotOrdr'))).toBe('doppel: toHaveReceived: unknown operationId "placeSpotOrdr"; the closest: placeSpotOrder, cancelSpotOrder, placeMarginOrder');
    // @ts-expect-error: as above, inside a pattern
    expect(failure(() => expect(doppel).toHaveReceivedTimes({ operationId: 'listWalets' }, 1))).toContain('unknown operationId "listWalets"; the closest: listWallets, ');
  });

  it('a pattern field that does not exist, a namespace, a field a journal entry does not have', () => {
    // @ts-expect-error: not a pattern field
    expect(failure(() => expect(doppel).toHaveReceived({ mehtod: 'POST' }))).toContain('mehtod is not a pattern field (method, path, operationId, key, interface); did you mean method?');
    // @ts-expect-error: the handle's namespace is implied
    expect(failure(() => expect(doppel).toHaveReceived({ namespace: 'other' }))).toContain('namespace is not for a matcher');
    // @ts-expect-error: not a field of a journal entry
    expect(failure(() => expect(doppel).toHaveReceived('getPrices', { bdy: {} }))).toContain('bdy is not a field of a journal entry');
    expect(failure(() => expect({}).toHaveReceived('getPrices'))).toContain('takes the object useDoppel() returned');
    expect(failure(() => expect(doppel).toHaveReceivedTimes('getPrices', -1))).toContain('times must be a non-negative integer');
  });

  it('a body of the wrong type is a compile error (bodies typed from spec/generated)', () => {
    // @ts-expect-error: duration_minutes is an integer
    expect(doppel).not.toHaveReceived('placeBinaryOrder', { body: { market: 'BTC', pair: 'USDT', direction: 'long', amount: '1', duration_minutes: '5' } });
  });
});

describe('the handle', () => {
  it('moves the virtual clock by a duration, and the next test starts from the start again', async () => {
    const start = await doppel.clock.now();
    expect(await doppel.clock.advance('1h')).toBe(start + 3_600_000);
    expect(await doppel.clock.advance('1m30s')).toBe(start + 3_690_000);
    await expect(doppel.clock.advance('an hour')).rejects.toThrow("\"an hour\" is not a duration: milliseconds (a non-negative integer) or text such as '90s'");
  });

  it('starts again from the demo data and the clock’s start', async () => {
    expect(await doppel.clock.now()).toBe(Date.UTC(2026, 0, 1));
  });

  it('injects a fault for this test only', async () => {
    await doppel.faults.add({ match: { operationId: 'placeSpotOrder' }, times: 1, fault: { type: 'status', status: 503 } });
    expect((await place('buy')).status).toBe(503);
    expect(doppel).toHaveReceived('placeSpotOrder', { status: 503, fault: expect.any(String) });
  });

  it('has no fault rule left from the test before', async () => {
    expect((await place('buy')).status).toBe(200);
    expect(doppel.fake.faults.list()).toEqual([]);
  });

  it('gives msw handlers over the same fake', async () => {
    const server = setupServer(...(await doppel.handlers()));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      const res = await fetch(`${doppel.urls.wallet}/api/v1/wallets`, { headers: { 'X-API-Key': 'demo-wallet-key' } });
      expect(res.status).toBe(200);
    } finally {
      server.close();
    }
    expect(doppel).toHaveReceived('listWallets', { status: 200, headers: expect.objectContaining({ 'x-api-key': '***' }) });
  });
});
