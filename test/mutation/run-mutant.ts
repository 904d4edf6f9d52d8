// How a mutant is judged: a default run of `doppel check` (every check, --allow-writes) against its
// interface of doppel mock behind the mutant's layer; --strict when it violates a decision;
// --concurrency 8 for a race class. Killed: the run failed. Not reached: the layer changed no
// request or answer of the run. Before any run, a mutant is replayed over the exchanges of the
// clean run with the same options: the checker and the fake are seeded and on a manual clock, so a
// run is the clean run until the layer first changes something; a layer that changes nothing
// there is not reached without a run of its own (races, not replayable, always run).
import { startMock } from '../../mock/index.js';
import { PreflightError, runConformance, type RunReport } from '../../conformance/index.js';
import { startProxy, type Breakage, type ProxiedRequest, type ProxiedResponse } from '../conformance/broken-proxy.js';
import { tracked, type Application, type Mutant } from './mutant.js';

export type Outcome = 'killed' | 'survived' | 'not-reached' | 'equivalent';

export interface MutantResult {
  id: string;
  outcome: Outcome;
  /** `check/assertion` of each failure that failed the run. */
  killers: string[];
  /** The first request or answer the layer changed. */
  first?: Application;
  ms: number;
}

export interface RunShape {
  iface: 'trading' | 'wallet';
  strict: boolean;
  rateLimit: boolean;
  concurrency?: number;
  /** The checker's seed (the score's runs use 11; the controls vary it). */
  seed?: number;
}

export const shapeOf = (m: Mutant): RunShape => ({ iface: m.iface, strict: m.violates.kind === 'decision', rateLimit: Boolean(m.rateLimit), ...(m.concurrency ? { concurrency: m.concurrency } : {}) });

/** One run of the checker against one interface of doppel mock behind a layer. */
export async function checkThrough(shape: RunShape, layer: Breakage): Promise<RunReport> {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: shape.rateLimit ? 60 : 1_000_000, quiet: true });
  const proxy = await startProxy(mock[shape.iface].url, layer);
  try {
    const targets = shape.iface === 'trading' ? { trading: { url: proxy.url, key: 'demo-trade-key', readKey: 'demo-read-key' } } : { wallet: { url: proxy.url, key: 'demo-wallet-key' } };
    return await runConformance({
      targets,
      seed: shape.seed ?? 11,
      runs: 3,
      allowWrites: true,
      strict: shape.strict,
      rateLimit: shape.rateLimit,
      ...(shape.concurrency ? { concurrency: shape.concurrency } : {}),
      walletKeyBudget: Number.POSITIVE_INFINITY,
    });
  } finally {
    await proxy.close();
    await mock.close();
  }
}

export interface Recorded {
  req: ProxiedRequest;
  res: ProxiedResponse;
}

/** The clean run's exchanges, as the layer sees them (request as received, answer as the fake gave it). */
export async function recordClean(shape: RunShape): Promise<{ report: RunReport; exchanges: Recorded[] }> {
  const exchanges: Recorded[] = [];
  const report = await checkThrough(shape, { response: (req, res) => (exchanges.push({ req, res }), res) });
  return { report, exchanges };
}

/** Whether the mutant's layer changes any exchange of the clean run, replayed in order. */
export function reaches(m: Mutant, clean: readonly Recorded[]): Application | undefined {
  const seen: Application[] = [];
  const layer = tracked(m.breakage(), seen);
  for (const { req, res } of clean) {
    const sent = layer.request?.(req) ?? req;
    layer.twice?.(sent);
    if (seen.length > 0) return seen[0];
    layer.response?.(sent, res);
    if (seen.length > 0) return seen[0];
  }
  return undefined;
}

const failuresOf = (report: RunReport): string[] => [...new Set(report.failures.filter((f) => f.severity === 'failure').map((f) => `${f.checkId}/${f.assertion}`))];

/** The verdict on one mutant; `clean`: the clean run of its shape, to skip a run the layer cannot reach. */
export async function runMutant(m: Mutant, clean?: readonly Recorded[]): Promise<MutantResult> {
  const t0 = Date.now();
  if (m.equivalent) return { id: m.id, outcome: 'equivalent', killers: [], ms: 0 };
  if (clean && !m.concurrency && reaches(m, clean) === undefined) return { id: m.id, outcome: 'not-reached', killers: [], ms: Date.now() - t0 };
  const seen: Application[] = [];
  let report: RunReport;
  try {
    report = await checkThrough(shapeOf(m), tracked(m.breakage(), seen));
  } catch (error) {
    // The checker refused to judge the target at all (its keys rejected in the preflight): `doppel check` exits 2, never a pass.
    if (error instanceof PreflightError) return { id: m.id, outcome: 'killed', killers: [`preflight/${error.code}`], ...(seen[0] ? { first: seen[0] } : {}), ms: Date.now() - t0 };
    throw error;
  }
  const killers = report.failed ? failuresOf(report) : [];
  const outcome: Outcome = seen.length === 0 ? 'not-reached' : report.failed ? 'killed' : 'survived';
  return { id: m.id, outcome, killers, ...(seen[0] ? { first: seen[0] } : {}), ms: Date.now() - t0 };
}

export const shapeKey = (s: RunShape): string => `${s.iface} strict=${s.strict} rate=${s.rateLimit} concurrency=${s.concurrency ?? 0}`;
