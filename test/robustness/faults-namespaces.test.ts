// Robustness with the stub features (fault rules, namespaces): two namespaces under concurrent load on one
// server, one of them with fault rules of every kind firing meanwhile (503s, 429s with
// Retry-After, delayed real answers, answers never sent, dropped connections). Afterwards each
// namespace keeps every invariant of the concurrency run (funds conserved from the acknowledged
// operations only: a faulted request changed nothing), the journal accounts for every fault, and
// the default namespace is untouched.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { auditSnapshot } from '../support/robustness/audit-snapshot.js';
import { checkInvariants } from '../support/robustness/check-invariants.js';
import { createCheckedClient, type CheckedClient } from '../support/robustness/http-client.js';
import { prepareLoad, runLoad, settleAfterLoad, type LoadOptions } from '../support/robustness/load-driver.js';

const OPTIONS: LoadOptions = { clients: 24, maxRequests: 1500, durationMs: 8_000, seed: 13, accounts: 4, walletUsers: 4 };

let running: RunningMock;
const clients: CheckedClient[] = [];

beforeAll(async () => {
  running = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, walletRateLimit: 1_000_000 });
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await running?.close();
});

describe('two namespaces under load, one with faults firing', () => {
  it('keep every invariant; faults change nothing and are all in the journal', async () => {
    const client = (namespace: string, faultsInjected: boolean): CheckedClient => {
      const c = createCheckedClient({ tradingUrl: running.trading.url, walletUrl: running.wallet.url, connections: OPTIONS.clients, headers: { 'x-doppel-namespace': namespace }, faultsInjected });
      clients.push(c);
      return c;
    };
    const faulty = client('load-faulty', true);
    const calm = client('load-calm', false);
    const defaultBefore = auditSnapshot(running.fake);

    const [worldF, worldC] = await Promise.all([prepareLoad(faulty, OPTIONS), prepareLoad(calm, OPTIONS)]);
    const beforeF = auditSnapshot(running.fake.namespace('load-faulty'));
    const beforeC = auditSnapshot(running.fake.namespace('load-calm'));
    // Rules of every kind, scoped to the faulty namespace, on writes and reads.
    const rules = [
      { match: { operationId: 'placeSpotOrder' }, times: 60, fault: { type: 'status', status: 503 } },
      { match: { operationId: 'sendFromWallet' }, times: 30, fault: { type: 'rate_limit', retry_after: 2 } },
      { match: { operationId: 'placeMarginOrder' }, times: 30, fault: { type: 'delay', ms: 20 } },
      { match: { operationId: 'cancelSpotOrder' }, times: 20, fault: { type: 'drop' } },
      { match: { operationId: 'getBalances' }, times: 10, fault: { type: 'no_answer', ms: 30 } },
    ] as const;
    for (const rule of rules) {
      const res = await fetch(`${running.trading.url}/__doppel/faults`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-doppel-namespace': 'load-faulty' }, body: JSON.stringify(rule) });
      expect(res.status).toBe(200);
    }

    const [recordF, recordC] = await Promise.all([runLoad(faulty, worldF, OPTIONS), runLoad(calm, worldC, OPTIONS)]);
    await Promise.all([settleAfterLoad(faulty), settleAfterLoad(calm)]);
    const afterF = auditSnapshot(running.fake.namespace('load-faulty'));
    const afterC = auditSnapshot(running.fake.namespace('load-calm'));

    expect(faulty.problems, `${faulty.problemCount} answers off the contract`).toEqual([]);
    expect(calm.problems, `${calm.problemCount} answers off the contract`).toEqual([]);
    expect(checkInvariants(worldF, recordF, beforeF, afterF).violations).toEqual([]);
    expect(checkInvariants(worldC, recordC, beforeC, afterC).violations).toEqual([]);

    // The faults really fired, and the journal accounts for each one the clients saw.
    const fired = running.fake.faults.list();
    for (const rule of fired) expect(rule.fired, `${rule.fault.type} fired`).toBeGreaterThan(0);
    const journal = running.fake.requests({ namespace: 'load-faulty', limit: 10_000 });
    const faulted = journal.filter((e) => e.fault !== null);
    expect(faulted.length).toBe(fired.reduce((n, r) => n + r.fired, 0));
    expect(faulty.injected.statuses).toBe(faulted.filter((e) => e.status === 503).length);
    expect(faulty.injected.dropped).toBe(faulted.filter((e) => e.status === 0).length);
    expect(recordF.statuses.get('placeSpotOrder')?.get(503)).toBe(rules[0].times);
    expect(recordF.statuses.get('sendFromWallet')?.get(429)).toBeGreaterThan(0);
    // The calm namespace never met a fault; its writes were acknowledged as usual.
    expect(running.fake.requests({ namespace: 'load-calm', limit: 10_000 }).filter((e) => e.fault !== null)).toEqual([]);
    expect(recordC.orders.size).toBeGreaterThan(50);
    // Each namespace holds exactly its own acknowledged orders (the invariants above check that
    // every one is there); the same seed gave both the same keys, yet their order books differ.
    expect(afterF.trading.orders.length).toBeGreaterThanOrEqual(recordF.orders.size);
    expect(afterC.trading.orders.length).toBeGreaterThanOrEqual(recordC.orders.size);
    expect(JSON.stringify(afterF.trading.orders)).not.toBe(JSON.stringify(afterC.trading.orders));
    // The default namespace saw none of it.
    // (One reading: the realtime clock may move between two.)
    const defaultAfter = auditSnapshot(running.fake);
    expect(defaultAfter).toEqual({ ...defaultBefore, now: defaultAfter.now });
  });
});
