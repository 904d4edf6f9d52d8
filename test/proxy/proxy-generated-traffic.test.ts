// No false verdict on traffic the checker did not choose: fast-check draws a mix of valid and
// invalid requests of both interfaces and resets of the target (through the proxy, and beside it
// followed by the proxy's POST /__doppel/target-reset) and sends it through doppel proxy to
// doppel mock, which follows doppel's decisions. The proxy finds no violation and makes no
// observation, with and without --strict: every failure would be a false verdict.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { startProxy, TARGET_RESET_PATH } from '../../proxy/index.js';
import { send } from './traffic-client.js';

type Iface = 'trading' | 'wallet';
type Step =
  | { kind: 'request'; iface: Iface; method: 'GET' | 'POST'; path: string; key?: string; body?: unknown }
  | { kind: 'reset-through' }
  | { kind: 'reset-beside' };

const TRADING = { 'api-key': 'demo-trade-key' };
const WALLET = { 'x-api-key': 'demo-wallet-key' };
const amount = fc.oneof(fc.constantFrom('0.001', '0.01', '1'), fc.constantFrom(5e-324, -1, 0, 1e308, 'abc', '', null, '0.000000001'));
const email = fc.constantFrom('a@example.test', 'b@example.test', 'not-an-email', '');
const traderId = fc.constantFrom(1, 2, 3, 999_999, 'x', -1);

const step: fc.Arbitrary<Step> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom<Step>(
    { kind: 'request', iface: 'trading', method: 'GET', path: '/api/v1/account/orders?limit=50', key: 'demo-trade-key' },
    { kind: 'request', iface: 'trading', method: 'GET', path: '/api/v1/account/balances', key: 'demo-trade-key' },
    { kind: 'request', iface: 'trading', method: 'GET', path: '/api/v1/copy/traders', key: 'demo-trade-key' },
    { kind: 'request', iface: 'wallet', method: 'GET', path: '/api/v1/wallets', key: 'demo-wallet-key' },
    { kind: 'request', iface: 'wallet', method: 'GET', path: '/api/v1/wallets/1/transactions?limit=50', key: 'demo-wallet-key' },
    { kind: 'request', iface: 'trading', method: 'GET', path: '/api/v1/prices' },
  ) },
  { weight: 3, arbitrary: fc.record({ market: fc.constantFrom('BTC', 'ETH', 'NOPE'), side: fc.constantFrom('buy', 'sell', 'up'), amount, price: fc.constantFrom('1000', '0', 'x') }).map((b): Step => ({ kind: 'request', iface: 'trading', method: 'POST', path: '/api/v1/spot/order', key: 'demo-trade-key', body: { ...b, pair: 'USDT', order_type: 'limit' } })) },
  { weight: 3, arbitrary: fc.record({ lead_trader_id: traderId, copy_amount: fc.oneof(fc.constantFrom(100, 1000, 5000), fc.constantFrom(5e-324, -5, 0, 1e308, '100', null)) }).chain((b) => fc.constantFrom<Step>({ kind: 'request', iface: 'trading', method: 'POST', path: '/api/v1/copy/start', key: 'demo-trade-key', body: b }, { kind: 'request', iface: 'trading', method: 'POST', path: '/api/v1/copy/stop', key: 'demo-trade-key', body: { lead_trader_id: b.lead_trader_id } })) },
  { weight: 3, arbitrary: fc.record({ name: fc.constantFrom('Ada', ''), email, password: fc.constantFrom('correct-horse', 'x') }).chain((b) => fc.constantFrom<Step>({ kind: 'request', iface: 'wallet', method: 'POST', path: '/api/v1/register', body: b }, { kind: 'request', iface: 'wallet', method: 'POST', path: '/api/v1/login', body: { email: b.email, password: b.password } })) },
  { weight: 2, arbitrary: fc.constantFrom('ethereum', 'bitcoin', 'nope', 7).map((chain): Step => ({ kind: 'request', iface: 'wallet', method: 'POST', path: '/api/v1/wallets/create', key: 'demo-wallet-key', body: { chain } })) },
  { weight: 2, arbitrary: fc.record({ amount, to: fc.constantFrom('0x0000000000000000000000000000000000000001', 'nowhere') }).map((b): Step => ({ kind: 'request', iface: 'wallet', method: 'POST', path: '/api/v1/wallets/1/send', key: 'demo-wallet-key', body: { to_address: b.to, amount: b.amount, token_id: null } })) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'reset-through' }) },
  { weight: 1, arbitrary: fc.constant<Step>({ kind: 'reset-beside' }) },
);

let mock: RunningMock;
beforeAll(async () => {
  mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 9, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
});
afterAll(async () => {
  await mock.close();
});

const JSON_TYPE = { 'content-type': 'application/json' };

describe('generated traffic through doppel proxy in front of doppel mock', () => {
  it('a second copy start refused for its input (400 invalid_request) is no case of the conflict rule', async () => {
    await send(mock.trading.url, 'POST', '/__doppel/reset', JSON_TYPE);
    const proxy = await startProxy({ targets: { trading: mock.trading.url }, ports: { trading: 0 }, strict: true });
    const start = (copy_amount: unknown) => send(proxy.listening.trading!.url, 'POST', '/api/v1/copy/start', { ...TRADING, ...JSON_TYPE }, JSON.stringify({ lead_trader_id: 1, copy_amount }));
    expect((await start(1000)).status).toBe(200);
    expect((await start(5e-324)).status).toBe(400);
    expect((await start(1000)).status).toBe(409);
    const report = await proxy.close(100);
    expect(report.failures.map((f) => `${f.checkId}: ${f.message}`)).toEqual([]);
    expect(report.observations.filter((o) => o.point === 'trading.conflict-409').map((o) => [o.value, o.count])).toEqual([[409, 1]]);
  });

  for (const strict of [false, true]) {
    it(`gives no violation and no observation${strict ? ' under --strict' : ''}`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(step, { minLength: 5, maxLength: 30 }), async (steps) => {
          await send(mock.trading.url, 'POST', '/__doppel/reset', JSON_TYPE);
          const proxy = await startProxy({ targets: { trading: mock.trading.url, wallet: mock.wallet.url }, ports: { trading: 0, wallet: 0 }, strict });
          try {
            const via = { trading: proxy.listening.trading!.url, wallet: proxy.listening.wallet!.url };
            for (const s of steps) {
              if (s.kind === 'reset-through') await send(via.trading, 'POST', '/__doppel/reset', JSON_TYPE);
              else if (s.kind === 'reset-beside') {
                await send(mock.wallet.url, 'POST', '/__doppel/reset', JSON_TYPE);
                expect((await send(via.wallet, 'POST', TARGET_RESET_PATH, JSON_TYPE)).status).toBe(200);
              } else {
                const headers = { ...(s.key ? (s.iface === 'trading' ? TRADING : WALLET) : {}), ...(s.body !== undefined ? JSON_TYPE : {}) };
                await send(via[s.iface], s.method, s.path, headers, s.body === undefined ? undefined : JSON.stringify(s.body));
              }
            }
          } finally {
            const report = await proxy.close(100);
            expect(report.failures.map((f) => `${f.severity} ${f.checkId}/${f.assertion} ${f.operationId}: ${f.message}`)).toEqual([]);
          }
        }),
        { numRuns: 6, seed: strict ? 7 : 3 },
      );
    }, 60_000);
  }
});
