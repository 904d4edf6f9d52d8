// Fault injection: each fault kind over HTTP, through fake.fetch and through msw; a
// faulted request changes no state; rules fire the given number of times, list their fire counts
// and can be removed; a rule can be scoped to a namespace; fault answers carry the virtual clock's
// Date; a stop lets a delayed answer go out.
import { setupServer } from 'msw/node';
import { EventEmitter } from 'node:events';
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFake, createHandlers, startMock, type FaultRule, type RunningMock } from '../../mock/index.js';
import { stopOnSignal } from '../../bin/commands/mock.js';

const T = 'http://trading.doppel.test';
const W = 'http://wallet.doppel.test';
const ORDER = JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' });
const JSON_TRADE = { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };

const state = (fake: { exportState(): unknown }): string => JSON.stringify(fake.exportState());

describe('in process (fake.fetch)', () => {
  it('a status fault answers the envelope instead of the fake, changes nothing, and fires only `times` times', async () => {
    const fake = createFake();
    const rule = fake.faults.add({ match: { operationId: 'placeSpotOrder' }, times: 1, fault: { type: 'status', status: 503 } });
    const before = state(fake);
    const faulted = await fake.fetch(`${T}/api/v1/spot/order`, { method: 'POST', headers: JSON_TRADE, body: ORDER });
    expect(faulted.status).toBe(503);
    expect(await faulted.json()).toEqual({ success: false, error: `injected fault ${rule.id}: 503`, code: 'injected_fault' });
    expect(state(fake)).toBe(before);
    // Used up: the next order is the fake's.
    expect((await fake.fetch(`${T}/api/v1/spot/order`, { method: 'POST', headers: JSON_TRADE, body: ORDER })).status).toBe(200);
    expect(state(fake)).not.toBe(before);
    expect(fake.faults.list()).toEqual([expect.objectContaining({ id: rule.id, fired: 1, active: false, times: 1 })]);
    // The journal shows which rule answered.
    expect(fake.requests({ operationId: 'placeSpotOrder' }).map((e) => [e.status, e.fault])).toEqual([[200, null], [503, rule.id]]);
  });

  it('a 429 with Retry-After for one key only; a path template; removal', async () => {
    const fake = createFake();
    const rule = fake.faults.add({ match: { path: '/api/v1/wallets/{id}/balance', key: 'demo-wallet-key' }, fault: { type: 'rate_limit', retry_after: 7 } });
    const before = state(fake);
    for (let i = 0; i < 3; i++) {
      const res = await fake.fetch(`${W}/api/v1/wallets/1/balance`, { headers: { 'X-API-Key': 'demo-wallet-key' } });
      expect(res.status).toBe(429);
      expect(res.headers.get('retry-after')).toBe('7');
      expect(await res.json()).toMatchObject({ success: false, code: 'rate_limited' });
    }
    expect(state(fake)).toBe(before);
    // Another key, another route: untouched.
    expect((await fake.fetch(`${W}/api/v1/wallets/1/balance`, { headers: { 'X-API-Key': 'nope' } })).status).toBe(401);
    expect((await fake.fetch(`${W}/api/v1/wallets`, { headers: { 'X-API-Key': 'demo-wallet-key' } })).status).toBe(200);
    expect(fake.faults.list()[0]).toMatchObject({ fired: 3, active: true, times: null });
    expect(fake.faults.remove(rule.id)).toBe(true);
    expect((await fake.fetch(`${W}/api/v1/wallets/1/balance`, { headers: { 'X-API-Key': 'demo-wallet-key' } })).status).not.toBe(429);
  });

  it('delay sends the real answer late; no_answer and drop reject like a network error and change nothing', async () => {
    const fake = createFake();
    fake.faults.add({ match: { operationId: 'getPrices' }, times: 1, fault: { type: 'delay', ms: 150 } });
    const started = performance.now();
    const late = await fake.fetch(`${T}/api/v1/prices`);
    expect(performance.now() - started).toBeGreaterThanOrEqual(140);
    expect(late.status).toBe(200);
    expect(await late.json()).toMatchObject({ success: true });

    fake.faults.add({ match: { operationId: 'placeSpotOrder' }, times: 1, fault: { type: 'no_answer', ms: 50 } });
    fake.faults.add({ match: { operationId: 'placeSpotOrder' }, times: 1, fault: { type: 'drop' } });
    const before = state(fake);
    await expect(fake.fetch(`${T}/api/v1/spot/order`, { method: 'POST', headers: JSON_TRADE, body: ORDER })).rejects.toThrow(TypeError);
    await expect(fake.fetch(`${T}/api/v1/spot/order`, { method: 'POST', headers: JSON_TRADE, body: ORDER })).rejects.toThrow(/connection was dropped/);
    expect(state(fake)).toBe(before);
    expect(fake.requests({ operationId: 'placeSpotOrder' }).map((e) => e.status)).toEqual([0, 0]);
  });

  it('refuses an invalid rule, naming each problem', () => {
    const fake = createFake();
    expect(() => fake.faults.add({ match: { colour: 'red' } as never, times: 0, fault: { type: 'status', status: 200 } })).toThrow(/match.colour is not a pattern field.*times must be.*fault.status must be/);
    expect(() => fake.faults.add({ fault: { type: 'explode' } as never })).toThrow(/fault.type must be/);
    expect(fake.faults.list()).toEqual([]);
  });
});

