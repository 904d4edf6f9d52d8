// The noise a secondary shows, learned per operation, generalised pointer and kind: a moving value
// up to the largest move seen, any other kind at all, a status only as the exact pair seen.
import { describe, expect, it } from 'vitest';
import { NoiseModel, type FieldDifference } from '../../diff/index.js';

const price = (at: string, by: number): FieldDifference => ({ kind: 'value', at, primary: '100.00000000', candidate: 'moved', moved: { unit: 'relative', by } });
const status = (primary: number, candidate: number): FieldDifference => ({ kind: 'status', at: '', primary: String(primary), candidate: String(candidate) });

describe('NoiseModel', () => {
  it('learns a moving value\'s largest move, for every record of a listing, at that field only', () => {
    const model = new NoiseModel();
    model.learn('getOrders', [price('/data/3/price', 0.001), price('/data/7/price', 0.004)]);
    expect(model.size).toBe(1);
    expect(model.isNoise('getOrders', price('/data/0/price', 0.004))).toBe(true);
    expect(model.isNoise('getOrders', price('/data/12/price', 0.0041))).toBe(false);
    expect(model.isNoise('getOrders', price('/data/0/amount', 0.0001))).toBe(false);
    expect(model.isNoise('getOrder', price('/data/0/price', 0.0001))).toBe(false);
    expect(model.isNoise('getOrders', { ...price('/data/0/price', 0.001), moved: { unit: 'seconds', by: 0.001 } })).toBe(false);
    // Within the fixed tolerance is noise whatever was learned.
    expect(model.isNoise('getOrders', { ...price('/data/0/amount', 0.0001), noise: true })).toBe(true);
  });

  it('takes any difference of another kind as noise once the two copies differed there', () => {
    const model = new NoiseModel();
    model.learn('getOrders', [{ kind: 'order', at: '/data', primary: '1, 2', candidate: '2, 1' }, { kind: 'value', at: '/data/0/status', primary: 'open', candidate: 'filled' }]);
    expect(model.isNoise('getOrders', { kind: 'order', at: '/data', primary: '1, 2, 3', candidate: '3, 2, 1' })).toBe(true);
    expect(model.isNoise('getOrders', { kind: 'value', at: '/data/5/status', primary: 'open', candidate: 'cancelled' })).toBe(true);
    expect(model.isNoise('getOrders', { kind: 'membership', at: '/data', primary: 'not listed', candidate: '{"id":4}' })).toBe(false);
    expect(model.isNoise('getOrders', { kind: 'type', at: '/data/0/status', primary: 'open', candidate: '1' })).toBe(false);
  });

  it('takes a status as noise only for the pair of statuses the two copies answered, in either order', () => {
    const model = new NoiseModel();
    model.learn('createOrder', [status(200, 429)]);
    expect(model.isNoise('createOrder', status(200, 429))).toBe(true);
    expect(model.isNoise('createOrder', status(429, 200))).toBe(true);
    expect(model.isNoise('createOrder', status(200, 500))).toBe(false);
    expect(model.isNoise('getOrders', status(200, 429))).toBe(false);
  });
});
