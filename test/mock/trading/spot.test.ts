// POST /api/v1/spot/order and /spot/cancel (decisions trading.spot-semantics,
// trading.cancel-semantics, trading.required-fields) and limit fills driven by the clock.
import { describe, expect, it } from 'vitest';
import { MINUTE_MS } from '../../../mock/domain/price-book.js';
import { balanceOf, createTestFake, dec, formatDec8, READ, TRADE } from './trading-fake.js';

const order = (extra: Record<string, unknown>) => ({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.01', ...extra });
const mul = (a: bigint, b: bigint) => (a * b) / 100_000_000n;

describe('market orders', () => {
  it('a buy fills at the current price and moves both currencies', () => {
    const fake = createTestFake();
    const price = fake.prices.priceOf('BTC') as bigint;
    const usdt = balanceOf(fake, TRADE, 'USDT', 'tron').available;
    const btc = balanceOf(fake, TRADE, 'BTC').available;
    const res = fake.post('/api/v1/spot/order', order({}), TRADE);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ type: 'spot', status: 'filled', fill_price: formatDec8(price), price: null, amount: '0.01000000' });
    expect(balanceOf(fake, TRADE, 'USDT', 'tron').available).toBe(usdt - mul(dec('0.01'), price));
    expect(balanceOf(fake, TRADE, 'BTC').available).toBe(btc + dec('0.01'));
    // The USDT held on another chain is never touched (decision trading.balance-meaning).
    expect(balanceOf(fake, TRADE, 'USDT', 'ethereum').available).toBe(dec('2500'));
  });

  it('a sell debits the base and credits the quote; a new currency gets its settlement-chain entry', () => {
    const fake = createTestFake();
    const price = fake.prices.priceOf('SOL') as bigint;
    fake.post('/api/v1/spot/order', order({ market: 'sol', pair: 'usdt', side: 'sell', amount: '2.5' }), TRADE);
    expect(balanceOf(fake, TRADE, 'SOL').available).toBe(dec('97.5'));
    const res = fake.post('/api/v1/spot/order', order({ market: 'LTC', amount: '1' }), TRADE);
    expect(res.status).toBe(200);
    expect(balanceOf(fake, TRADE, 'LTC', 'litecoin').available).toBe(dec('1'));
    expect(price).toBeGreaterThan(0n);
  });

  it('insufficient balance is a 400 and changes nothing', () => {
    const fake = createTestFake();
    const before = fake.data('/api/v1/account/balances', TRADE);
    const res = fake.post('/api/v1/spot/order', order({ amount: '100' }), TRADE);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('insufficient_balance');
    expect(fake.data('/api/v1/account/balances', TRADE)).toEqual(before);
    expect(fake.data('/api/v1/account/orders', TRADE)).toEqual([]);
  });
});

describe('input checks (400)', () => {
  const fake = createTestFake();
  it.each([
    ['no body', undefined, 'a JSON request body is required'],
    ['missing side', { market: 'BTC', pair: 'USDT', order_type: 'market', amount: '1' }, 'side is required'],
    ['bad side', order({ side: 'long' }), 'side must be one of buy, sell'],
    ['amount as number', order({ amount: 0.01 }), 'amount must be string'],
    ['exponent amount', order({ amount: '1e-3' }), 'amount must be'],
    ['zero amount', order({ amount: '0' }), 'amount must be greater than 0'],
    ['below min_amount', order({ amount: '0.00001' }), 'at least 0.00010000'],
    ['beyond amount_precision', order({ amount: '0.0000001' }), 'fraction digits'],
    ['limit without price', order({ order_type: 'limit' }), 'price is required for limit orders'],
    ['beyond price_precision', order({ order_type: 'limit', price: '50000.123' }), 'price has more than 2'],
    ['unknown market', order({ market: 'XYZ' }), 'unknown market XYZ/USDT'],
    ['unknown quote', order({ pair: 'EUR' }), 'unknown market BTC/EUR'],
  ])('%s', (_name, body, message) => {
    const res = fake.call('POST', '/api/v1/spot/order', { key: TRADE, ...(body === undefined ? {} : { body }) });
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });

  it('invalid JSON is a 400 envelope', () => {
    const res = fake.app.handle({
      method: 'POST', path: '/api/v1/spot/order', query: new URLSearchParams(), headers: { 'api-key': TRADE },
      body: undefined, bodyError: 'invalid_json', ip: '127.0.0.1',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'invalid_json' });
  });
});

