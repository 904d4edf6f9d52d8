// The checker passes against the embedded fake over several seeds (small --runs keep it fast).
import { describe, expect, it } from 'vitest';
import { renderConsole, runConformance } from '../../conformance/index.js';

describe('doppel check against the embedded fake', () => {
  for (const seed of [1, 42, 20260101]) {
    it(`passes with seed ${seed}`, async () => {
      const report = await runConformance({ seed, runs: 10, rateLimit: true });
      if (report.failed) console.log(renderConsole(report));
      expect(report.failures.map((f) => `${f.checkId}: ${f.title}`)).toEqual([]);
      expect(report.checks.filter((c) => c.status === 'skipped').map((c) => c.id)).toEqual([]);
    });
  }
});
