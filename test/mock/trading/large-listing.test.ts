// A filtered listing over a large order history reads newest first with the
// filters. The orders are placed through the backend (the API would only be slower to set up), then
// listed through the shipped pipeline. What it costs against a small state is bench/'s to measure
// (bench/scale.ts: 1,000,000 orders), not a timed assertion here.
import { describe, expect, it } from 'vitest';
import { dec } from '../../../mock/domain/decimal.js';
import { MARKETS, type Order } from '../../../mock/domain/trading/index.js';
import { createTestFake, TRADE } from './trading-fake.js';

const BTC = MARKETS.find((m) => m.base === 'BTC')!;

describe('listing over 100,000 orders', () => {
  it('answers newest first with the filters', () => {
    const fake = createTestFake();
    const now = fake.clock.now();
    const { accountId } = fake.backend.createAccount(
      { name: 'busy', permissions: ['read', 'trade'], ipWhitelist: [], key: 'busy-key', balances: [{ currency: 'USDT', amount: dec('1000000000') }, { currency: 'BTC', amount: dec('100000') }] },
      now,
    );
    const placed: Order[] = [];
    for (let i = 0; i < 100_000; i++) {
      const amount = dec('0.001');
      const order =
        i % 4 === 0 ? fake.backend.placeSpotOrder(accountId, { market: BTC, side: 'buy', orderType: 'market', amount, price: null }, now)
        : i % 4 === 1 ? fake.backend.placeSpotOrder(accountId, { market: BTC, side: 'sell', orderType: 'limit', amount, price: dec('1000000') }, now)
        : i % 4 === 2 ? fake.backend.openPosition(accountId, { kind: 'margin', market: BTC, side: 'long', orderType: 'market', amount, price: null, leverage: 10, durationHours: null }, now)
        : fake.backend.placeBinaryOrder(accountId, { market: BTC, direction: 'long', amount: dec('1'), durationMinutes: 1440 }, now);
      placed.push(order);
    }
    const newest = (pick: (o: Order) => boolean) => placed.filter(pick).map((o) => o.id).reverse().slice(0, 100);
    const list = (query: string): number[] => (fake.data(`/api/v1/account/orders${query}`, 'busy-key') as Array<{ id: number }>).map((o) => o.id);
    expect(list('?type=margin&status=open&limit=100')).toEqual(newest((o) => o.type === 'margin'));
    expect(list('?limit=100')).toEqual(newest(() => true));
    expect(list('?status=filled&limit=100')).toEqual(newest((o) => o.type === 'spot' && o.orderType === 'market'));
    expect(list('?type=spot&status=open')).toEqual(newest((o) => o.type === 'spot' && o.orderType === 'limit').slice(0, 50));
    // Another account sees none of them.
    expect(fake.data('/api/v1/account/orders', TRADE)).toEqual([]);
  });
});
