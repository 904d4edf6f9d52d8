// The suite proves each input class: the breaking layer generated for it (input-class-breakages.ts:
// the target takes the class as another of the same field), in front of doppel mock, fails a run
// that sends the class (--strict: what a class means is often a decision), or the class is listed
// there as equivalent with the reason.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { inputClasses } from '../../conformance/act/input-classes.js';
import { CHECKS, runConformance } from '../../conformance/index.js';
import { startMock } from '../../mock/index.js';
import { startProxy } from './broken-proxy.js';
import { CLASS_BREAKAGES, EQUIVALENT, type ClassBreakage } from './input-class-breakages.js';

/** The checks that judge the stream the explorer and the probes send (scenario checks send their own). */
const STREAM = CHECKS.filter((c) => c.scope !== 'scenario').map((c) => c.id);

async function kills(b: ClassBreakage): Promise<{ killed: boolean; why: string }> {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
  const proxy = await startProxy(b.class.iface === 'trading' ? mock.trading.url : mock.wallet.url, b.breakage());
  try {
    const targets = b.class.iface === 'trading' ? { trading: { url: proxy.url, key: 'demo-trade-key', readKey: 'demo-read-key' } } : { wallet: { url: proxy.url, key: 'demo-wallet-key' } };
    const report = await runConformance({ targets, seed: 11, runs: 1, allowWrites: true, strict: true, checks: [...STREAM, ...(b.traffic ?? [])], walletKeyBudget: Number.POSITIVE_INFINITY });
    const sent = !report.inputClasses?.unsent.some((u) => `${u.iface} ${u.operationId} ${u.class}` === b.class.id);
    return { killed: report.failed && report.failures.length > 0, why: `${sent ? 'sent' : 'NOT SENT'}; ${report.failures.map((f) => `${f.checkId}/${f.assertion}: ${f.title}`).slice(0, 3).join('; ') || 'no failure'}` };
  } finally {
    await proxy.close();
    await mock.close();
  }
}

describe('every input class is killed when the target misreads it', () => {
  it('every class has a breaking layer or a reason it is equivalent', () => {
    const all = inputClasses(['trading', 'wallet']).map((c) => c.id);
    expect([...CLASS_BREAKAGES.map((b) => b.class.id), ...Object.keys(EQUIVALENT)].sort()).toEqual([...all].sort());
  });

  const killed = new Set<string>();
  for (const b of CLASS_BREAKAGES) {
    it(`${b.class.id}: ${b.name}`, async () => {
      const result = await kills(b);
      expect(result.killed, result.why).toBe(true);
      killed.add(b.class.id);
    });
  }

  it('the checking guide states the figure', () => {
    expect(killed.size).toBe(CLASS_BREAKAGES.length);
    const guide = readFileSync(new URL('../../docs/guides/checking-a-deployment.md', import.meta.url), 'utf8').replace(/\s+/g, ' ');
    expect(guide).toContain(`Input classes killed: **${killed.size} of ${CLASS_BREAKAGES.length}**; ${Object.keys(EQUIVALENT).length} more are equivalent`);
  });
});
