import { describe, expect, it } from 'vitest';
import { createRng } from './rng.js';

const draw = (n: number, next: () => number): number[] => Array.from({ length: n }, next);

describe('createRng', () => {
  it('gives the same sequence for the same seed and a different one for another seed', () => {
    const a = createRng(42);
    const b = createRng(42);
    const c = createRng(43);
    const seqA = draw(20, a.next);
    expect(draw(20, b.next)).toEqual(seqA);
    expect(draw(20, c.next)).not.toEqual(seqA);
    for (const x of seqA) expect(x >= 0 && x < 1).toBe(true);
  });

  it('pins the first outputs of seed 1 so the stream never changes silently', () => {
    // Changing these values changes every seeded fixture: do it only on purpose.
    expect(draw(3, createRng(1).uint32)).toEqual([4153142873, 2483470762, 2292894117]);
    expect(Array.from(createRng(1).fork('x').bytes(4))).toEqual([206, 202, 139, 245]);
  });

  it('forks are independent of the parent stream and of each other', () => {
    const fresh = createRng(7).fork('prices');
    const used = createRng(7);
    draw(100, used.next);
    const late = used.fork('prices');
    expect(draw(10, late.next)).toEqual(draw(10, fresh.next));
    expect(draw(10, createRng(7).fork('addresses').next)).not.toEqual(draw(10, createRng(7).fork('prices').next));
    expect(draw(10, createRng(7).fork('a/b').next)).not.toEqual(draw(10, createRng(7).fork('a').fork('b').next));
  });

  it('int stays in range, covers it, and rejects bad bounds', () => {
    const rng = createRng(3);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const v = rng.int(-2, 2);
      expect(v >= -2 && v <= 2 && Number.isInteger(v)).toBe(true);
      seen.add(v);
    }
    expect(seen.size).toBe(5);
    expect(rng.int(5, 5)).toBe(5);
    expect(() => rng.int(3, 2)).toThrow(RangeError);
    expect(() => rng.int(0.5, 2)).toThrow(RangeError);
  });

  it('pick and bytes', () => {
    const rng = createRng(9);
    expect(['x', 'y']).toContain(rng.pick(['x', 'y']));
    expect(() => rng.pick([])).toThrow(RangeError);
    const bytes = rng.bytes(7);
    expect(bytes).toBeInstanceOf(Uint8Array);
    expect(bytes.length).toBe(7);
    expect(createRng(9).fork('x').bytes(32)).toEqual(createRng(9).fork('x').bytes(32));
    expect(rng.bytes(0).length).toBe(0);
  });

  it('rejects a non-integer seed', () => {
    expect(() => createRng(1.5)).toThrow(RangeError);
  });
});
