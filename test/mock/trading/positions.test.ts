// Margin and futures positions and binary bids (decisions trading.margin-semantics,
// trading.futures-semantics, trading.futures-duration, trading.binary-semantics,
// trading.binary-durations), with settlement driven by the virtual clock.
import { describe, expect, it } from 'vitest';
import { balanceOf, createTestFake, dec, TRADE } from './trading-fake.js';

const position = (extra: Record<string, unknown>) => ({ market: 'BTC', pair: 'USDT', side: 'long', order_type: 'market', amount: '0.1', ...extra });
const bid = (extra: Record<string, unknown>) => ({ market: 'BTC', pair: 'USDT', direction: 'long', amount: '100', duration_minutes: 5, ...extra });

describe('POST /api/v1/margin/order', () => {
  it('reserves amount × entry ÷ leverage, rounded up, and stays open', () => {
    const fake = createTestFake();
    fake.setPrice('BTC', '60000.01');
    const res = fake.post('/api/v1/margin/order', position({ leverage: 7 }), TRADE);
    // 0.1 × 60000.01 ÷ 7 = 857.143 (rounded up to 8 digits: 857.14300000)
    expect(res.body.data).toMatchObject({ type: 'margin', status: 'open', leverage: 7, fill_price: '60000.01000000', margin: '857.14300000', expires_at: null });
    expect(balanceOf(fake, TRADE, 'USDT', 'tron').locked).toBe(dec('857.143'));
    fake.advance(30 * 86400);
    expect(fake.data('/api/v1/account/orders', TRADE)[0].status).toBe('open');
  });

  it('leverage defaults to 1; a limit order opens at its limit price', () => {
    const fake = createTestFake();
    const res = fake.post('/api/v1/margin/order', position({ order_type: 'limit', price: '50000', side: 'short' }), TRADE);
    expect(res.body.data).toMatchObject({ leverage: 1, price: '50000.00000000', fill_price: '50000.00000000', margin: '5000.00000000' });
  });

  it.each([
    [{ leverage: 0 }, 'leverage'],
    [{ leverage: 101 }, 'between 1 and 100'],
    [{ leverage: 2.5 }, 'leverage must be integer'],
    [{ market: 'TRX', amount: '10', leverage: 21 }, 'between 1 and 20'],
    [{ side: 'buy' }, 'side must be one of long, short'],
  ])('400 for %j', (extra, message) => {
    const res = createTestFake().post('/api/v1/margin/order', position(extra), TRADE);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });

  it('400 when the margin exceeds the balance', () => {
    const res = createTestFake().post('/api/v1/margin/order', position({ amount: '10' }), TRADE);
    expect(res.body.code).toBe('insufficient_balance');
  });
});