describe('through msw', () => {
  const fake = createFake();
  const server = setupServer();
  beforeAll(async () => {
    server.use(...(await createHandlers(fake)));
    server.listen({ onUnhandledRequest: 'error' });
  });
  afterAll(() => server.close());

  it('a dropped connection rejects the client fetch; a status fault answers', async () => {
    fake.faults.add({ match: { operationId: 'getMarkets' }, times: 1, fault: { type: 'drop' } });
    await expect(fetch(`${T}/api/v1/markets`)).rejects.toThrow(TypeError);
    fake.faults.add({ match: { operationId: 'getMarkets' }, times: 1, fault: { type: 'status', status: 502, error: 'bad gateway' } });
    const res = await fetch(`${T}/api/v1/markets`);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ error: 'bad gateway', code: 'injected_fault' });
    expect((await fetch(`${T}/api/v1/markets`)).status).toBe(200);
  });
});

/** A raw request: resolves with the status, or rejects with the socket error. */
function raw(url: string, method = 'GET'): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method, agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('over HTTP (/__doppel/faults)', () => {
  let mock: RunningMock;
  beforeAll(async () => {
    mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
  });
  afterAll(() => mock.close());

  const admin = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> => {
    const res = await fetch(`${mock.trading.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
    return { status: res.status, json: await res.json() };
  };

  it('adds, lists with fire counts and removes rules; each kind on the wire; nothing changes', async () => {
    const before = state(mock.fake);
    const added = await admin('POST', '/__doppel/faults', { match: { method: 'POST', path: '/api/v1/spot/order' }, times: 2, fault: { type: 'status', status: 500 } });
    expect(added.status).toBe(200);
    const id = (added.json.data as FaultRule).id;
    const order = () => fetch(`${mock.trading.url}/api/v1/spot/order`, { method: 'POST', headers: JSON_TRADE, body: ORDER });
    expect((await order()).status).toBe(500);
    expect((await order()).status).toBe(500);
    const listed = await admin('GET', '/__doppel/faults');
    expect(listed.json.data.faults).toEqual([expect.objectContaining({ id, fired: 2, active: false })]);
    expect(state(mock.fake)).toBe(before);

    await admin('POST', '/__doppel/faults', { match: { operationId: 'getPrices' }, times: 1, fault: { type: 'drop' } });
    await expect(raw(`${mock.trading.url}/api/v1/prices`)).rejects.toThrow(/socket hang up|ECONNRESET/);
    await admin('POST', '/__doppel/faults', { match: { operationId: 'getPrices' }, times: 1, fault: { type: 'no_answer', ms: 100 } });
    const started = performance.now();
    await expect(raw(`${mock.trading.url}/api/v1/prices`)).rejects.toThrow(/socket hang up|ECONNRESET/);
    expect(performance.now() - started).toBeGreaterThanOrEqual(90);
    await admin('POST', '/__doppel/faults', { match: { operationId: 'getPrices' }, times: 1, fault: { type: 'delay', ms: 100 } });
    expect(await raw(`${mock.trading.url}/api/v1/prices`)).toBe(200);
    await admin('POST', '/__doppel/faults', { match: { operationId: 'getWalletBalance' }, fault: { type: 'rate_limit', retry_after: 3 } });
    const limited = await fetch(`${mock.wallet.url}/api/v1/wallets/1/balance`, { headers: { 'X-API-Key': 'demo-wallet-key' } });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('3');
    expect(state(mock.fake)).toBe(before);

    const bad = await admin('POST', '/__doppel/faults', { fault: { type: 'delay', ms: -1 } });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/invalid fault rule: fault.ms must be/);
    expect((await admin('DELETE', '/__doppel/faults/f999')).status).toBe(404);
    expect((await admin('DELETE', `/__doppel/faults/${id}`)).json.data).toEqual({ removed: 1 });
    expect((await admin('DELETE', '/__doppel/faults')).json.data).toEqual({ removed: 4 });
    expect(mock.fake.faults.list()).toEqual([]);
  });

  it('a rule added with X-Doppel-Namespace applies to that namespace only', async () => {
    await admin('POST', '/__doppel/faults', { fault: { type: 'status', status: 503 } }, { 'x-doppel-namespace': 'worker-1' });
    expect((await fetch(`${mock.trading.url}/api/v1/markets`, { headers: { 'x-doppel-namespace': 'worker-1' } })).status).toBe(503);
    expect((await fetch(`${mock.trading.url}/api/v1/markets`, { headers: { 'x-doppel-namespace': 'worker-2' } })).status).toBe(200);
    expect((await fetch(`${mock.trading.url}/api/v1/markets`)).status).toBe(200);
    // The admin routes of that namespace see its rules; a namespace-wide 503 does not lock its own admin out.
    expect((await admin('GET', '/__doppel/faults', undefined, { 'x-doppel-namespace': 'worker-2' })).json.data.faults).toEqual([]);
    expect((await admin('DELETE', '/__doppel/faults', undefined, { 'x-doppel-namespace': 'worker-1' })).json.data).toEqual({ removed: 1 });
  });
});

describe('fault answers and a stop', () => {
  it('a status and a rate_limit fault answer with the virtual clock\'s Date, as the fake\'s own answers do', async () => {
    const mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
    try {
      mock.fake.advance(3_600_000);
      const virtual = new Date(mock.fake.clock.now()).toUTCString();
      mock.fake.faults.add({ match: { operationId: 'getPrices' }, times: 1, fault: { type: 'status', status: 503 } });
      mock.fake.faults.add({ match: { operationId: 'getPrices' }, times: 1, fault: { type: 'rate_limit', retry_after: 2 } });
      for (const status of [503, 429, 200]) {
        const res = await fetch(`${mock.trading.url}/api/v1/prices`);
        expect(res.status).toBe(status);
        expect(res.headers.get('date')).toBe(virtual);
      }
    } finally {
      await mock.close();
    }
  });

  it('SIGINT lets a request held by a delay fault finish with its answer', async () => {
    const mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
    const signals = new EventEmitter();
    const stopped = stopOnSignal(mock, { signals });
    mock.fake.faults.add({ match: { operationId: 'getPrices' }, fault: { type: 'delay', ms: 600 } });
    const answer = fetch(`${mock.trading.url}/api/v1/prices`);
    await new Promise((r) => setTimeout(r, 150));
    const sent = performance.now();
    signals.emit('SIGINT', 'SIGINT');
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers.get('connection')).toBe('close');
    expect(((await res.json()) as { success: boolean }).success).toBe(true);
    await stopped;
    expect(performance.now() - sent).toBeLessThan(3000);
  });
});
