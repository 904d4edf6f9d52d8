// wallets/{id}/transactions (decision wallet.transactions-paging) and prices (decision wallet.prices-unknown).

import { describe, expect, it } from 'vitest';
import { createHarness, DEMO_KEY } from './wallet-harness.js';

const EXTERNAL_ETH = '0xde709f2102306220921060314715629080e2fb77';

describe('GET /api/v1/wallets/{id}/transactions', () => {
  it('lists newest first with UTC dates, honouring limit (default 50)', () => {
    const h = createHarness({ rateLimit: 1000 });
    for (let i = 1; i <= 55; i++) {
      h.advance(1);
      expect(h.call('POST', '/__doppel/deposit', { body: { wallet_id: 1, amount: `0.0${String(i).padStart(2, '0')}` } }).status).toBe(200);
    }
    const all = h.call('GET', '/api/v1/wallets/1/transactions', { key: DEMO_KEY }).body.transactions;
    expect(all).toHaveLength(50);
    expect(all[0]).toMatchObject({ amount: '0.05500000', type: 'receive', status: 'confirmed', date: '2026-01-01 00:00:55' });
    expect(all.map((t: any) => t.date)).toEqual([...all.map((t: any) => t.date)].sort().reverse());
    const three = h.call('GET', '/api/v1/wallets/1/transactions', { key: DEMO_KEY, query: { limit: '3' } }).body.transactions;
    expect(three.map((t: any) => t.amount)).toEqual(['0.05500000', '0.05400000', '0.05300000']);
    const hundred = h.call('GET', '/api/v1/wallets/1/transactions', { key: DEMO_KEY, query: { limit: '100' } }).body.transactions;
    expect(hundred).toHaveLength(57); // 55 deposits + the 2 demo ones
    expect(hundred.at(-1)).toMatchObject({ date: '2026-01-01 00:00:00', symbol: 'ETH' });
  });

  it('orders same-second transactions by creation, newest first', () => {
    const h = createHarness();
    const a = h.call('POST', '/api/v1/wallets/1/send', { key: DEMO_KEY, body: { to_address: EXTERNAL_ETH, amount: '0.1' } }).body.tx_hash;
    const b = h.call('POST', '/api/v1/wallets/1/send', { key: DEMO_KEY, body: { to_address: EXTERNAL_ETH, amount: '0.2' } }).body.tx_hash;
    const list = h.call('GET', '/api/v1/wallets/1/transactions', { key: DEMO_KEY, query: { limit: '2' } }).body.transactions;
    expect(list.map((t: any) => t.tx_hash)).toEqual([b, a]);
  });

  it.each([['0'], ['101'], ['abc'], ['2.5']])('answers 400 for limit=%s', (limit) => {
    const res = createHarness().call('GET', '/api/v1/wallets/1/transactions', { key: DEMO_KEY, query: { limit } });
    expect(res.status).toBe(400);
  });

  it('answers 400 for a malformed id and 404 for an unknown one', () => {
    const h = createHarness();
    expect(h.call('GET', '/api/v1/wallets/x/transactions', { key: DEMO_KEY }).status).toBe(400);
    expect(h.call('GET', '/api/v1/wallets/77/transactions', { key: DEMO_KEY }).status).toBe(404);
  });
});

describe('GET /api/v1/prices', () => {
  it('answers numbers for known symbols, case-insensitively, upper-case keys', () => {
    const res = createHarness().call('GET', '/api/v1/prices', { query: { symbols: 'BTC, eth,Trx' } });
    expect(res.status).toBe(200);
    expect(res.body.prices).toEqual({ BTC: 67250.5, ETH: 3480.25, TRX: 0.12345678 });
  });

  it('leaves unknown symbols out; all unknown is an empty object', () => {
    const h = createHarness();
    expect(h.call('GET', '/api/v1/prices', { query: { symbols: 'BTC,NOPE' } }).body.prices).toEqual({ BTC: 67250.5 });
    expect(h.call('GET', '/api/v1/prices', { query: { symbols: 'NOPE,__proto__' } }).body.prices).toEqual({});
  });

  it('follows the price source', () => {
    const h = createHarness();
    h.prices.set('SOL', '151.25');
    expect(h.call('GET', '/api/v1/prices', { query: { symbols: 'SOL' } }).body.prices).toEqual({ SOL: 151.25 });
  });

  it.each([
    ['missing symbols', {}],
    ['empty symbols', { symbols: '' }],
    ['only commas', { symbols: ' , ,' }],
    ['51 symbols', { symbols: Array.from({ length: 51 }, (_, i) => `S${i}`).join(',') }],
  ])('answers 400 for %s', (_what, query) => {
    const res = createHarness().call('GET', '/api/v1/prices', { query });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
  });
});
