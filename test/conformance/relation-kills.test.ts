// The suite proves each relation of the resource graph: the breaking layer generated for it
// (relation-breakages.ts), in front of doppel mock, fails the run through that relation's own
// assertion of the relation judge (a seed relation without --strict, a decision's with it).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { resourceGraph } from '../../spec/index.js';
import { startMock } from '../../mock/index.js';
import { runConformance } from '../../conformance/index.js';
import { startProxy } from './broken-proxy.js';
import { RELATION_BREAKAGES, type RelationBreakage } from './relation-breakages.js';

async function kills(b: RelationBreakage): Promise<{ killed: boolean; why: string }> {
  const strict = b.relation.source.kind === 'decision';
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
  const proxy = await startProxy(b.relation.iface === 'trading' ? mock.trading.url : mock.wallet.url, b.breakage());
  try {
    const targets = b.relation.iface === 'trading' ? { trading: { url: proxy.url, key: 'demo-trade-key', readKey: 'demo-read-key' } } : { wallet: { url: proxy.url, key: 'demo-wallet-key' } };
    const report = await runConformance({ targets, seed: 11, runs: 1, allowWrites: true, strict, checks: ['resource-relations', ...(b.traffic ?? [])], walletKeyBudget: Number.POSITIVE_INFINITY });
    const mine = report.failures.filter((f) => f.checkId === 'resource-relations' && f.assertion === b.relation.id && f.severity === 'failure');
    const rr = report.checks.find((c) => c.id === 'resource-relations');
    const seen = report.failures.map((f) => `${f.assertion}: ${f.title}`).join('; ') || `no failure (${rr?.assertionCases[b.relation.id] ?? 0} cases of ${b.relation.id})`;
    return { killed: report.failed && mine.length > 0, why: seen };
  } finally {
    await proxy.close();
    await mock.close();
  }
}

describe('every relation of the resource graph is killed by its own assertion', () => {
  it('every relation has a breaking layer generated from the graph', () => {
    expect(RELATION_BREAKAGES.map((b) => b.relation.id)).toEqual(resourceGraph().relations.map((r) => r.id));
  });

  const killed = new Set<string>();
  for (const b of RELATION_BREAKAGES) {
    it(`${b.relation.id}: ${b.name}${b.relation.source.kind === 'decision' ? ' (--strict)' : ''}`, async () => {
      const result = await kills(b);
      expect(result.killed, result.why).toBe(true);
      killed.add(b.relation.id);
    });
  }

  it('the checking guide states the figure', () => {
    const all = resourceGraph().relations.length;
    expect(killed.size).toBe(all);
    const guide = readFileSync(new URL('../../docs/guides/checking-a-deployment.md', import.meta.url), 'utf8');
    expect(guide.replace(/\s+/g, ' ')).toContain(`Relations killed: **${killed.size} of ${all}**`);
  });
});
