import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
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

  it('keeps a leading byte-order mark, alone, in a batch and after another text (fast-check found it dropped)', () => {
    const ring = createTextRing(600);
    const bom = '\ufeff';
    expect(ring.get(ring.put(bom))).toBe(bom);
    expect(ring.putAll([bom, `${bom}{"a":1}`, 'x']).map((h) => ring.get(h))).toEqual([bom, `${bom}{"a":1}`, 'x']);
    expect(ring.putAll(['é', `${bom}é`]).map((h) => ring.get(h))).toEqual(['é', `${bom}é`]);
  });

  it('puts a batch as put would one by one: ASCII at once, any other text after the bytes it tried', () => {
    const text = fc.oneof(fc.string({ maxLength: 300 }), fc.string({ unit: 'binary', maxLength: 60 }));
    fc.assert(
      fc.property(fc.array(fc.array(text, { maxLength: 70 }), { minLength: 1, maxLength: 30 }), fc.integer({ min: 600, max: 20_000 }), (batches, capacity) => {
        const ring = createTextRing(capacity);
        const kept: [number, string][] = [];
        for (const batch of batches) batch.length === 1 ? kept.push([ring.put(batch[0] as string), batch[0] as string]) : ring.putAll(batch).forEach((h, i) => kept.push([h, batch[i] as string]));
        // Every handle reads its own text or nothing (overwritten, or longer than the ring), never another's bytes.
        for (const [handle, value] of kept) {
          const got = ring.get(handle);
          if (got !== undefined) expect(got).toBe(value.isWellFormed() ? value : value.toWellFormed());
        }
        // The newest text that fits is always there.
        const [lastHandle, last] = kept.at(-1) ?? [-1, ''];
        if (lastHandle >= 0) expect(ring.get(lastHandle)).toBe(last.toWellFormed());
      }),
    );
  });
});
