// Public operations: prices, price/{symbol}, markets (seed section 4, permission none), and the
// 404 envelope of an unknown path.
import { describe, expect, it } from 'vitest';
import { createTestFake, dec } from './trading-fake.js';

describe('GET /api/v1/prices', () => {
  it('lists every seeded symbol with the price book price, no key needed', () => {
    const fake = createTestFake();
    const data = fake.data('/api/v1/prices');
    expect(Object.keys(data).sort()).toEqual(['BNB', 'BTC', 'DOGE', 'ETH', 'LTC', 'POL', 'SOL', 'TRX', 'USDC', 'USDT', 'XRP']);
    expect(data.USDT.price_usd).toBe(1);
    expect(data.BTC.name).toBe('Bitcoin');
    expect(dec(String(data.BTC.price_usd))).toBe(fake.prices.priceOf('BTC'));
  });

  it('moves with the virtual clock and is the same for the same seed', () => {
    const a = createTestFake(7);
    const b = createTestFake(7);
    const before = a.data('/api/v1/prices').ETH.price_usd;
    a.advance(3600);
    b.advance(3600);
    const after = a.data('/api/v1/prices');
    expect(after.ETH.price_usd).not.toBe(before);
    expect(after).toEqual(b.data('/api/v1/prices'));
  });
});

describe('GET /api/v1/price/{symbol}', () => {
  it('answers one entry, matching the symbol case-insensitively (decision trading.symbol-case)', () => {
    const fake = createTestFake();
    expect(fake.data('/api/v1/price/eth')).toEqual(fake.data('/api/v1/prices').ETH);
  });

  it.each(['XYZ', 'B'.repeat(40), '%E2%82%AC'])('404 for unknown symbol %s', (symbol) => {
    const res = createTestFake().get(`/api/v1/price/${symbol}`);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('unknown_symbol');
  });
});

describe('GET /api/v1/markets', () => {
  it('lists the pairs with their limits', () => {
    const markets: any[] = createTestFake().data('/api/v1/markets');
    expect(markets.length).toBeGreaterThanOrEqual(8);
    const btc = markets.find((m) => m.symbol === 'BTC/USDT');
    expect(btc).toMatchObject({ market: 'BTC', pair: 'USDT', min_amount: '0.0001', max_leverage: 100, status: 'active' });
  });
});

describe('unknown paths', () => {
  it.each([
    ['GET', '/api/v1/nope'],
    ['DELETE', '/api/v1/prices'],
    ['GET', '/'],
  ])('%s %s is a 404 error envelope', (method, path) => {
    const res = createTestFake().call(method, path);
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, code: 'route_not_found' });
  });
});
