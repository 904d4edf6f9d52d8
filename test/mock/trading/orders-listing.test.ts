// GET /api/v1/account/orders (decisions trading.orders-listing, trading.orders-default-limit):
// filters, limit 1..100 default 50, newest first, only the caller's orders.
import { describe, expect, it } from 'vitest';
import { createTestFake, READ, TRADE, type TestFake } from './trading-fake.js';

const spot = (extra: Record<string, unknown> = {}) => ({ market: 'DOGE', pair: 'USDT', side: 'buy', order_type: 'market', amount: '1', ...extra });

function withOrders(): { fake: TestFake; ids: Record<string, number[]> } {
  const fake = createTestFake();
  fake.setPrice('DOGE', '0.2');
  const ids: Record<string, number[]> = { filled: [], open: [], cancelled: [], margin: [], binary: [] };
  const place = (path: string, body: unknown) => {
    const res = fake.post(path, body, TRADE);
    expect(res.status).toBe(200);
    fake.advance(1);
    return res.body.data.id as number;
  };
  for (let i = 0; i < 60; i++) ids['filled']?.push(place('/api/v1/spot/order', spot()));
  for (let i = 0; i < 5; i++) ids['open']?.push(place('/api/v1/spot/order', spot({ order_type: 'limit', price: '0.1' })));
  for (let i = 0; i < 3; i++) ids['margin']?.push(place('/api/v1/margin/order', spot({ side: 'long', leverage: 2 })));
  for (let i = 0; i < 2; i++) ids['binary']?.push(place('/api/v1/binary/order', { market: 'DOGE', pair: 'USDT', direction: 'long', amount: '1', duration_minutes: 1440 }));
  const cancel = ids['open']?.shift() as number;
  expect(fake.post('/api/v1/spot/cancel', { order_id: cancel }, TRADE).status).toBe(200);
  ids['cancelled']?.push(cancel);
  return { fake, ids };
}

const idsOf = (fake: TestFake, query: string, key = TRADE): number[] => fake.data(`/api/v1/account/orders${query}`, key).map((o: any) => o.id);
const newestFirst = (ids: number[] | undefined): number[] => [...(ids ?? [])].sort((a, b) => b - a);

describe('GET /api/v1/account/orders', () => {
  const { fake, ids } = withOrders();

  it('default limit 50, newest first', () => {
    const all = idsOf(fake, '');
    expect(all).toHaveLength(50);
    expect(all).toEqual(newestFirst(Object.values(ids).flat()).slice(0, 50));
  });

  it('limit up to 100', () => {
    expect(idsOf(fake, '?limit=100')).toHaveLength(70);
    expect(idsOf(fake, '?limit=3')).toEqual(newestFirst(Object.values(ids).flat()).slice(0, 3));
  });

  it('filters by status and type, alone and together', () => {
    expect(idsOf(fake, '?status=open')).toEqual(newestFirst([...(ids['open'] ?? []), ...(ids['margin'] ?? []), ...(ids['binary'] ?? [])]));
    expect(idsOf(fake, '?status=cancelled')).toEqual(ids['cancelled']);
    expect(idsOf(fake, '?type=margin')).toEqual(newestFirst(ids['margin']));
    expect(idsOf(fake, '?type=spot&status=open')).toEqual(newestFirst(ids['open']));
    expect(idsOf(fake, '?type=spot&status=filled&limit=100')).toEqual(newestFirst(ids['filled']));
    expect(idsOf(fake, '?type=futures')).toEqual([]);
    expect(idsOf(fake, '?status=settled')).toEqual([]);
  });

  it('a status change moves an order between filters', () => {
    const local = withOrders();
    local.fake.setPrice('DOGE', '0.05');
    expect(idsOf(local.fake, '?type=spot&status=open')).toEqual([]);
    expect(idsOf(local.fake, '?type=spot&status=filled&limit=100')).toEqual(newestFirst([...(local.ids['filled'] ?? []), ...(local.ids['open'] ?? [])]));
  });

  it('only the caller\'s orders', () => {
    expect(idsOf(fake, '', READ)).toEqual([]);
  });

  it.each(['?limit=101', '?limit=0', '?limit=-1', '?limit=1.5', '?limit=abc', '?type=options', '?status=pending'])('400 for %s', (query) => {
    const res = fake.get(`/api/v1/account/orders${query}`, TRADE);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('invalid_request');
  });
});
