// The negative space: requests the documents imply must be refused are sent, and a deployment
// accepting one fails the run through the assertion that cites the refusing clause (a seed rule
// without --strict); and listings that say "all" are held against what the target accepted. The
// same checks pass doppel mock unbroken over several seeds.
import { describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { runConformance, type RunReport } from '../../conformance/index.js';
import { startProxy, type Breakage } from './broken-proxy.js';
import { NEGATIVE_MUTANTS } from './negative-space-mutants.js';
import { LISTING_MUTANTS } from './listing-mutants.js';

const CHECKS = ['trading-auth-401', 'wallet-auth-401', 'wallet-auth-required', 'read-key-403', 'ip-locked-403', 'login-token-works', 'wallet-isolation', 'listings-hold-accepted', 'resource-relations', 'listing-order', 'cancel-not-open-status'];

/** The assertions the negative space and the listings added: each evaluates cases on every seed. */
const ADDED = [
  'trading-auth-401/wrong-header', 'trading-auth-401/other-key', 'wallet-auth-required/wrong-header', 'wallet-auth-required/other-key',
  'login-token-works/every-operation', 'wallet-isolation/listing', 'ip-locked-403/403',
  'resource-relations/order.market-pair-reference', 'listings-hold-accepted/traders', 'listings-hold-accepted/traders-active', 'resource-relations/wallet.chain-reference', 'listings-hold-accepted/prices',
  'listing-order/cut-orders', 'listing-order/cut-transactions',
];

async function checkBehind(breakage: Breakage | undefined, iface: 'trading' | 'wallet', seed: number, strict: boolean, extra: string[] = [], both = true): Promise<RunReport> {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
  const proxy = breakage ? await startProxy(iface === 'wallet' ? mock.wallet.url : mock.trading.url, breakage) : undefined;
  try {
    return await runConformance({
      targets: {
        trading: both || iface === 'trading' ? { url: proxy && iface === 'trading' ? proxy.url : mock.trading.url, key: 'demo-trade-key', readKey: 'demo-read-key', ipLockedKey: 'demo-ip-locked-key' } : undefined,
        wallet: both || iface === 'wallet' ? { url: proxy && iface === 'wallet' ? proxy.url : mock.wallet.url, key: 'demo-wallet-key' } : undefined,
      },
      seed,
      runs: 5,
      allowWrites: true,
      strict,
      checks: [...CHECKS, ...extra],
      walletKeyBudget: Number.POSITIVE_INFINITY,
    });
  } finally {
    await proxy?.close();
    await mock.close();
  }
}

describe('negative space', () => {
  for (const mutant of [...NEGATIVE_MUTANTS, ...LISTING_MUTANTS]) {
    it(`"${mutant.name}" fails the run through ${mutant.killedBy} (${mutant.cites})`, async () => {
      const report = await checkBehind(mutant.breakage(), mutant.iface, 11, mutant.strict, mutant.checks, Boolean(mutant.both));
      const [checkId, assertion] = mutant.killedBy.split('/');
      const found = report.failures.filter((f) => f.checkId === checkId && f.assertion === assertion);
      expect(found.map((f) => f.title), `failures: ${report.failures.map((f) => `${f.checkId}/${f.assertion}`).join(', ')}`).not.toEqual([]);
      expect(report.failed).toBe(true);
      for (const f of found) {
        expect(f.source).toBe(mutant.cites);
        expect(f.severity).toBe('failure');
      }
    });
  }

  it('passes doppel mock unbroken over 3 seeds (--strict), every added assertion exercised', async () => {
    const seen: string[] = [];
    for (let seed = 1; seed <= 3; seed++) {
      const report = await checkBehind(undefined, 'trading', seed, true);
      seen.push(...report.failures.map((f) => `seed ${seed}: ${f.checkId}/${f.assertion}: ${f.message}`));
      for (const id of CHECKS) expect(report.checks.find((c) => c.id === id)?.status, `seed ${seed}: ${id}`).toBe('passed');
      for (const id of ADDED) {
        const [check, assertion] = id.split('/') as [string, string];
        expect(report.checks.find((c) => c.id === check)?.assertionCases?.[assertion], `seed ${seed}: ${id}`).toBeGreaterThan(0);
      }
    }
    expect(seen).toEqual([]);
  });
});
