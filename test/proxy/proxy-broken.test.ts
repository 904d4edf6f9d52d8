// doppel proxy in front of deliberately broken servers (test/conformance/broken-proxy.ts): the
// traffic of a doppel check run passes through it, and the proxy, which sends nothing itself,
// names the check that catches each breakage a passive judge can see: every mutant of the
// broken-server suite killed by a response or state check or a scenario check's passive reading, plus text/plain error bodies and an
// undocumented status. A violation is one line as it happens, with a masked curl line.
import { describe, expect, it } from 'vitest';
import { CHECKS, runConformance, type RunReport } from '../../conformance/index.js';
import { startMock } from '../../mock/index.js';
import { startProxy, violationLine } from '../../proxy/index.js';
import { startProxy as startBroken, type Breakage } from '../conformance/broken-proxy.js';
import { MUTANTS } from '../conformance/mutants.js';

interface Case {
  name: string;
  iface: 'trading' | 'wallet';
  killedBy: string;
  breakage: () => Breakage;
}

/**
 * The checks that judge any stream: response and state checks, and scenario checks with a passive
 * reading, but wallet-isolation: its reading knows users by their login tokens, and the run's own
 * wallets are read with --wallet-key, no token; its scenario judges those.
 */
const PASSIVE = new Set(CHECKS.filter((c) => c.scope !== 'scenario' || (c.passive !== undefined && c.id !== 'wallet-isolation')).map((c) => c.id));

const CASES: Case[] = [
  ...MUTANTS.filter((m) => PASSIVE.has(m.killedBy) && !m.rateLimit),
  {
    name: 'text/plain error bodies',
    iface: 'wallet',
    killedBy: 'content-type-json',
    breakage: () => ({ response: (_req, res) => (res.status >= 400 ? { ...res, headers: { ...res.headers, 'content-type': 'text/plain' }, body: 'Unauthorized' } : res) }),
  },
  {
    name: 'an undocumented status',
    iface: 'trading',
    killedBy: 'trading-status-documented',
    breakage: () => ({ response: (_req, res) => (res.status === 401 ? { ...res, status: 418 } : res) }),
  },
];

/** doppel check's traffic through the proxy in front of the broken server in front of the fake. */
async function watch(c: Case): Promise<{ report: RunReport; lines: string[] }> {
  const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
  const broken = await startBroken(c.iface === 'trading' ? mock.trading.url : mock.wallet.url, c.breakage());
  const lines: string[] = [];
  const proxy = await startProxy({ targets: { [c.iface]: broken.url }, ports: { [c.iface]: 0 }, strict: true, onFailure: (f) => lines.push(violationLine(f)) });
  let report: RunReport | undefined;
  try {
    const url = proxy.listening[c.iface]!.url;
    await runConformance({
      targets: c.iface === 'trading' ? { trading: { url, key: 'demo-trade-key', readKey: 'demo-read-key' } } : { wallet: { url, key: 'demo-wallet-key' } },
      seed: 11,
      runs: 5,
      allowWrites: true,
      walletKeyBudget: Number.POSITIVE_INFINITY,
    });
  } finally {
    report = await proxy.close();
    await broken.close();
    await mock.close();
  }
  return { report, lines };
}

describe('doppel proxy in front of broken servers', () => {
  it('has breakages to catch, of both interfaces', () => {
    expect(CASES.length).toBeGreaterThanOrEqual(12);
    expect(new Set(CASES.map((c) => c.iface))).toEqual(new Set(['trading', 'wallet']));
    for (const id of ['balance-decimals', 'wallet-date-format', 'success-envelope', 'content-type-json', 'trading-status-documented']) expect(CASES.map((c) => c.killedBy)).toContain(id);
  });

  for (const c of CASES) {
    it(`names ${c.killedBy} for "${c.name}"`, async () => {
      const { report, lines } = await watch(c);
      const caught = report.failures.filter((f) => f.checkId === c.killedBy);
      expect(caught.length, report.failures.map((f) => f.checkId).join(', ')).toBeGreaterThan(0);
      expect(report.failed).toBe(true);
      // As it happened: one line naming the check, with a curl line whose keys are variables.
      const line = lines.find((l) => l.includes(` ${c.killedBy}/`));
      expect(line).toMatch(/^doppel proxy: VIOLATION \S+\/\S+ \[[^\]]+\] on (trading|wallet) \S+ → \d{3}: .+ \| curl -sS -i /);
      expect(lines.join('\n')).not.toMatch(/demo-(trade|wallet|read)-key/);
    });
  }
});
