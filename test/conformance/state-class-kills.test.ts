// Run by `npm run test:kills` (vitest.kills.config.ts): the same on every Node version; the
// mutation sample in `npm test` (test/mutation/) draws on these classes among the rest.
// The state classes: breakages where every single answer is well-formed and the state behind them
// is wrong. The checker must fail each run (a seed assertion without --strict) with a failure that
// names the operation, the write and the read and replays them; and the same target without the
// breakage must pass over 20 seeds.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { runConformance, type RunReport } from '../../conformance/index.js';
import { startProxy, type Breakage } from './broken-proxy.js';
import { STATE_MUTANTS } from './state-mutants.js';

async function checkBehind(breakage: Breakage | undefined, iface: 'trading' | 'wallet' | 'both', seed: number, strict: boolean): Promise<RunReport> {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
  const proxy = breakage ? await startProxy(iface === 'wallet' ? mock.wallet.url : mock.trading.url, breakage) : undefined;
  try {
    const trading = { url: proxy && iface === 'trading' ? proxy.url : mock.trading.url, key: 'demo-trade-key', readKey: 'demo-read-key' };
    const wallet = { url: proxy && iface === 'wallet' ? proxy.url : mock.wallet.url, key: 'demo-wallet-key' };
    return await runConformance({
      targets: iface === 'trading' ? { trading } : iface === 'wallet' ? { wallet } : { trading, wallet },
      seed,
      runs: 10,
      allowWrites: true,
      strict,
      walletKeyBudget: Number.POSITIVE_INFINITY,
    });
  } finally {
    await proxy?.close();
    await mock.close();
  }
}

describe('state classes', () => {
  it('the checking guide states how many there are', () => {
    const guide = readFileSync(new URL('../../docs/guides/checking-a-deployment.md', import.meta.url), 'utf8');
    expect(guide).toContain(`State classes caught: **${STATE_MUTANTS.length} of ${STATE_MUTANTS.length}**`);
  });

  for (const mutant of STATE_MUTANTS) {
    it(`"${mutant.name}" fails the run through ${mutant.killedBy}${mutant.strict ? ' (--strict: a decision)' : ' (no --strict: a seed rule)'}`, async () => {
      const report = await checkBehind(mutant.breakage(), mutant.iface, 11, mutant.strict);
      const [checkId, assertion] = mutant.killedBy.split('/');
      const found = report.failures.filter((f) => f.checkId === checkId && f.assertion === assertion);
      expect(found.map((f) => f.title), `failures: ${report.failures.map((f) => `${f.checkId}/${f.assertion}`).join(', ')}`).not.toEqual([]);
      expect(report.failed).toBe(true);
      for (const f of found) {
        expect(f.severity).toBe('failure');
        expect(f.kind).toBe(mutant.strict ? 'decision' : 'seed');
        // The operation and the exchanges that disagree, by name and number, and their curl lines.
        expect(f.message).toMatch(/[a-zA-Z]+ #\d+/);
        const replay = f.replay.length ? f.replay : [f.curl];
        expect(replay.every((line) => line?.startsWith('curl '))).toBe(true);
        if ((f.requests?.length ?? 0) > 1) expect(f.message.match(/[a-zA-Z]+ #\d+/g)?.length).toBeGreaterThan(1);
      }
    });
  }

  it('passes the same targets unbroken over 20 seeds (--strict, writes on)', async () => {
    const seen: string[] = [];
    for (let seed = 1; seed <= 20; seed++) {
      const report = await checkBehind(undefined, 'both', seed, true);
      seen.push(...report.failures.map((f) => `seed ${seed}: ${f.checkId}/${f.assertion}: ${f.message}`));
      // Every state check evaluated something on each seed.
      for (const id of ['order-in-listing', 'cancel-leaves-open', 'balances-follow-writes', 'wallet-starts-empty', 'wallet-send-debits', 'resource-relations', 'usd-value-matches-price']) {
        expect(report.checks.find((c) => c.id === id)?.status, `seed ${seed}: ${id}`).toBe('passed');
      }
    }
    expect(seen).toEqual([]);
  }, 240_000);
});
