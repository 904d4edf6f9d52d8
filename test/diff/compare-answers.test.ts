// The comparison of two answers as the interfaces read them, on answers made up to show each kind
// of difference: decimal scale, date format, a listing's membership and order (records matched by
// key, minted keys paired), types, the envelope, Content-Type, moving values within the tolerance
// and how far they moved, and an identifier paired twice differently.
import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../conformance/index.js';
import { compareAnswers, IdentifierMap } from '../../diff/index.js';

const answer = (path: string, body: unknown, status = 200, type = 'application/json; charset=utf-8', method = 'GET') =>
  recordExchange({ seq: 1, iface: 'trading', method, url: `http://127.0.0.1:1${path}`, requestHeaders: {}, requestBody: undefined, status, responseHeaders: { 'content-type': type }, body: JSON.stringify(body), startedAt: 0, endedAt: 1 });
const TOLERANCE = { relative: 0.001, seconds: 1 };
const kinds = (a: ReturnType<typeof answer>, b: ReturnType<typeof answer>, ids = new IdentifierMap()) =>
  compareAnswers('trading', a, b, ids, TOLERANCE).map((d) => `${d.kind}${d.noise ? ' (noise)' : ''} ${d.at}: ${d.primary} → ${d.candidate}`);

const order = (id: number, amount = '0.00100000', created_at = '2026-01-01 00:00:00') => ({ id, type: 'spot', market: 'BTC', pair: 'USDT', side: 'buy', amount, created_at });

describe('compareAnswers', () => {
  it('finds nothing between equal answers', () => {
    const a = answer('/api/v1/account/orders', { success: true, data: [order(1), order(2)] });
    expect(kinds(a, a)).toEqual([]);
  });

  it('pairs minted order ids instead of comparing them, then holds them to the pairing', () => {
    const ids = new IdentifierMap();
    expect(kinds(answer('/api/v1/account/orders', { success: true, data: [order(1), order(2)] }), answer('/api/v1/account/orders', { success: true, data: [order(11), order(12)] }), ids)).toEqual([]);
    expect(ids.get('trading order.id', '2')).toBe('12');
    // Listed the other way round on the candidate: the same records, another order.
    expect(kinds(answer('/api/v1/account/orders', { success: true, data: [order(1), order(2)] }), answer('/api/v1/account/orders', { success: true, data: [order(12), order(11)] }), ids)).toEqual(['order /data: 1, 2 → 12, 11']);
    // One missing, one the primary never listed.
    expect(kinds(answer('/api/v1/account/orders', { success: true, data: [order(1), order(2)] }), answer('/api/v1/account/orders', { success: true, data: [order(11)] }), ids)).toEqual([expect.stringMatching(/^membership \/data: .*"id":2.* → not listed$/)]);
  });

  it('judges a decimal\'s scale before its value, a date\'s format before its time, moving values by the tolerance', () => {
    const p = answer('/api/v1/account/orders', { success: true, data: [order(1, '0.00100000', '2026-01-01 00:00:00')] });
    expect(kinds(p, answer('/api/v1/account/orders', { success: true, data: [order(1, '0.0010000')] }))).toEqual(['scale /data/0/amount: 0.00100000 → 0.0010000']);
    expect(kinds(p, answer('/api/v1/account/orders', { success: true, data: [order(1, '0.00100001')] }))).toEqual(['value (noise) /data/0/amount: 0.00100000 → 0.00100001']);
    expect(kinds(p, answer('/api/v1/account/orders', { success: true, data: [order(1, '0.00200000')] }))).toEqual(['value /data/0/amount: 0.00100000 → 0.00200000']);
    expect(kinds(p, answer('/api/v1/account/orders', { success: true, data: [order(1, undefined, '2026-01-01T00:00:00Z')] }))).toEqual(['date-format /data/0/created_at: 2026-01-01 00:00:00 → 2026-01-01T00:00:00Z']);
    expect(kinds(p, answer('/api/v1/account/orders', { success: true, data: [order(1, undefined, '2026-01-01 00:00:09')] }))).toEqual(['value /data/0/created_at: 2026-01-01 00:00:00 → 2026-01-01 00:00:09']);
    expect(kinds(p, answer('/api/v1/account/orders', { success: true, data: [order(1, undefined, '2026-01-01 00:00:01')] }))).toEqual(['value (noise) /data/0/created_at: 2026-01-01 00:00:00 → 2026-01-01 00:00:01']);
    // How far each moved, as a secondary's noise is learned (noise-model.ts): relatively, and in seconds.
    const moved = compareAnswers('trading', p, answer('/api/v1/account/orders', { success: true, data: [order(1, '0.00400000', '2026-01-01 00:01:30')] }), new IdentifierMap(), TOLERANCE).map((d) => d.moved);
    expect(moved).toEqual([{ unit: 'relative', by: 0.75 }, { unit: 'seconds', by: 90 }]);
  });

  it('tells the envelope, a type, a field, the status and the Content-Type apart', () => {
    const p = answer('/api/v1/account', { success: true, data: { id: 1, name: 'Demo', balance: 5 } });
    expect(kinds(p, answer('/api/v1/account', { data: { id: 1, name: 'Demo', balance: 5 } }))).toEqual(['envelope /success: true → (absent)']);
    expect(kinds(p, answer('/api/v1/account', { success: true, data: { id: 1, name: 'Demo', balance: '5' } }))).toEqual(['type /data/balance: 5 → 5']);
    expect(kinds(p, answer('/api/v1/account', { success: true, data: { id: 1, name: 'Demo' } }))).toEqual(['field /data/balance: 5 → (absent)']);
    expect(kinds(p, answer('/api/v1/account', { success: false, error: 'x' }, 403))).toEqual(['status : 200 → 403']);
    expect(kinds(p, answer('/api/v1/account', { success: true, data: { id: 1, name: 'Demo', balance: 5 } }, 200, 'text/html'))).toEqual(['content-type header content-type: application/json; charset=utf-8 → text/html']);
  });

  it('calls an identifier paired with another one an identity difference', () => {
    const ids = new IdentifierMap();
    const placed = (id: number) => answer('/api/v1/spot/order', { success: true, data: order(id) }, 200, 'application/json', 'POST');
    expect(kinds(placed(1), placed(11), ids)).toEqual([]);
    expect(kinds(placed(1), placed(12), ids)).toEqual(['identity /data/id: 1 (paired with 11) → 12']);
  });
});
