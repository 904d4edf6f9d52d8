// The suite proves each clause: every clause of the interface documents that an assertion judges
// has a breaking layer in front of doppel mock (clause-breakages.ts) that the assertions citing it
// kill: the run fails (without --strict for a seed assertion, with it for a decision's), and the
// failure is one of those assertions, whose source names the clause. Each breakage runs only the
// checks that cite its clause, with one explorer run, so the whole suite stays short. That doppel
// mock unbroken passes every check over 20 seeds is state-classes.test.ts's last test.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { CHECKS, runConformance } from '../../conformance/index.js';
import { allClauses } from '../docs/support/seed-coverage.js';
import { startProxy } from './broken-proxy.js';
import { CLAUSE_BREAKAGES, clauseOf, type ClauseBreakage } from './clause-breakages.js';

/** The clauses whose breakage the branch adding the auth negative space and the "all" listings brings. */
/** `check/assertion` of every assertion citing the clause; seed ones only unless decisions count. */
function citing(clause: string, decisions: boolean): Set<string> {
  return new Set(CHECKS.flatMap((c) => c.assertions.filter((a) => a.clauses.includes(clause) && (decisions || a.kind === 'seed')).map((a) => `${c.id}/${a.id}`)));
}

const judgeable = allClauses()
  .map((c) => c.id)
  .filter((id) => citing(id, true).size > 0);
const killed = new Set<string>();

async function kills(b: ClauseBreakage): Promise<{ killed: boolean; why: string }> {
  const clause = clauseOf(b);
  const assertions = citing(clause, Boolean(b.strict));
  const only = [...new Set([...[...assertions].map((a) => a.split('/')[0] as string), ...(b.traffic ?? [])])];
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: b.rateLimit ? 60 : 1_000_000, quiet: true });
  const proxy = await startProxy(b.iface === 'trading' ? mock.trading.url : mock.wallet.url, b.breakage());
  try {
    const report = await runConformance({
      targets: b.iface === 'trading' ? { trading: { url: proxy.url, key: 'demo-trade-key', readKey: 'demo-read-key' } } : { wallet: { url: proxy.url, key: 'demo-wallet-key' } },
      seed: 11,
      runs: 1,
      allowWrites: true,
      strict: Boolean(b.strict),
      rateLimit: Boolean(b.rateLimit),
      checks: only,
      walletKeyBudget: Number.POSITIVE_INFINITY,
    });
    const hits = report.failures.filter((f) => f.severity === 'failure' && assertions.has(`${f.checkId}/${f.assertion}`));
    // A seed failure names the clause in its source; a decision's assertion refines it (its source is the decision).
    const cites = hits.filter((f) => f.kind === 'decision' || f.source.includes(clause));
    const seen = report.failures.map((f) => `${f.checkId}/${f.assertion} (${f.severity})`).join(', ') || `no failure (${report.checks.filter((c) => only.includes(c.id)).map((c) => `${c.id} ${c.status}${c.reason ? `: ${c.reason}` : ''}`).join('; ')})`;
    const unsaid = (b.says ?? []).filter((re) => !cites.some((f) => re.test(f.message)));
    const said = unsaid.length ? `; no message says ${unsaid.join(', ')}: ${cites.map((f) => f.message).join(' | ')}` : '';
    return { killed: report.failed && cites.length > 0 && unsaid.length === 0, why: `ran ${only.join(', ')}: ${seen}${said}` };
  } finally {
    await proxy.close();
    await mock.close();
  }
}

describe('every judgeable clause is killed by its assertions', () => {
  for (const b of CLAUSE_BREAKAGES) {
    it(`${b.clause}: ${b.name}${b.strict ? ' (--strict)' : ''}`, async () => {
      expect(judgeable, `${clauseOf(b)} is judged by no assertion`).toContain(clauseOf(b));
      const result = await kills(b);
      expect(result.killed, result.why).toBe(true);
      killed.add(clauseOf(b));
    });
  }

  it('no judgeable clause lacks a killing breakage', () => {
    console.log(`clauses: ${judgeable.length} judgeable, ${killed.size} killed`);
    const without = judgeable.filter((id) => !killed.has(id));
    expect(without).toEqual([]);
    const guide = readFileSync(new URL('../../docs/guides/checking-a-deployment.md', import.meta.url), 'utf8');
    expect(guide.replace(/\s+/g, ' '), 'docs/guides/checking-a-deployment.md states another figure').toContain(`Clauses killed: **${killed.size} of ${judgeable.length} judgeable**`);
  });
});
