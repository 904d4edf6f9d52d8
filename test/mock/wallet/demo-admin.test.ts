// The seeded demo data, determinism, reset, and the wallet admin routes.

import { describe, expect, it } from 'vitest';
import { isValidAddress } from '../../../mock/domain/wallet/index.js';
import { assertSpecTrue, createHarness, DEMO_KEY } from './wallet-harness.js';

describe('demo data', () => {
  it('has the demo user, its static key and funded ethereum, bitcoin and tron wallets with USDT', () => {
    const h = createHarness();
    const login = h.call('POST', '/api/v1/login', { body: { email: 'demo@doppel.test', password: 'demo-password' } });
    expect(login.body.user).toEqual({ id: 1, name: 'Demo User', email: 'demo@doppel.test' });
    const wallets = h.call('GET', '/api/v1/wallets', { key: DEMO_KEY }).body.wallets;
    expect(wallets.map((w: any) => [w.chain, w.balance, w.tokens.filter((t: any) => t.balance !== '0.00000000')])).toEqual([
      ['ethereum', '2.50000000', [{ token_id: 1, symbol: 'USDT', balance: '1000.00000000' }]],
      ['bitcoin', '0.15000000', []],
      ['tron', '5000.00000000', [{ token_id: 3, symbol: 'USDT', balance: '2500.00000000' }]],
    ]);
    expect(isValidAddress('evm', wallets[0].address)).toBe(true);
    expect(isValidAddress('bitcoin', wallets[1].address)).toBe(true);
    expect(isValidAddress('tron', wallets[2].address)).toBe(true);
    expect(h.call('GET', '/api/v1/wallets/3/transactions', { key: DEMO_KEY }).body.transactions.map((t: any) => t.symbol)).toEqual(['USDT', 'TRX']);
  });

  it('is deterministic per seed and differs between seeds', () => {
    const addresses = (seed: number) =>
      createHarness({ seed }).call('GET', '/api/v1/wallets', { key: DEMO_KEY }).body.wallets.map((w: any) => w.address);
    expect(addresses(1)).toEqual(addresses(1));
    expect(addresses(2)).not.toEqual(addresses(1));
  });

  it('can be left out (demoData: false)', () => {
    const h = createHarness({ demoData: false });
    expect(h.call('GET', '/api/v1/wallets', { key: DEMO_KEY }).status).toBe(401);
  });

  it('reset() restores the seeded state and forgets rate windows', () => {
    const h = createHarness({ rateLimit: 3 });
    const before = h.call('GET', '/__doppel/summary').body.data;
    h.newUser();
    h.call('POST', '/api/v1/wallets/create', { key: DEMO_KEY, body: { chain: 'bsc' } });
    h.call('POST', '/api/v1/wallets/1/send', { key: DEMO_KEY, body: { to_address: '0xde709f2102306220921060314715629080e2fb77', amount: '1' } });
    h.call('GET', '/api/v1/wallets', { key: DEMO_KEY });
    expect(h.call('GET', '/api/v1/wallets', { key: DEMO_KEY }).status).toBe(429);
    h.reset();
    expect(h.call('GET', '/__doppel/summary').body.data).toEqual(before);
    expect(h.call('GET', '/api/v1/wallets', { key: DEMO_KEY }).status).toBe(200);
  });
});

describe('admin routes', () => {
  it('deposit funds a wallet with a confirmed receive from an outside address of the chain', () => {
    const h = createHarness();
    const res = h.call('POST', '/__doppel/deposit', { body: { wallet_id: 3, amount: '12.5', token_id: 3 } });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'receive', status: 'confirmed', amount: '12.50000000', symbol: 'USDT', token_id: 3 });
    expect(isValidAddress('tron', res.body.data.from)).toBe(true);
    const [latest] = h.call('GET', '/api/v1/wallets/3/transactions', { key: DEMO_KEY }).body.transactions;
    expect(latest).toEqual(res.body.data);
  });

  it.each([
    [{ wallet_id: 99, amount: '1' }, 404],
    [{ wallet_id: 1, amount: '0' }, 400],
    [{ wallet_id: 1, amount: 1 }, 400],
    [{ wallet_id: 1, amount: '1', token_id: 3 }, 400],
    [{ amount: '1' }, 400],
  ])('deposit %j → %i', (body, status) => {
    expect(createHarness().call('POST', '/__doppel/deposit', { body }).status).toBe(status);
  });

  it('state shows users, keys, wallets, pending and supply, without password material', () => {
    const h = createHarness();
    h.call('POST', '/api/v1/wallets/1/send', { key: DEMO_KEY, body: { to_address: '0xde709f2102306220921060314715629080e2fb77', amount: '1' } });
    const { data } = h.call('GET', '/__doppel/summary').body;
    expect(data.users).toEqual([{ id: 1, name: 'Demo User', email: 'demo@doppel.test', wallet_ids: [1, 2, 3] }]);
    expect(data.api_keys).toEqual([{ key: 'demo-wallet-key', user_id: 1, kind: 'api-key' }]);
    expect(data.pending).toHaveLength(1);
    expect(data.supply['ethereum:ETH']).toEqual({ balances: '1.50000000', pending: '1.00000000', exported: '0.00000000', deposited: '2.50000000' });
    expect(JSON.stringify(data)).not.toMatch(/demo-password|scrypt|salt/);
  });
});

describe('the test harness itself', () => {
  it('fails a response that does not match the document', () => {
    expect(() => assertSpecTrue('GET', '/api/v1/wallets', { status: 200, headers: {}, body: { success: true } })).toThrow();
    expect(() => assertSpecTrue('GET', '/api/v1/wallets', { status: 418, headers: {}, body: { success: false, error: 'x' } })).toThrow();
    expect(() => assertSpecTrue('GET', '/api/v1/wallets', { status: 429, headers: {}, body: { success: false, error: 'x' } })).toThrow(/retry-after/);
  });
});
