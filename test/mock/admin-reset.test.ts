// POST /__doppel/reset resets what a test can change (docs/reference/admin-api.md, reset): state,
// clock, fault rules, journal entries and rate-limit windows, of one namespace or of all; a body
// may keep the journal or the fault rules.
import { describe, expect, it } from 'vitest';
import { createFake, type Fake } from '../../mock/index.js';

const TRADING = 'http://trading.doppel.test';
const WALLET = 'http://wallet.doppel.test';

async function admin(fake: Fake, method: string, path: string, body?: unknown, namespace?: string): Promise<{ status: number; data: any; text: string }> {
  const headers: Record<string, string> = { 'content-type': 'application/json', ...(namespace ? { 'x-doppel-namespace': namespace } : {}) };
  const res = await fake.fetch(`${TRADING}${path}`, { method, headers, ...(body === undefined || method === 'GET' ? {} : { body: JSON.stringify(body) }) });
  const text = await res.text();
  return { status: res.status, data: JSON.parse(text).data, text };
}

const balances = (fake: Fake, namespace?: string) =>
  fake.fetch(`${TRADING}/api/v1/account/balances`, { headers: { 'api-key': 'demo-trade-key', ...(namespace ? { 'x-doppel-namespace': namespace } : {}) } });

describe('POST /__doppel/reset', () => {
  it('clears a 503 fault rule, the journal, the clock and the state of the default namespace', async () => {
    const fake = createFake({ seed: 1 });
    const start = fake.clock.now();
    const order = { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.01' };
    const before = await (await balances(fake)).text();
    const placed = await fake.fetch(`${TRADING}/api/v1/spot/order`, { method: 'POST', headers: { 'api-key': 'demo-trade-key', 'content-type': 'application/json' }, body: JSON.stringify(order) });
    expect(placed.status).toBe(200);
    await admin(fake, 'POST', '/__doppel/clock', { advance_seconds: 3600 });
    expect((await admin(fake, 'POST', '/__doppel/faults', { fault: { type: 'status', status: 503 } })).status).toBe(200);
    expect((await balances(fake)).status).toBe(503);

    const reset = await admin(fake, 'POST', '/__doppel/reset');
    expect(reset.status).toBe(200);
    expect(reset.data).toMatchObject({ reset: true, epoch_ms: start, namespaces: ['default'], removed: { faults: 1 } });
    expect(reset.data.removed.requests).toBeGreaterThanOrEqual(4);

    const after = await balances(fake);
    expect(after.status).toBe(200);
    expect(await after.text()).toBe(before);
    // The journal holds the reset itself and what came after it, nothing from before.
    expect(fake.requests({ limit: 100 }).map((e) => e.path)).toEqual(['/api/v1/account/balances', '/__doppel/reset']);
    expect((await admin(fake, 'GET', '/__doppel/faults')).data.faults).toEqual([]);
  });

  it('gives the wallet key its whole minute back (rate-limit windows)', async () => {
    const fake = createFake({ seed: 1, walletRateLimit: 2 });
    const chains = () => fake.fetch(`${WALLET}/api/v1/wallets`, { headers: { 'x-api-key': 'demo-wallet-key' } });
    expect((await chains()).status).toBe(200);
    expect((await chains()).status).toBe(200);
    expect((await chains()).status).toBe(429);
    await admin(fake, 'POST', '/__doppel/reset');
    expect((await chains()).status).toBe(200);
  });

  it('in a namespace: that namespace only, its journal entries and its fault rules', async () => {
    const fake = createFake({ seed: 1 });
    await admin(fake, 'POST', '/__doppel/faults', { fault: { type: 'status', status: 503 } }, 'w1');
    await admin(fake, 'POST', '/__doppel/faults', { fault: { type: 'status', status: 502 } }, 'w2');
    await admin(fake, 'POST', '/__doppel/clock', { advance_seconds: 60 }, 'w2');
    expect((await balances(fake, 'w1')).status).toBe(503);
    expect((await balances(fake, 'w2')).status).toBe(502);

    const reset = await admin(fake, 'POST', '/__doppel/reset', {}, 'w1');
    expect(reset.data).toMatchObject({ namespaces: ['w1'], removed: { faults: 1 } });
    expect((await balances(fake, 'w1')).status).toBe(200);
    expect((await balances(fake, 'w2')).status).toBe(502);
    expect(fake.requests({ namespace: 'w1', limit: 100 }).map((e) => e.path)).toEqual(['/api/v1/account/balances', '/__doppel/reset']);
    expect(fake.requests({ namespace: 'w2', limit: 100 }).length).toBeGreaterThan(0);
    expect(fake.namespace('w2').clock.now()).toBe(fake.clock.now() + 60_000);
  });

  it('namespaces "all": every namespace, the whole journal and every fault rule; keep leaves what it names', async () => {
    const fake = createFake({ seed: 1 });
    await admin(fake, 'POST', '/__doppel/faults', { fault: { type: 'status', status: 503 } }, 'w1');
    await admin(fake, 'POST', '/__doppel/clock', { advance_seconds: 60 }, 'w1');
    const kept = await admin(fake, 'POST', '/__doppel/reset', { namespaces: 'all', keep: ['faults', 'journal'] });
    expect(kept.data).toMatchObject({ namespaces: ['default', 'w1'], removed: { requests: 0, faults: 0 } });
    expect(fake.namespace('w1').clock.now()).toBe(fake.clock.now());
    expect((await balances(fake, 'w1')).status).toBe(503);

    const all = await admin(fake, 'POST', '/__doppel/reset', { namespaces: 'all' });
    expect(all.data.removed.faults).toBe(1);
    expect((await balances(fake, 'w1')).status).toBe(200);
    expect(fake.requests({ limit: 100 }).map((e) => e.path)).toEqual(['/api/v1/account/balances', '/__doppel/reset']);
  });

  it('refuses a body it does not know, naming the field, and changes nothing', async () => {
    const fake = createFake({ seed: 1 });
    await admin(fake, 'POST', '/__doppel/faults', { fault: { type: 'status', status: 503 } });
    for (const [body, says] of [
      [{ keep: ['state'] }, 'keep: "state" is not one of'],
      [{ namespace: 'all' }, 'unknown field namespace'],
      [{ namespaces: 'w1' }, 'namespaces must be "all"'],
      [[], 'the body of a reset is an object'],
    ] as const) {
      const res = await admin(fake, 'POST', '/__doppel/reset', body);
      expect(res.status).toBe(400);
      expect(JSON.parse(res.text)).toMatchObject({ success: false, code: 'invalid_request', error: expect.stringContaining(says) });
    }
    expect(fake.faults.list()).toHaveLength(1);
  });
});
