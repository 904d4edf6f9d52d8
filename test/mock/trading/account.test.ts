// GET /api/v1/account (decision trading.account-fields) and /account/balances (seed section 2,
// decision trading.balance-meaning) over the demo seed (mock/domain/trading/seed-demo.ts).
import { describe, expect, it } from 'vitest';
import { formatDec8 } from '../../../mock/domain/decimal.js';
import { balanceOf, createTestFake, dec, READ, TRADE } from './trading-fake.js';

describe('GET /api/v1/account', () => {
  it('answers the account and the calling key', () => {
    const fake = createTestFake();
    expect(fake.data('/api/v1/account', TRADE)).toEqual({
      id: 1,
      name: 'Demo Trader',
      permissions: ['read', 'trade'],
      ip_whitelist: [],
      created_at: '2026-01-01 00:00:00',
    });
    expect(fake.data('/api/v1/account', READ).permissions).toEqual(['read']);
  });
});

describe('GET /api/v1/account/balances', () => {
  it('one entry per currency and chain, 8 fraction digits, at least 10000 USDT among the demo keys', () => {
    const fake = createTestFake();
    const rows: any[] = fake.data('/api/v1/account/balances', TRADE);
    expect(rows.filter((r) => r.currency === 'USDT').map((r) => r.chain).sort()).toEqual(['ethereum', 'tron']);
    expect(rows.every((r) => /^\d+\.\d{8}$/.test(r.balance))).toBe(true);
    const usdt = [TRADE, READ].map((k) => balanceOf(fake, k, 'USDT', 'tron').available).reduce((a, b) => a + b);
    expect(usdt).toBeGreaterThanOrEqual(dec('10000'));
    expect(fake.data('/api/v1/account/balances', READ).length).toBeGreaterThan(0);
  });
});

describe('GET /api/v1/account/balances between changes', () => {
  it('answers the same listing while nothing moved and the new amounts at once after an order', () => {
    const fake = createTestFake();
    const listing = () => JSON.stringify(fake.get('/api/v1/account/balances', TRADE).body);
    const before = listing();
    expect(listing()).toBe(before);
    const order = fake.post('/api/v1/spot/order', { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.01', price: '1000' }, TRADE);
    expect(order.status).toBe(200);
    const after: any[] = fake.data('/api/v1/account/balances', TRADE);
    const usdt = balanceOf(fake, TRADE, 'USDT', 'tron');
    expect(after.find((r) => r.currency === 'USDT' && r.chain === 'tron')).toMatchObject({ balance: formatDec8(usdt.available), locked: formatDec8(usdt.locked) });
    expect(usdt.locked).toBeGreaterThan(0n);
    expect(listing()).not.toBe(before);
    expect(JSON.stringify(after)).toBe(JSON.stringify((JSON.parse(listing()) as { data: unknown }).data));
    // The other key's account is its own listing.
    expect(JSON.stringify(fake.get('/api/v1/account/balances', READ).body)).not.toBe(listing());
  });
});

describe('demo lead traders', () => {
  it('at least three are active', () => {
    const traders: any[] = createTestFake().data('/api/v1/copy/traders', READ);
    expect(traders.length).toBeGreaterThanOrEqual(3);
    expect(traders.every((t) => t.status === 'active')).toBe(true);
  });
});
