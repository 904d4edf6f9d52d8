// The trading admin routes of docs/MOCK-CONTRACT.md: keys, prices, traders, state.
import { describe, expect, it } from 'vitest';
import { balanceOf, createTestFake, dec, TRADE } from './trading-fake.js';

describe('POST /__doppel/keys', () => {
  it('creates an account with a dk_ key, permissions, whitelist and balances', () => {
    const fake = createTestFake();
    const res = fake.post('/__doppel/keys', {
      name: 'CI bot', permissions: ['read'], ip_whitelist: ['10.1.2.3/8'],
      balances: [{ currency: 'usdt', balance: '123.45' }, { currency: 'USDC', chain: 'ethereum', balance: '5' }],
    });
    expect(res.status).toBe(200);
    const { key, account_id } = res.body.data;
    expect(key).toMatch(/^dk_[0-9a-f]{32}$/);
    expect(account_id).toBe(4);
    expect(fake.get('/api/v1/account', key).status).toBe(403);
    const account = fake.get('/api/v1/account', key, '10.9.9.9').body.data;
    expect(account).toMatchObject({ id: 4, name: 'CI bot', permissions: ['read'], ip_whitelist: ['10.0.0.0/8'] });
    const rows = fake.get('/api/v1/account/balances', key, '10.9.9.9').body.data;
    expect(rows).toEqual([
      { currency: 'USDC', chain: 'ethereum', balance: '5.00000000', locked: '0.00000000' },
      { currency: 'USDT', chain: 'tron', balance: '123.45000000', locked: '0.00000000' },
    ]);
  });

  it('keys are deterministic per seed; a chosen key works; a duplicate is 409', () => {
    const a = createTestFake(5).newKey();
    const b = createTestFake(5).newKey();
    expect(a).toBe(b);
    const fake = createTestFake();
    expect(fake.post('/__doppel/keys', { key: 'my-key', permissions: ['read'] }).status).toBe(200);
    expect(fake.get('/api/v1/account', 'my-key').body.data.name).toBe('Test account');
    expect(fake.post('/__doppel/keys', { key: 'my-key', permissions: ['read'] }).status).toBe(409);
    expect(fake.post('/__doppel/keys', { key: TRADE }).status).toBe(409);
  });

  it.each([
    { permissions: ['admin'] },
    { permissions: 'read' },
    { ip_whitelist: ['not-an-ip'] },
    { balances: [{ currency: 'USDT', balance: '-1' }] },
    { balances: [{ currency: 'USDC', balance: '1' }] },
    { balances: [{ currency: 'BTC', chain: 'Bad Chain', balance: '1' }] },
    { key: '' },
    { name: 7 },
  ])('400 for %j', (body) => {
    expect(createTestFake().post('/__doppel/keys', body).status).toBe(400);
  });
});

describe('POST /__doppel/prices/{symbol}', () => {
  it('pins the price from now on', () => {
    const fake = createTestFake();
    const res = fake.post('/__doppel/prices/btc', { price_usd: '70000.5' });
    expect(res.body.data).toMatchObject({ symbol: 'BTC', price_usd: 70000.5 });
    fake.advance(3 * 86400);
    expect(fake.data('/api/v1/price/BTC').price_usd).toBe(70000.5);
  });

  it('404 unknown symbol, 400 for a stablecoin or a bad price', () => {
    const fake = createTestFake();
    expect(fake.post('/__doppel/prices/XYZ', { price_usd: '1' }).status).toBe(404);
    expect(fake.post('/__doppel/prices/USDT', { price_usd: '0.99' }).status).toBe(400);
    expect(fake.post('/__doppel/prices/BTC', { price_usd: '0' }).status).toBe(400);
    expect(fake.post('/__doppel/prices/BTC', { price_usd: 'abc' }).status).toBe(400);
    expect(fake.post('/__doppel/prices/BTC', {}).status).toBe(400);
  });
});

describe('POST /__doppel/traders/{id}', () => {
  it('changes daily_return and status; 404 for an unknown trader; 400 for bad input', () => {
    const fake = createTestFake();
    expect(fake.post('/__doppel/traders/1', { daily_return: '-0.02' }).body.data.daily_return).toBe('-0.02000000');
    expect(fake.post('/__doppel/traders/9', { daily_return: '0' }).status).toBe(404);
    expect(fake.post('/__doppel/traders/1', { status: 'paused' }).status).toBe(400);
    expect(fake.post('/__doppel/traders/1', { daily_return: 'x' }).status).toBe(400);
  });
});

describe('GET /__doppel/state and reset', () => {
  it('shows accounts, balances, open orders and relations; reset restores the seed', () => {
    const fake = createTestFake();
    fake.setPrice('BTC', '60000');
    fake.post('/api/v1/spot/order', { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.01', price: '50000' }, TRADE);
    fake.post('/api/v1/copy/start', { lead_trader_id: 1, copy_amount: 100 }, TRADE);
    const state = fake.data('/__doppel/summary');
    expect(state.accounts.map((a: any) => a.keys[0].key)).toEqual(['demo-trade-key', 'demo-read-key', 'demo-ip-locked-key']);
    expect(state.accounts[0].open_orders).toHaveLength(1);
    expect(state.accounts[0].order_counts).toEqual({ open: 1, filled: 0, cancelled: 0, settled: 0 });
    expect(state.copy_relations).toHaveLength(1);
    fake.reset();
    expect(balanceOf(fake, TRADE, 'USDT', 'tron')).toEqual({ available: dec('10000'), locked: 0n });
    expect(fake.data('/__doppel/summary').orders_total).toBe(0);
  });
});

describe('POST /__doppel/keys defaults', () => {
  it('omitted permissions give a read and trade key', () => {
    const fake = createTestFake();
    const key = fake.post('/__doppel/keys', {}).body.data.key;
    expect(fake.data('/api/v1/account', key).permissions).toEqual(['read', 'trade']);
  });
});
