// The broken-server suite: each mutant proxy breaks one behaviour of the fake; the checker must
// report the expected check as failed. The kill rate is computed here and asserted (100%), and the
// figure in docs/guides/checking-a-deployment.md is checked against the mutant count (nothing is
// written: npm test rewrites no file).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { runConformance, type RunReport } from '../../conformance/index.js';
import { startProxy, type Breakage } from './broken-proxy.js';
import { MUTANTS } from './mutants.js';

const results: { mutant: string; expected: string; killed: boolean; caughtBy: string[] }[] = [];

async function checkBehind(breakage: Breakage, iface: 'trading' | 'wallet', rateLimit: boolean): Promise<RunReport> {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: rateLimit ? 60 : 1_000_000, quiet: true });
  const proxy = await startProxy(iface === 'trading' ? mock.trading.url : mock.wallet.url, breakage);
  try {
    const trading = { url: iface === 'trading' ? proxy.url : mock.trading.url, key: 'demo-trade-key', readKey: 'demo-read-key' };
    const wallet = { url: iface === 'wallet' ? proxy.url : mock.wallet.url, key: 'demo-wallet-key' };
    return await runConformance({
      targets: iface === 'trading' ? { trading } : { wallet },
      seed: 11,
      runs: 5,
      allowWrites: true,
      strict: true,
      rateLimit,
      // The rate-limit mutant needs only the 429 checks; a budget would slow the run down.
      checks: rateLimit ? ['rate-limit-429', 'rate-limit-retry-after'] : undefined,
      walletKeyBudget: Number.POSITIVE_INFINITY,
    });
  } finally {
    await proxy.close();
    await mock.close();
  }
}

describe('broken-server suite', () => {
  for (const iface of ['trading', 'wallet'] as const) {
    it(`an unbroken proxy in front of the ${iface} fake passes`, async () => {
      const report = await checkBehind({}, iface, false);
      expect(report.failures.map((f) => `${f.checkId}: ${f.title}`)).toEqual([]);
    });
  }

  for (const mutant of MUTANTS) {
    it(`kills "${mutant.name}" with ${mutant.killedBy}`, async () => {
      const report = await checkBehind(mutant.breakage(), mutant.iface, Boolean(mutant.rateLimit));
      const caughtBy = [...new Set(report.failures.map((f) => f.checkId))];
      results.push({ mutant: mutant.name, expected: mutant.killedBy, killed: caughtBy.includes(mutant.killedBy), caughtBy });
      expect(caughtBy).toContain(mutant.killedBy);
      expect(report.failed).toBe(true);
      // A stateful failure is reproducible by someone else: the shrunk case's requests as curl lines.
      for (const f of report.failures.filter((x) => x.sequence)) {
        expect(f.replay.length, `${f.checkId} replay`).toBeGreaterThan(1);
        expect(f.replay.every((line) => line.startsWith('curl '))).toBe(true);
      }
    });
  }

  it('kills every mutant, and the guide states the count', () => {
    const killed = results.filter((r) => r.killed).length;
    expect(results.length).toBe(MUTANTS.length);
    expect(killed / results.length).toBe(1);
    const guide = readFileSync(new URL('../../docs/guides/checking-a-deployment.md', import.meta.url), 'utf8');
    expect(guide.replace(/\s+/g, ' '), 'docs/guides/checking-a-deployment.md states another mutant count').toContain(`Kill rate: **${killed} of ${MUTANTS.length} mutants (100%)**`);
  });
});
