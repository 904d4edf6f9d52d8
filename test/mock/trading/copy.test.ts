// Copy trading (seed section 3; decisions trading.copy-semantics, trading.conflict-409,
// trading.lead-trader-fields, trading.copy-relation-fields).
import { describe, expect, it } from 'vitest';
import { balanceOf, createTestFake, dec, READ, TRADE } from './trading-fake.js';

describe('GET /api/v1/copy/traders', () => {
  it('lists the active traders only, with followers counting active copies', () => {
    const fake = createTestFake();
    const before: any[] = fake.data('/api/v1/copy/traders', READ);
    expect(before.map((t) => t.id)).toEqual([1, 2, 3, 4]);
    fake.post('/api/v1/copy/start', { lead_trader_id: 1, copy_amount: 100 }, TRADE);
    expect(fake.data('/api/v1/copy/traders', READ)[0].followers).toBe(before[0].followers + 1);
    fake.post('/__doppel/traders/2', { status: 'inactive' });
    expect(fake.data('/api/v1/copy/traders', READ).map((t: any) => t.id)).toEqual([1, 3, 4]);
  });
});

describe('POST /api/v1/copy/start and /copy/stop', () => {
  it('start locks copy_amount USDT; stop refunds it plus the accrued result', () => {
    const fake = createTestFake();
    const started = fake.post('/api/v1/copy/start', { lead_trader_id: 1, copy_amount: 250.5 }, TRADE);
    expect(started.body.data).toEqual({
      lead_trader_id: 1, status: 'active', copy_amount: '250.50000000', result: '0.00000000', refunded: null,
      started_at: '2026-01-01 00:00:00', stopped_at: null,
    });
    expect(balanceOf(fake, TRADE, 'USDT', 'tron')).toEqual({ available: dec('9749.5'), locked: dec('250.5') });
    fake.advance(10 * 86400 + 3600);
    const stopped = fake.post('/api/v1/copy/stop', { lead_trader_id: 1 }, TRADE).body.data;
    // 250.5 × 0.004 × (10 + 1/24) days = 10.06175
    expect(stopped).toMatchObject({ status: 'stopped', result: '10.06175000', refunded: '260.56175000', stopped_at: '2026-01-11 01:00:00' });
    expect(balanceOf(fake, TRADE, 'USDT', 'tron')).toEqual({ available: dec('10010.06175'), locked: 0n });
  });

  it('a negative daily_return loses, never more than copy_amount, rounded down', () => {
    const fake = createTestFake();
    fake.post('/api/v1/copy/start', { lead_trader_id: 3, copy_amount: 100 }, TRADE);
    fake.advance(7);
    // 100 × −0.0012 × 7 s / 86400 s = −0.0000097222… → rounded down −0.00000973
    expect(fake.post('/api/v1/copy/stop', { lead_trader_id: 3 }, TRADE).body.data.result).toBe('-0.00000973');
    fake.post('/__doppel/traders/3', { daily_return: '-0.5' });
    fake.post('/api/v1/copy/start', { lead_trader_id: 3, copy_amount: 100 }, TRADE);
    fake.advance(5 * 86400);
    expect(fake.post('/api/v1/copy/stop', { lead_trader_id: 3 }, TRADE).body.data).toMatchObject({ result: '-100.00000000', refunded: '0.00000000' });
  });

  it('a daily_return change applies from then on; earlier accrual is kept', () => {
    const fake = createTestFake();
    fake.post('/api/v1/copy/start', { lead_trader_id: 2, copy_amount: 1000 }, TRADE);
    fake.advance(86400);
    fake.post('/__doppel/traders/2', { daily_return: '0.01' });
    fake.advance(86400);
    // 1000 × 0.0015 + 1000 × 0.01
    expect(fake.post('/api/v1/copy/stop', { lead_trader_id: 2 }, TRADE).body.data.result).toBe('11.50000000');
  });

  it('409 when already copying; 404 for an unknown or inactive trader; 404 stopping no relation', () => {
    const fake = createTestFake();
    expect(fake.post('/api/v1/copy/start', { lead_trader_id: 1, copy_amount: 100 }, TRADE).status).toBe(200);
    const again = fake.post('/api/v1/copy/start', { lead_trader_id: 1, copy_amount: 100 }, TRADE);
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('conflict');
    expect(fake.post('/api/v1/copy/start', { lead_trader_id: 99, copy_amount: 100 }, TRADE).status).toBe(404);
    expect(fake.post('/api/v1/copy/start', { lead_trader_id: 5, copy_amount: 100 }, TRADE).status).toBe(404);
    expect(fake.post('/api/v1/copy/stop', { lead_trader_id: 2 }, TRADE).status).toBe(404);
    expect(fake.post('/api/v1/copy/stop', { lead_trader_id: 1 }, TRADE).status).toBe(200);
    expect(fake.post('/api/v1/copy/stop', { lead_trader_id: 1 }, TRADE).status).toBe(404);
    expect(fake.post('/api/v1/copy/start', { lead_trader_id: 1, copy_amount: 100 }, TRADE).status).toBe(200);
  });

  it.each([
    [{ lead_trader_id: 4, copy_amount: 99.99 }, 'at least 100.00000000'],
    [{ lead_trader_id: 1, copy_amount: 20000 }, 'insufficient USDT'],
    [{ lead_trader_id: 1, copy_amount: '100' }, 'copy_amount must be number'],
    [{ lead_trader_id: 1, copy_amount: 0 }, 'copy_amount'],
    [{ lead_trader_id: 1, copy_amount: 0.123456789 }, 'at most 8 fraction digits'],
    [{ lead_trader_id: 1, copy_amount: 1e21 }, 'at most 8 fraction digits'],
    [{ copy_amount: 10 }, 'lead_trader_id is required'],
  ])('400 for %j', (body, message) => {
    const res = createTestFake().post('/api/v1/copy/start', body, TRADE);
    expect(res.status).toBe(400);
    expect(res.body.error).toContain(message);
  });

  it('400 for a bad stop body', () => {
    expect(createTestFake().post('/api/v1/copy/stop', { lead_trader_id: 0 }, TRADE).status).toBe(400);
  });
});
