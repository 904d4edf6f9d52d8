import { describe, expect, it } from 'vitest';
import { createTextRing } from './text-ring.js';

describe('text ring', () => {
  it('gives back what was put, non-ASCII included, until newer texts overwrite it (oldest first)', () => {
    const ring = createTextRing(1000);
    const handles = Array.from({ length: 40 }, (_, i) => ring.put(`{"n":${i},"s":"é€😀${'x'.repeat(i)}"}`));
    const alive = handles.map((h, i) => ring.get(h) === `{"n":${i},"s":"é€😀${'x'.repeat(i)}"}`);
    const lost = handles.map((h) => ring.get(h) === undefined);
    // Every handle is either intact or reported lost, never garbled; the lost ones are the oldest.
    expect(alive.every((a, i) => a || lost[i])).toBe(true);
    const firstAlive = alive.indexOf(true);
    expect(firstAlive).toBeGreaterThan(0);
    expect(alive.slice(firstAlive).every(Boolean)).toBe(true);
    expect(lost.slice(0, firstAlive).every(Boolean)).toBe(true);
  });

  it('refuses a text longer than the ring and forgets everything on clear', () => {
    const ring = createTextRing(100);
    expect(ring.put('y'.repeat(40))).toBe(-1); // 4 + 3 × 40 bytes at worst
    const h = ring.put('short');
    expect(ring.get(h)).toBe('short');
    ring.clear();
    expect(ring.get(ring.put('again'))).toBe('again');
  });

  it('grows from a small start to its capacity', () => {
    const ring = createTextRing(4 * 1024 * 1024);
    const big = 'z'.repeat(200_000);
    const handles = Array.from({ length: 10 }, () => ring.put(big));
    expect(handles.every((h) => ring.get(h) === big)).toBe(true);
  });
});
