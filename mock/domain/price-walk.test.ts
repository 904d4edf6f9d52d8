// The Number fast path of the walk must equal the bigint definition exactly.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stepPrice, stepUnits, walkSteps } from './price-walk.js';

describe('stepUnits', () => {
  it('equals stepPrice for any price below 2^52 units, key, minute and step size', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 2n ** 52n - 1n }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 0, max: 2 ** 32 - 1 }),
        fc.integer({ min: 0, max: 500_000 }),
        (p, key, minute, maxStep) => {
          expect(BigInt(stepUnits(Number(p), key, minute, maxStep))).toBe(stepPrice(p, key, minute, maxStep));
        },
      ),
      { numRuns: 20_000 },
    );
  });

  it('walkSteps equals stepping with bigints, across the 2^52 boundary too', () => {
    for (const start of [1n, 21_374_000n, 9_845_025_000_000n, 2n ** 52n - 1000n, 2n ** 60n]) {
      let p = start;
      for (let m = 101; m <= 3000; m++) p = stepPrice(p, 77, m, 500_000);
      expect(walkSteps(start, 77, 100, 3000, 500_000)).toBe(p);
    }
  });
});
