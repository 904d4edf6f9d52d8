// Namespaced traffic (X-Doppel-Namespace: each namespace of a doppel target is a state of its own):
// the proxy keeps one model per namespace, so a write in one namespace says nothing of a read in
// another through the same key — one model for all of them would take the read for a violation.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { startProxy } from '../../proxy/index.js';
import { send } from './traffic-client.js';

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 4, clock: 'manual', quiet: true });
});
afterAll(async () => {
  await mock.close();
});

const KEY = { 'api-key': 'demo-trade-key', 'content-type': 'application/json' };
const BUY = JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.01' });

it('a write in one namespace is no move of the balances read in another, through the same key', async () => {
  const proxy = await startProxy({ targets: { trading: mock.trading.url }, ports: { trading: 0 }, judges: 0 });
  const via = proxy.listening.trading!.url;
  const inA = { ...KEY, 'x-doppel-namespace': 'ns-a' };
  const inB = { ...KEY, 'x-doppel-namespace': 'ns-b' };
  expect((await send(via, 'GET', '/api/v1/account/balances', inA)).status).toBe(200);
  expect((await send(via, 'GET', '/api/v1/account/balances', inB)).status).toBe(200);
  expect((await send(via, 'POST', '/api/v1/spot/order', inB, BUY)).status).toBe(200);
  // A reset of ns-a drops ns-a's state only: what ns-b's answers said still holds.
  expect((await send(via, 'POST', '/__doppel/reset', { 'content-type': 'application/json', 'x-doppel-namespace': 'ns-a' })).status).toBe(200);
  expect((await send(via, 'GET', '/api/v1/account/balances', inB)).status).toBe(200);
  expect((await send(via, 'GET', '/api/v1/account/balances', inA)).status).toBe(200);
  const report = await proxy.close(100);
  expect(report.failures.map((f) => `${f.checkId}/${f.assertion}: ${f.message}`)).toEqual([]);
  // The rule was judged (in ns-b: the buy moved its balances, read after ns-a's reset), not left unevaluated.
  const rule = report.checks.find((c) => c.id === 'balances-follow-writes');
  expect(rule?.status).toBe('passed');
  expect(rule?.assertionCases?.['spot-exact']).toBeGreaterThan(0);
  expect(report.traffic?.resets).toBe(1);
});