describe('limit orders', () => {
  it('a buy below the price reserves amount × limit and stays open; cancel releases it', () => {
    const fake = createTestFake();
    fake.setPrice('BTC', '60000');
    const placed = fake.post('/api/v1/spot/order', order({ order_type: 'limit', price: '50000', amount: '0.1' }), TRADE).body.data;
    expect(placed).toMatchObject({ status: 'open', price: '50000.00000000', fill_price: null });
    expect(balanceOf(fake, TRADE, 'USDT', 'tron')).toEqual({ available: dec('5000'), locked: dec('5000') });
    const cancelled = fake.post('/api/v1/spot/cancel', { order_id: placed.id }, TRADE);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data.status).toBe('cancelled');
    expect(balanceOf(fake, TRADE, 'USDT', 'tron')).toEqual({ available: dec('10000'), locked: 0n });
  });

  it('fills when an admin price crosses it, at the limit price', () => {
    const fake = createTestFake();
    fake.setPrice('BTC', '60000');
    const buy = fake.post('/api/v1/spot/order', order({ order_type: 'limit', price: '55000', amount: '0.1' }), TRADE).body.data;
    const sell = fake.post('/api/v1/spot/order', order({ side: 'sell', order_type: 'limit', price: '65000', amount: '0.2' }), TRADE).body.data;
    expect(balanceOf(fake, TRADE, 'BTC')).toEqual({ available: dec('0.3'), locked: dec('0.2') });
    fake.advance(90);
    fake.setPrice('BTC', '54999.99');
    const orders: any[] = fake.data('/api/v1/account/orders', TRADE);
    expect(orders.find((o) => o.id === buy.id)).toMatchObject({ status: 'filled', fill_price: '55000.00000000', updated_at: '2026-01-01 00:01:30' });
    expect(orders.find((o) => o.id === sell.id)?.status).toBe('open');
    expect(balanceOf(fake, TRADE, 'USDT', 'tron')).toEqual({ available: dec('4500'), locked: 0n });
    expect(balanceOf(fake, TRADE, 'BTC').available).toBe(dec('0.4'));
    fake.setPrice('BTC', '65000');
    expect(fake.data('/api/v1/account/orders?status=filled', TRADE).map((o: any) => o.id)).toEqual([sell.id, buy.id]);
    expect(balanceOf(fake, TRADE, 'USDT', 'tron').available).toBe(dec('4500') + dec('13000'));
    expect(balanceOf(fake, TRADE, 'BTC')).toEqual({ available: dec('0.4'), locked: 0n });
  });

  it('a limit the price already crosses fills at once at its limit', () => {
    const fake = createTestFake();
    fake.setPrice('ETH', '3000');
    const res = fake.post('/api/v1/spot/order', order({ market: 'ETH', order_type: 'limit', price: '3100', amount: '1' }), TRADE);
    expect(res.body.data).toMatchObject({ status: 'filled', fill_price: '3100.00000000' });
    expect(balanceOf(fake, TRADE, 'USDT', 'tron')).toEqual({ available: dec('6900'), locked: 0n });
  });

  it('fills at the first minute step of the walk that crosses it', () => {
    const fake = createTestFake(3);
    const start = fake.clock.now();
    // The lowest price the walk takes in the next 6 hours, and the first minute it is reached.
    let low = fake.prices.priceOf('ETH') as bigint;
    let lowAt = start;
    for (let m = 1; m <= 360; m++) {
      const p = fake.prices.priceAt('ETH', start + m * MINUTE_MS) as bigint;
      if (p < low) [low, lowAt] = [p, start + m * MINUTE_MS];
    }
    expect(lowAt).toBeGreaterThan(start);
    const limit = (low / 1_000_000n + 1n) * 1_000_000n; // up to 2 digits, just above the low
    let firstCross = 0;
    for (let m = 1; m <= 360 && firstCross === 0; m++) {
      if ((fake.prices.priceAt('ETH', start + m * MINUTE_MS) as bigint) <= limit) firstCross = start + m * MINUTE_MS;
    }
    const placed = fake.post('/api/v1/spot/order', order({ market: 'ETH', order_type: 'limit', price: formatDec8(limit), amount: '0.5' }), TRADE);
    expect(placed.body.data.status).toBe('open');
    fake.advance(6 * 3600);
    const [filled] = fake.data('/api/v1/account/orders', TRADE);
    expect(filled.status).toBe('filled');
    expect(filled.updated_at).toBe(new Date(firstCross).toISOString().replace('T', ' ').slice(0, 19));
  });
});

describe('POST /api/v1/spot/cancel', () => {
  it('404 for an unknown order and for another account\'s order', () => {
    const fake = createTestFake();
    fake.setPrice('BTC', '60000');
    const other = fake.newKey({ balances: [{ currency: 'USDT', balance: '1000' }] });
    const theirs = fake.post('/api/v1/spot/order', order({ order_type: 'limit', price: '10000', amount: '0.01' }), other).body.data;
    expect(fake.post('/api/v1/spot/cancel', { order_id: 999 }, TRADE).status).toBe(404);
    const res = fake.post('/api/v1/spot/cancel', { order_id: theirs.id }, TRADE);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('not_found');
  });

  it('400 for an order that is not open or not spot', () => {
    const fake = createTestFake();
    const filled = fake.post('/api/v1/spot/order', order({}), TRADE).body.data;
    const margin = fake.post('/api/v1/margin/order', order({ side: 'long' }), TRADE).body.data;
    for (const id of [filled.id, margin.id]) {
      const res = fake.post('/api/v1/spot/cancel', { order_id: id }, TRADE);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('order_not_open');
    }
    expect(fake.post('/api/v1/spot/cancel', { order_id: 'x' }, TRADE).status).toBe(400);
    expect(fake.post('/api/v1/spot/cancel', { order_id: 1 }, READ).status).toBe(403);
  });
});

describe('a refused order leaves no trace', () => {
  it('no empty balance row appears for a currency the account never held', () => {
    const fake = createTestFake();
    const key = fake.newKey({ balances: [{ currency: 'BTC', balance: '1' }] });
    expect(fake.post('/api/v1/spot/order', order({}), key).body.code).toBe('insufficient_balance');
    expect(fake.data('/api/v1/account/balances', key).map((r: any) => r.currency)).toEqual(['BTC']);
  });
});
