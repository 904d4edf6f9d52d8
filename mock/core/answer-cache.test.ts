import { describe, expect, it } from 'vitest';
import { createAnswerCache } from './answer-cache.js';

describe('answer cache', () => {
  const read = {};
  it('answers what it keeps until its quiet time or an invalidation', () => {
    const cache = createAnswerCache();
    cache.put(read, 'k', { status: 200, text: 'a' }, 100);
    expect(cache.get(read, 'k', 99)?.text).toBe('a');
    expect(cache.get(read, 'k', 100)).toBeUndefined();
    expect(cache.get({}, 'k', 0)).toBeUndefined();
    cache.invalidate();
    expect(cache.get(read, 'k', 0)).toBeUndefined();
  });

  it('stays bounded: distinct keys and characters start it over, a long text is not kept', () => {
    const cache = createAnswerCache();
    for (let i = 0; i < 10_000; i++) cache.put(read, `k${i}`, { status: 200, text: 'x' }, Infinity);
    const held = Array.from({ length: 10_000 }, (_, i) => cache.get(read, `k${i}`, 0)).filter((a) => a !== undefined).length;
    expect(held).toBeGreaterThan(0);
    expect(held).toBeLessThanOrEqual(512);
    const big = 'y'.repeat(60 * 1024);
    for (let i = 0; i < 40; i++) cache.put(read, `b${i}`, { status: 200, text: big }, Infinity);
    const bigHeld = Array.from({ length: 40 }, (_, i) => cache.get(read, `b${i}`, 0)).filter((a) => a !== undefined).length;
    expect(bigHeld * big.length).toBeLessThanOrEqual(1 << 20);
    cache.put(read, 'huge', { status: 200, text: 'z'.repeat(65 * 1024) }, Infinity);
    expect(cache.get(read, 'huge', 0)).toBeUndefined();
  });
});
