// createFake({ profile }): the decision points a profile sets change what the fake answers, through
// the one pipeline; a bad profile is refused naming the field.
import { describe, expect, it } from 'vitest';
import { createFake, ProfileError } from '../../mock/index.js';
import { DEFAULT_DECISIONS, getOperation } from '../../spec/index.js';

const T = 'http://trading.doppel.test/api/v1';
const W = 'http://wallet.doppel.test/api/v1';
const tradingKey = { 'API-KEY': 'demo-trade-key', 'content-type': 'application/json' };
const walletKey = { 'X-API-Key': 'demo-wallet-key', 'content-type': 'application/json' };

const profile = {
  doppel_profile: 1,
  points: {
    'trading.conflict-409': { value: 400 },
    'trading.orders-default-limit': { value: 2 },
    'wallet.transactions-paging': { value: 1 },
    'wallet.send-semantics': { value: 90 },
    'wallet.register-semantics': { value: 'Registered.' },
  },
};

async function json(res: Response): Promise<any> {
  return { status: res.status, body: await res.json() };
}

describe('createFake({ profile })', () => {
  it('the registry\'s limits are the spec\'s query defaults', () => {
    const limitOf = (iface: 'trading' | 'wallet', id: string) => getOperation(iface, id).parameters.find((p) => p.name === 'limit')?.schema['default'];
    expect(limitOf('trading', 'listOrders')).toBe(DEFAULT_DECISIONS['trading.orders-default-limit']);
    expect(limitOf('wallet', 'listWalletTransactions')).toBe(DEFAULT_DECISIONS['wallet.transactions-paging']);
  });

  it('answers with the profile at every point, and with doppel\'s choices without one', async () => {
    for (const [p, expected] of [[undefined, { conflict: 409, orders: 50, txs: 50, delay: 30, message: 'User registered successfully' }], [profile, { conflict: 400, orders: 2, txs: 1, delay: 90, message: 'Registered.' }]] as const) {
      const fake = createFake(p ? { profile: p } : {});
      const start = () => fake.fetch(`${T}/copy/start`, { method: 'POST', headers: tradingKey, body: JSON.stringify({ lead_trader_id: 1, copy_amount: 100 }) });
      expect((await start()).status).toBe(200);
      expect((await start()).status).toBe(expected.conflict);
      for (let i = 0; i < 3; i++) {
        await fake.fetch(`${T}/spot/order`, { method: 'POST', headers: tradingKey, body: JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.001', price: '1000' }) });
      }
      const orders = await json(await fake.fetch(`${T}/account/orders`, { headers: tradingKey }));
      const all = await json(await fake.fetch(`${T}/account/orders?limit=100`, { headers: tradingKey }));
      expect(orders.body.data.length).toBe(Math.min(expected.orders, all.body.data.length));
      expect(all.body.data.length).toBeGreaterThanOrEqual(3);
      const wallets = (await json(await fake.fetch(`${W}/wallets`, { headers: walletKey }))).body.wallets;
      const txs = await json(await fake.fetch(`${W}/wallets/${wallets[0].id}/transactions`, { headers: walletKey }));
      expect(txs.body.transactions.length).toBeLessThanOrEqual(expected.txs);
      const reg = await json(await fake.fetch(`${W}/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'a', email: 'profile@example.test', password: 'pw' }) }));
      expect(reg.body.message).toBe(expected.message);
      // A send confirms after the point's seconds, not before.
      const from = wallets.find((w: any) => Number(w.balance) > 0.01);
      const to = wallets.find((w: any) => w.chain === from.chain && w.id !== from.id)?.address ?? (await json(await fake.fetch(`${W}/wallets/create`, { method: 'POST', headers: walletKey, body: JSON.stringify({ chain: from.chain }) }))).body.wallet.address;
      const sent = await json(await fake.fetch(`${W}/wallets/${from.id}/send`, { method: 'POST', headers: walletKey, body: JSON.stringify({ to_address: to, amount: '0.001' }) }));
      expect(sent.status).toBe(200);
      const statusOf = async () => (await json(await fake.fetch(`${W}/wallets/${from.id}/transactions?limit=100`, { headers: walletKey }))).body.transactions.find((t: any) => t.tx_hash === sent.body.tx_hash).status;
      fake.advance(expected.delay * 1000 - 1000);
      expect(await statusOf()).toBe('pending');
      fake.advance(1000);
      expect(await statusOf()).toBe('confirmed');
    }
  });

  it('answers with the profile at the status, message, order and symbol points, and as doppel without one', async () => {
    const points = {
      'wallet.register-semantics#status': { value: 201 },
      'wallet.register-semantics#duplicate-status': { value: 400 },
      'wallet.create-semantics#status': { value: 201 },
      'trading.cancel-semantics#not-open-status': { value: 409 },
      'trading.copy-semantics#stop-unknown-status': { value: 400 },
      'wallet.status-codes#missing-key-message': { value: 'API key required' },
      'trading.error-shape#missing-key-message': { value: '{operationId} wants an API-KEY' },
      'wallet.login-token#failure-message': { value: 'Bad credentials for {operationId}' },
      'wallet.list-order': { value: 'newest-first' },
      'trading.orders-listing#order': { value: 'oldest-first' },
      'trading.symbol-case': { value: 'upper-case-only' },
      'wallet.auth-exemptions': { value: 'key-required' },
    };
    const doppel = {
      register: 200, duplicate: [409, 'conflict'], create: 200, cancelAgain: [400, 'order_not_open'], stopUnknown: [404, 'not_found'],
      walletNoKey: 'listWallets: missing X-API-Key header', tradingNoKey: 'getAccount: missing API-KEY header', badLogin: 'login: invalid email or password',
      walletIds: [1, 2, 3], ordersAscending: false, lower: [200, 200], publicNoKey: [200, 200], publicWithKey: 200,
    };
    const profiled = {
      register: 201, duplicate: [400, 'invalid_request'], create: 201, cancelAgain: [409, 'conflict'], stopUnknown: [400, 'invalid_request'],
      walletNoKey: 'API key required', tradingNoKey: 'getAccount wants an API-KEY', badLogin: 'Bad credentials for login',
      walletIds: [3, 2, 1], ordersAscending: true, lower: [404, 400], publicNoKey: [401, 401], publicWithKey: 200,
    };
    for (const [p, expected] of [[undefined, doppel], [{ doppel_profile: 1, points }, profiled]] as const) {
      const fake = createFake(p ? { profile: p } : {});
      const post = async (url: string, body: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) => json(await fake.fetch(url, { method: 'POST', headers, body: JSON.stringify(body) }));
      const user = { name: 'a', email: 'points@example.test', password: 'pw' };
      expect((await post(`${W}/register`, user)).status).toBe(expected.register);
      const dup = await post(`${W}/register`, { ...user, email: 'POINTS@example.test' });
      expect([dup.status, dup.body.code]).toEqual(expected.duplicate);
      expect((await post(`${W}/wallets/create`, { chain: 'ethereum' }, walletKey)).status).toBe(expected.create);
      const order = { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.001', price: '1000' };
      const placed = await post(`${T}/spot/order`, order, tradingKey);
      await post(`${T}/spot/order`, order, tradingKey);
      expect((await post(`${T}/spot/cancel`, { order_id: placed.body.data.id }, tradingKey)).status).toBe(200);
      const again = await post(`${T}/spot/cancel`, { order_id: placed.body.data.id }, tradingKey);
      expect([again.status, again.body.code]).toEqual(expected.cancelAgain);
      const stop = await post(`${T}/copy/stop`, { lead_trader_id: 1 }, tradingKey);
      expect([stop.status, stop.body.code]).toEqual(expected.stopUnknown);
      expect((await json(await fake.fetch(`${W}/wallets`))).body.error).toBe(expected.walletNoKey);
      expect((await json(await fake.fetch(`${T}/account`))).body.error).toBe(expected.tradingNoKey);
      const login = await post(`${W}/login`, { email: 'nobody@example.test', password: 'pw' });
      expect([login.status, login.body.error]).toEqual([401, expected.badLogin]);
      const wallets = (await json(await fake.fetch(`${W}/wallets`, { headers: walletKey }))).body.wallets;
      expect(wallets.map((w: { id: number }) => w.id).filter((id: number) => id <= 3)).toEqual(expected.walletIds);
      const ids = (await json(await fake.fetch(`${T}/account/orders?limit=100`, { headers: tradingKey }))).body.data.map((o: { id: number }) => o.id);
      expect(ids.length).toBe(2);
      expect(ids[0] < ids[1]).toBe(expected.ordersAscending);
      const lowerPrice = await fake.fetch(`${T}/price/btc`);
      const lowerOrder = await post(`${T}/spot/order`, { ...order, market: 'btc' }, tradingKey);
      expect([lowerPrice.status, lowerOrder.status]).toEqual(expected.lower);
      const chains = await fake.fetch(`${W}/chains`);
      const prices = await fake.fetch(`${W}/prices?symbols=BTC`);
      expect([chains.status, prices.status]).toEqual(expected.publicNoKey);
      expect((await fake.fetch(`${W}/chains`, { headers: walletKey })).status).toBe(expected.publicWithKey);
    }
  });

  it('moves the largest limits to the profile\'s, through the spec\'s schema with that maximum', async () => {
    const limits = { doppel_profile: 1, points: { 'wallet.transactions-paging#max-limit': { value: 7 }, 'wallet.prices-unknown#max-symbols': { value: 3 } } };
    // The orders listing's maximum is the seed's (trading §8: 100), not a point: it stays.
    for (const [p, orders, txs, symbols] of [[undefined, 100, 100, 50], [limits, 100, 7, 3]] as const) {
      const fake = createFake(p ? { profile: p } : {});
      const status = async (url: string, headers: Record<string, string> = {}) => (await fake.fetch(url, { headers })).status;
      expect(await status(`${T}/account/orders?limit=${orders}`, tradingKey)).toBe(200);
      const refused = await json(await fake.fetch(`${T}/account/orders?limit=${orders + 1}`, { headers: tradingKey }));
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(`listOrders: limit must be <= ${orders}`);
      const wallet = (await json(await fake.fetch(`${W}/wallets`, { headers: walletKey }))).body.wallets[0].id;
      expect(await status(`${W}/wallets/${wallet}/transactions?limit=${txs}`, walletKey)).toBe(200);
      expect(await status(`${W}/wallets/${wallet}/transactions?limit=${txs + 1}`, walletKey)).toBe(400);
      const list = (n: number) => Array.from({ length: n }, (_, i) => `S${i}`).join(',');
      expect(await status(`${W}/prices?symbols=${list(symbols)}`)).toBe(200);
      expect(await status(`${W}/prices?symbols=${list(symbols + 1)}`)).toBe(400);
    }
    // The longest futures duration, past the spec's 720 and below it; the rest of the body's rules stay.
    for (const [hours, ok] of [[900, 200], [901, 400], [720, 200]] as const) {
      const fake = createFake({ profile: { doppel_profile: 1, points: { 'trading.futures-duration': { value: 900 } } } });
      const order = { market: 'BTC', pair: 'USDT', side: 'long', order_type: 'market', amount: '0.001', leverage: 2, duration_hours: hours };
      const res = await json(await fake.fetch(`${T}/futures/order`, { method: 'POST', headers: tradingKey, body: JSON.stringify(order) }));
      expect(res.status, JSON.stringify(res.body)).toBe(ok);
      if (ok === 200) expect(res.body.data.duration_hours).toBe(hours);
      else expect(res.body.error).toBe('placeFuturesOrder: duration_hours must be <= 900');
    }
    const short = createFake({ profile: { doppel_profile: 1, points: { 'trading.futures-duration': { value: 48 } } } });
    const refused = await json(await short.fetch(`${T}/futures/order`, { method: 'POST', headers: tradingKey, body: JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'long', order_type: 'market', amount: '0.001', leverage: 2, duration_hours: 49 }) }));
    expect(refused.status).toBe(400);
    const defaulted = await json(await short.fetch(`${T}/futures/order`, { method: 'POST', headers: tradingKey, body: JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'long', order_type: 'market', amount: '0.001', leverage: 2 }) }));
    expect(defaulted.body.data?.duration_hours, JSON.stringify(defaulted.body)).toBe(24);
  });

  it('refuses a bad profile naming the field', () => {
    const bad = (p: unknown) => {
      try {
        createFake({ profile: p });
      } catch (error) {
        expect(error).toBeInstanceOf(ProfileError);
        return (error as Error).message;
      }
      throw new Error('accepted');
    };
    expect(bad({ doppel_profile: 2, points: {} })).toContain('/doppel_profile');
    expect(bad({ doppel_profile: 1, points: { 'trading.nope': { value: 1 } } })).toContain('/points/trading.nope');
    expect(bad({ doppel_profile: 1, points: { 'trading.orders-default-limit': { value: 0 } } })).toContain('/points/trading.orders-default-limit/value');
    expect(bad({ doppel_profile: 1, points: { 'trading.conflict-409': { value: 422 } } })).toMatch(/at \/points\/trading.conflict-409\/value: the fake can answer 400, 404, 409/);
    expect(bad({ doppel_profile: 1, points: { 'wallet.register-semantics': { value: 5 } } })).toContain('/points/wallet.register-semantics/value');
    expect(bad({ doppel_profile: 1, points: { 'wallet.list-order': { value: 'sideways' } } })).toContain('at /points/wallet.list-order/value: must be one of "oldest-first", "newest-first"');
    expect(bad({ doppel_profile: 1, points: { 'wallet.register-semantics#status': { value: 202 } } })).toContain('the fake can answer 200, 201 here');
  });
});
