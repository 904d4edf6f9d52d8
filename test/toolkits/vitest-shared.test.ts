// doppel/vitest shared: useDoppel({ shared: true }) is this worker's namespace on one doppel mock;
// its matchers read the journal over HTTP (awaited), its clock, faults and resets touch only its
// namespace, and what the server refuses is one clear line.
import { once } from 'node:events';
import { createServer } from 'node:http';
import { stripVTControlCharacters } from 'node:util';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { sharedDoppel } from '../../toolkits/shared-doppel.js';
import { useDoppel } from '../../toolkits/vitest.js';

// Three namespaces at most: the default one, this worker's and `neighbour`.
const mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual', maxNamespaces: 3 });
afterAll(() => mock.close());
const urls = { trading: mock.trading.url, wallet: mock.wallet.url };
const doppel = useDoppel({ shared: true, urls });
const neighbour = sharedDoppel({ urls, namespace: 'neighbour' });
const TRADE = { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };
const body = (side: string) => JSON.stringify({ market: 'BTC', pair: 'USDT', side, order_type: 'market', amount: '0.01' });

describe('a namespace of a shared doppel mock', () => {
  it('sees the requests of its own namespace only', async () => {
    expect(doppel.namespace).toMatch(/^vitest-\d+$/);
    await neighbour.reset();
    await neighbour.fetch(`${urls.trading}/api/v1/spot/order`, { method: 'POST', headers: TRADE, body: body('sell') });
    await expect(doppel).toHaveReceivedNothing();
    await doppel.fetch(`${urls.trading}/api/v1/spot/order`, { method: 'POST', headers: TRADE, body: body('buy') });
    await expect(doppel).toHaveReceived('placeSpotOrder', { body: expect.objectContaining({ side: 'buy' }), headers: expect.objectContaining({ 'x-doppel-namespace': doppel.namespace }) });
    await expect(doppel).toHaveReceivedTimes({ method: 'POST', path: '/api/v1/spot/order' }, 1);
    await expect(doppel).not.toHaveReceived('placeSpotOrder', { body: expect.objectContaining({ side: 'sell' }) });
    await expect(neighbour).toHaveReceivedTimes('placeSpotOrder', 1, { body: expect.objectContaining({ side: 'sell' }) });
    expect((await doppel.requests()).map((e) => e.namespace)).toEqual([doppel.namespace]);
  });

  it('is reset before each test: state, journal and fault rules', async () => {
    await expect(doppel).toHaveReceivedNothing();
    const orders = await doppel.fetch(`${urls.trading}/api/v1/account/orders?limit=100`, { headers: TRADE });
    expect(((await orders.json()) as { data: unknown[] }).data).toEqual([]);
  });

  it('fails with the operation and a diff of the nearest request', async () => {
    await doppel.fetch(`${urls.trading}/api/v1/spot/order`, { method: 'POST', headers: TRADE, body: body('sell') });
    const error = await expect(doppel).toHaveReceived('placeSpotOrder', { body: expect.objectContaining({ side: 'buy' }) }).then(() => undefined, (e: Error) => e);
    const message = stripVTControlCharacters(error?.message ?? '');
    expect(message).toContain(`Received: 1 placeSpotOrder request in namespace ${doppel.namespace}, none with those fields`);
    expect(message).toMatch(/-\s+"side": "buy",\n\+\s+"side": "sell",/);
  });

  it('moves its own clock only, in whole seconds', async () => {
    const start = await doppel.clock.now();
    expect(await doppel.clock.advance('1h')).toBe(start + 3_600_000);
    expect(await neighbour.clock.now()).toBe(start);
    expect(mock.fake.clock.now()).toBe(start);
    await expect(doppel.clock.advance(1500)).rejects.toThrow("a shared doppel mock's clock moves in whole seconds (POST /__doppel/clock), not 1500 ms");
  });

  it('injects faults into its own namespace only', async () => {
    const rule = await doppel.faults.add({ match: { operationId: 'getPrices' }, fault: { type: 'status', status: 503 } });
    expect(rule.match.namespace).toBe(doppel.namespace);
    expect((await doppel.fetch(`${urls.trading}/api/v1/prices`)).status).toBe(503);
    expect((await neighbour.fetch(`${urls.trading}/api/v1/prices`)).status).toBe(200);
    await expect(doppel).toHaveReceived('getPrices', { status: 503, fault: rule.id });
  });

  it('cannot pick requests by key over HTTP (keys are masked there), and says so', async () => {
    await expect(doppel.requests({ key: 'demo-trade-key' })).rejects.toThrow('the journal over HTTP cannot pick requests by key');
  });
});

describe('bad use gets a clear error', () => {
  it('a namespace the server refuses is one line', async () => {
    const refused = sharedDoppel({ urls, namespace: 'one-too-many' });
    const error = await refused.reset().then(() => undefined, (e: Error) => e);
    expect(error?.message).toBe('doppel: the doppel mock refused namespace one-too-many (409): namespace limit reached (3): DELETE /__doppel/namespaces/{name} one that is no longer used, or start doppel mock with a larger --max-namespaces');
  });

  it('no doppel mock at the URLs', async () => {
    // A port that was free a moment ago: nothing listens there.
    const server = createServer().listen(0, '127.0.0.1');
    await once(server, 'listening');
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    await new Promise((resolve) => server.close(resolve));
    const nowhere = sharedDoppel({ urls: { trading: url, wallet: url }, namespace: 'x' });
    await expect(nowhere.reset()).rejects.toThrow(`doppel: no doppel mock answers at ${url} (ECONNREFUSED); is it running?`);
  });

  it('shared mode without the global setup says what to add to vitest.config', () => {
    // This run's vitest.config has no doppel global setup: nothing was provided.
    expect(() => useDoppel({ shared: true })).toThrow("Add it to vitest.config.ts: test: { globalSetup: ['doppel/vitest/global-setup'] }");
  });

  it('in-process options given to shared mode', () => {
    expect(() => useDoppel({ shared: true, urls, seed: 2 } as never)).toThrow('doppel: seed configure an in-process fake; a shared doppel mock takes them where it starts');
  });
});
