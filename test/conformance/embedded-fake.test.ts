// The checker passes against the embedded fake over several seeds (small --runs keep it fast), and
// every check is exercised there: a check that evaluated nothing has not passed; and every input
// class of both interfaces is sent (a request of it answered 2xx).
import { describe, expect, it } from 'vitest';
import { renderConsole, runConformance } from '../../conformance/index.js';

describe('doppel check against the embedded fake', () => {
  for (const seed of [1, 42, 20260101]) {
    it(`passes with seed ${seed}, every check exercised`, async () => {
      const report = await runConformance({ seed, runs: 10, rateLimit: true, concurrency: 8, requireAll: true });
      if (report.failed) console.log(renderConsole(report));
      expect(report.failures.map((f) => `${f.checkId}: ${f.title}`)).toEqual([]);
      expect(report.checks.filter((c) => c.status !== 'passed').map((c) => `${c.id}: ${c.status} ${c.reason ?? ''}`)).toEqual([]);
      expect(report.checks.every((c) => c.cases > 0)).toBe(true);
      expect(report.inputClasses.unsent).toEqual([]);
      expect(report.inputClasses.sent).toBe(report.inputClasses.total);
      expect(report.failed).toBe(false);
    });
  }

  // `doppel check` as README runs it: every option at its default. Seed 11 generates a listing with
  // a limit below the default (38) that default-listing-limit pairs with the listing without one.
  it('passes with every option at its default, seed 11', async () => {
    const report = await runConformance({ seed: 11 });
    if (report.failed) console.log(renderConsole(report));
    expect(report.failures.map((f) => `${f.checkId}: ${f.title}`)).toEqual([]);
    expect(report.checks.find((c) => c.id === 'default-listing-limit')?.status).toBe('passed');
    expect(report.inputClasses.unsent).toEqual([]);
  });
});
