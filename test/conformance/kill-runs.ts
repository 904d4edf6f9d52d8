// How the kill suites run a breaking layer in front of doppel mock and read the verdict: a clause's
// breakage with only the checks citing it (clause-kills.test.ts), a race class under
// --concurrency 8 (races/race-classes.test.ts); both again beside a busy machine
// (under-load.test.ts), where the verdict must be the same.
import { startMock } from '../../mock/index.js';
import { CHECKS, runConformance, type RunReport } from '../../conformance/index.js';
import { startProxy, type Breakage } from './broken-proxy.js';
import { clauseOf, type ClauseBreakage } from './clause-breakages.js';
import type { RaceMutant } from './race-mutants.js';

/** `check/assertion` of every assertion citing the clause; seed ones only unless decisions count. */
export function citing(clause: string, decisions: boolean): Set<string> {
  return new Set(CHECKS.flatMap((c) => c.assertions.filter((a) => a.clauses.includes(clause) && (decisions || a.kind === 'seed')).map((a) => `${c.id}/${a.id}`)));
}

/** Whether the assertions citing the breakage's clause fail the run (the failure one of them, its source the clause), and what the run said. */
export async function killsClause(b: ClauseBreakage): Promise<{ killed: boolean; why: string }> {
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

/** Layers applied in order, as one. */
export function stacked(layers: Breakage[]): Breakage {
  return {
    request: (req) => layers.reduce((r, l) => l.request?.(r) ?? r, req),
    response: (req, res) => layers.reduce((r, l) => l.response?.(req, r) ?? r, res),
  };
}

/** A run against both interfaces of doppel mock, each behind its layers. */
export async function checkBehind(layers: { trading: Breakage[]; wallet: Breakage[] }, o: { concurrency?: number; rateLimit?: boolean | undefined; checks?: string[]; strict: boolean }): Promise<RunReport> {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: o.rateLimit ? 60 : 1_000_000, quiet: true });
  const tp = await startProxy(mock.trading.url, stacked(layers.trading));
  const wp = await startProxy(mock.wallet.url, stacked(layers.wallet));
  try {
    return await runConformance({
      targets: { trading: { url: tp.url, key: 'demo-trade-key', readKey: 'demo-read-key' }, wallet: { url: wp.url, key: 'demo-wallet-key' } },
      seed: 11,
      runs: o.concurrency ? 1 : 3,
      allowWrites: true,
      strict: o.strict,
      rateLimit: o.rateLimit,
      concurrency: o.concurrency,
      checks: o.checks,
      walletKeyBudget: Number.POSITIVE_INFINITY,
    });
  } finally {
    await tp.close();
    await wp.close();
    await mock.close();
  }
}

/** The run of `--concurrency 8` with the race class's layer (and `extra` layers on its interface), and the failures of the assertion that must kill it. */
export async function raceRun(mutant: RaceMutant, extra: Breakage[] = []): Promise<{ report: RunReport; found: RunReport['failures'] }> {
  const [checkId, assertion] = mutant.killedBy.split('/');
  const layers = { trading: [] as Breakage[], wallet: [] as Breakage[] };
  layers[mutant.iface].push(mutant.breakage(), ...extra);
  const report = await checkBehind(layers, { concurrency: 8, rateLimit: mutant.rateLimit, checks: [checkId as string, ...(mutant.traffic ?? [])], strict: mutant.strict });
  return { report, found: report.failures.filter((f) => f.checkId === checkId && f.assertion === assertion) };
}
