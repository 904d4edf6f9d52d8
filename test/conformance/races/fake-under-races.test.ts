// The fake stays right under races: the race checks fire their overlapping requests at `doppel
// mock` over HTTP with 16 clients and judge every history; over 20 seeds all are linearizable and
// every race check evaluated something (none passed by evaluating nothing). The limiter's burst
// (120 requests) runs on every fourth seed: its answers do not depend on the seed's data.
import { describe, expect, it } from 'vitest';
import { startMock } from '../../../mock/index.js';
import { runConformance } from '../../../conformance/index.js';
import { RACE_CHECKS } from '../../../conformance/checks/race/race-checks.js';

const RACES = RACE_CHECKS.map((c) => c.id);

describe('doppel mock under races (--concurrency 16)', () => {
  it('every history of every race check is linearizable, over 20 seeds', async () => {
    const seen: string[] = [];
    const plan: string[] = [];
    for (let seed = 1; seed <= 20; seed++) {
      const mock = await startMock({ tradingPort: 0, walletPort: 0, seed, clock: 'manual', walletRateLimit: 60, quiet: true });
      try {
        const report = await runConformance({
          targets: { trading: { url: mock.trading.url, key: 'demo-trade-key' }, wallet: { url: mock.wallet.url, key: 'demo-wallet-key' } },
          seed,
          runs: 1,
          allowWrites: true,
          rateLimit: true,
          concurrency: 16,
          strict: true,
          checks: seed % 4 === 1 ? RACES : RACES.filter((id) => id !== 'rate-limit-race'),
          walletKeyBudget: Number.POSITIVE_INFINITY,
          log: (line) => void (seed === 1 && plan.push(line)),
        });
        seen.push(...report.failures.map((f) => `seed ${seed}: ${f.checkId}/${f.assertion}: ${f.message}`));
        for (const id of seed % 4 === 1 ? RACES : RACES.filter((id) => id !== 'rate-limit-race')) expect(report.checks.find((c) => c.id === id)?.status, `seed ${seed}: ${id}`).toBe('passed');
      } finally {
        await mock.close();
      }
    }
    expect(seen).toEqual([]);
    // The plan names the race requests and the most they move.
    const text = plan.join('\n');
    expect(text).toContain('races (--concurrency 16)');
    expect(text).toMatch(/sends 0\.00005 of its native coin .*the most that leaves the key's user/);
    expect(text).toContain('16 registrations of one doppel-race-*@example.test e-mail at once');
  }, 120_000);
});