describe('POST /api/v1/futures/order', () => {
  it('expires after 24 hours by default and settles margin + pnl at the then price', () => {
    const fake = createTestFake();
    fake.setPrice('ETH', '3000');
    const placed = fake.post('/api/v1/futures/order', position({ market: 'ETH', amount: '2', leverage: 10 }), TRADE).body.data;
    expect(placed).toMatchObject({ duration_hours: 24, margin: '600.00000000', expires_at: '2026-01-02 00:00:00' });
    fake.setPrice('ETH', '3150.5');
    fake.advance(24 * 3600 - 1);
    expect(fake.data('/api/v1/account/orders', TRADE)[0].status).toBe('open');
    fake.advance(1);
    const settled = fake.data('/api/v1/account/orders', TRADE)[0];
    expect(settled).toMatchObject({ status: 'settled', pnl: '301.00000000', updated_at: '2026-01-02 00:00:00' });
    expect(balanceOf(fake, TRADE, 'USDT', 'tron')).toEqual({ available: dec('10301'), locked: 0n });
  });

  it('a short loses when the price rises; the loss is capped at the margin', () => {
    const fake = createTestFake();
    fake.setPrice('BTC', '50000');
    fake.post('/api/v1/futures/order', position({ side: 'short', amount: '0.1', leverage: 50, duration_hours: 1 }), TRADE);
    fake.post('/api/v1/futures/order', position({ side: 'short', amount: '0.1', leverage: 5, duration_hours: 2 }), TRADE);
    fake.setPrice('BTC', '51000');
    fake.advance(3 * 3600);
    const [second, first] = fake.data('/api/v1/account/orders?type=futures', TRADE);
    expect(first).toMatchObject({ status: 'settled', margin: '100.00000000', pnl: '-100.00000000', expires_at: '2026-01-01 01:00:00' });
    expect(second).toMatchObject({ status: 'settled', margin: '1000.00000000', pnl: '-100.00000000' });
    expect(balanceOf(fake, TRADE, 'USDT', 'tron')).toEqual({ available: dec('9800'), locked: 0n });
  });

  it('each expiry is priced at its own time, even after one long clock jump', () => {
    const fake = createTestFake(11);
    const start = fake.clock.now();
    fake.post('/api/v1/futures/order', position({ duration_hours: 1, leverage: 10 }), TRADE);
    fake.post('/api/v1/futures/order', position({ duration_hours: 5, leverage: 10 }), TRADE);
    const entry = fake.prices.priceOf('BTC') as bigint;
    fake.advance(10 * 3600);
    const [late, early] = fake.data('/api/v1/account/orders', TRADE);
    const pnl = (hours: number) => ((fake.prices.priceAt('BTC', start + hours * 3_600_000) as bigint) - entry) * dec('0.1');
    const floor = (n: bigint) => (n >= 0n ? n / 100_000_000n : -((-n + 99_999_999n) / 100_000_000n));
    expect(dec(early.pnl)).toBe(floor(pnl(1)));
    expect(dec(late.pnl)).toBe(floor(pnl(5)));
  });

  it.each([0, 721, 1.5])('400 for duration_hours %s', (duration_hours) => {
    expect(createTestFake().post('/api/v1/futures/order', position({ duration_hours }), TRADE).status).toBe(400);
  });
});

describe('POST /api/v1/binary/order', () => {
  it.each([
    ['won', 'long', '60001', '85.00000000', dec('10085')],
    ['lost', 'long', '59999', '-100.00000000', dec('9900')],
    ['won', 'short', '59999', '85.00000000', dec('10085')],
    ['draw', 'short', '60000', '0.00000000', dec('10000')],
  ])('%s: a %s bid with the price moving to %s', (result, direction, exit, pnl, balance) => {
    const fake = createTestFake();
    fake.setPrice('BTC', '60000');
    const placed = fake.post('/api/v1/binary/order', bid({ direction }), TRADE).body.data;
    expect(placed).toMatchObject({ type: 'binary', side: null, direction, status: 'open', fill_price: '60000.00000000', duration_minutes: 5, expires_at: '2026-01-01 00:05:00' });
    expect(balanceOf(fake, TRADE, 'USDT', 'tron').locked).toBe(dec('100'));
    fake.setPrice('BTC', exit);
    fake.advance(299);
    expect(fake.data('/api/v1/account/orders', TRADE)[0].status).toBe('open');
    fake.advance(1);
    expect(fake.data('/api/v1/account/orders', TRADE)[0]).toMatchObject({ status: 'settled', result, pnl });
    expect(balanceOf(fake, TRADE, 'USDT', 'tron')).toEqual({ available: balance, locked: 0n });
  });

  it.each([1, 5, 15, 30, 60, 240, 1440])('duration_minutes %i is allowed', (duration_minutes) => {
    expect(createTestFake().post('/api/v1/binary/order', bid({ duration_minutes }), TRADE).status).toBe(200);
  });

  it.each([
    [{ duration_minutes: 2 }, 'duration_minutes must be one of 1, 5, 15, 30, 60, 240, 1440'],
    [{ duration_minutes: undefined }, 'duration_minutes is required'],
    [{ direction: 'up' }, 'direction must be one of long, short'],
    [{ amount: '0' }, 'amount must be greater than 0'],
    [{ market: 'ABC' }, 'unknown market'],
    [{ amount: '20000' }, 'insufficient USDT'],
  ])('400 for %j', (extra, message) => {
    const res = createTestFake().post('/api/v1/binary/order', bid(extra), TRADE);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });
});
