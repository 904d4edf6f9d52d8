// Issue 3 (state): a filtered listing over a very large order history must not scan it. The
// orders are recorded through the domain (the API would only be slower to set up), then listed
// through the app; the listing must read the same, and cost about the same, as over a small one.
import { describe, expect, it } from 'vitest';
import { dec } from '../../../mock/domain/decimal.js';
import { moveOrder } from '../../../mock/domain/trading/order-index.js';
import { recordOrder } from '../../../mock/domain/trading/orders.js';
import type { OrderKind } from '../../../mock/domain/trading/trading-state.js';
import { createTestFake, TRADE, type TestFake } from './trading-fake.js';

const KINDS: OrderKind[] = ['spot', 'margin', 'futures', 'binary'];

function fill(fake: TestFake, n: number): void {
  const { state } = fake.model;
  const now = fake.clock.now();
  for (let i = 0; i < n; i++) {
    const order = recordOrder(state, {
      accountId: i % 10 === 0 ? 2 : 1, type: KINDS[i % 4] as OrderKind, market: 'BTC', pair: 'USDT', side: 'buy', direction: null,
      orderType: 'market', amount: dec('0.001'), price: null, fillPrice: dec('60000'), leverage: null, margin: null,
      durationHours: null, durationMinutes: null, status: 'open', result: null, pnl: null, expiresAt: null, reserved: 0n, reservedCurrency: 'USDT',
    }, now + i);
    if (i % 7 !== 0) moveOrder(state, order, i % 3 === 0 ? 'cancelled' : 'filled');
  }
}

function timeListing(fake: TestFake, query: string): number {
  const t0 = performance.now();
  for (let i = 0; i < 50; i++) fake.get(`/api/v1/account/orders${query}`, TRADE);
  return (performance.now() - t0) / 50;
}

describe('listing over 300,000 orders', () => {
  it('answers newest first with the filters, in about the time of a small state', () => {
    const small = createTestFake();
    fill(small, 1_000);
    const big = createTestFake();
    fill(big, 300_000);
    const rows: any[] = big.data('/api/v1/account/orders?type=margin&status=open&limit=100', TRADE);
    expect(rows).toHaveLength(100);
    expect(rows.every((o) => o.type === 'margin' && o.status === 'open')).toBe(true);
    const ids = rows.map((o) => o.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(ids[0]).toBe(big.model.state.orders.filter((o) => o.accountId === 1 && o.type === 'margin' && o.status === 'open').at(-1)?.id);
    for (const query of ['?limit=100', '?status=open&limit=100', '?type=binary&limit=100']) {
      timeListing(small, query);
      timeListing(big, query); // warm-up
      // Generous bound (CI noise); a scan of 300,000 orders would be ~100× slower, not 3×.
      expect(timeListing(big, query)).toBeLessThan(timeListing(small, query) * 3 + 1);
    }
  });
});
