// The speed targets of `npm run bench` that the http, inprocess and stub sections measure: one
// definition, read by the sections (to profile what missed) and by the report (met or not).
import type { Route } from './profile-under-load.js';
import { median } from '../test/support/percentile.js';

export interface ThroughputGoal {
  name: string;
  /** The doppel row of the http section (its operation's start). */
  operation: string;
  route: Route;
  ceiling: 'GET' | 'POST';
  /** Share of the node:http ceiling's req/s, with wrk -t1 -c32 and with autocannon alike. */
  goal: number;
}

export const THROUGHPUT_GOALS: readonly ThroughputGoal[] = [
  { name: 'authenticated read (GET /api/v1/account/balances, demo key)', operation: 'GET balances', route: 'balances', ceiling: 'GET', goal: 0.8 },
  { name: 'public read (GET /api/v1/prices)', operation: 'GET prices', route: 'prices', ceiling: 'GET', goal: 0.8 },
  { name: 'spot write (POST /api/v1/spot/order)', operation: 'POST spot/order', route: 'order', ceiling: 'POST', goal: 0.5 },
];

/** `doppel mock` spawn to first answer: at most this many times node:http's, measured alike, and at most this many ms. */
export const STARTUP_GOAL = { times: 1.5, ms: 250 };
/** fake.fetch, mean µs per authenticated read. */
export const FAKE_FETCH_GOAL_US = 20;
/** The request journal's cost in throughput, journal on vs --journal-size 0, percent. */
export const JOURNAL_GOAL_PCT = 3;

/** The ceiling rows' operations (the http section's plan). */
export const CEILING_OPERATION = { GET: 'constant JSON', POST: 'constant JSON, POST with body' } as const;

interface RowLike {
  server: string;
  operation: string;
  autocannon: { rps: number };
  wrk?: { rps: number };
  autocannonRounds?: readonly number[];
  wrkRounds?: readonly number[];
}

export interface RatioPair {
  generator: 'wrk' | 'autocannon';
  /** Best rounds. */
  rps: number;
  ceilingRps: number;
  /**
   * The median over rounds of doppel's req/s over the ceiling's in the same round (the loads run
   * next to each other, in either order): the machine's speed drifts by tens of percent between
   * rounds, so the best round of one against the best of the other measures the drift as much as
   * the servers. The ratio of the best rounds where the rounds do not pair up.
   */
  ratio: number;
  /** The ratio of the best rounds, for comparison. */
  bestRatio: number;
  /** Per-round ratios, in round order (empty when the rounds do not pair up). */
  roundRatios: number[];
}

/** A row's req/s over its ceiling's in each round; empty when the rounds do not pair up. */
export function sameRoundRatios(rounds: readonly number[] | undefined, ceilingRounds: readonly number[] | undefined): number[] {
  if (rounds === undefined || ceilingRounds === undefined || rounds.length === 0 || rounds.length !== ceilingRounds.length) return [];
  return rounds.map((r, i) => r / (ceilingRounds[i] as number));
}

/** Each generator's ratio to its own ceiling; met: both measured and at the goal, false if either is below. */
export function throughputRatio(loads: readonly RowLike[], goal: ThroughputGoal): { pairs: RatioPair[]; missing: string[]; met: boolean | undefined } {
  const row = loads.find((l) => l.server === 'doppel' && l.operation.startsWith(goal.operation));
  const ceiling = loads.find((l) => l.server === 'node:http' && l.operation === CEILING_OPERATION[goal.ceiling]);
  const pairs: RatioPair[] = [];
  const missing: string[] = [];
  for (const generator of ['wrk', 'autocannon'] as const) {
    const rps = generator === 'wrk' ? row?.wrk?.rps : row?.autocannon.rps;
    const ceilingRps = generator === 'wrk' ? ceiling?.wrk?.rps : ceiling?.autocannon.rps;
    if (rps === undefined || ceilingRps === undefined) {
      missing.push(generator);
      continue;
    }
    const roundRatios = sameRoundRatios(generator === 'wrk' ? row?.wrkRounds : row?.autocannonRounds, generator === 'wrk' ? ceiling?.wrkRounds : ceiling?.autocannonRounds);
    pairs.push({ generator, rps, ceilingRps, ratio: roundRatios.length > 0 ? median(roundRatios) : rps / ceilingRps, bestRatio: rps / ceilingRps, roundRatios });
  }
  const met = pairs.some((p) => p.ratio < goal.goal) ? false : missing.length > 0 ? undefined : true;
  return { pairs, missing, met };
}

export function startupMet(doppelMs: number, nodeMs: number): boolean {
  return doppelMs <= STARTUP_GOAL.ms && doppelMs / nodeMs <= STARTUP_GOAL.times;
}

/**
 * The start-up target is judged on the Node versions users run: 22, 24 and 26 (the developers'
 * guide; CI's matrix). Node 20, which this machine has, reached its end of life on 2026-04-30 and
 * has no compile cache (module.enableCompileCache came in 22.1), so every start of doppel there
 * compiles its modules again; its figure is printed beside, not judged.
 */
export const STARTUP_JUDGED_FROM_MAJOR = 22;

export interface StartupVerdict {
  version: string;
  judged: boolean;
  /** Best samples (the first start apart), and the first start. */
  doppelMs?: number;
  nodeMs?: number;
  firstMs?: number;
  met?: boolean;
  error?: string;
}

/** Each pinned version's best start of doppel against node:http's; met when every judged version met it (undefined if none was measured). */
export function startupByNodeMet(rows: readonly { version: string; firstMs?: number; doppelMs: readonly number[]; nodeMs: readonly number[]; error?: string }[]): { verdicts: StartupVerdict[]; met: boolean | undefined } {
  const verdicts = rows.map((row): StartupVerdict => {
    const judged = Number(row.version.split('.')[0]) >= STARTUP_JUDGED_FROM_MAJOR;
    if (row.doppelMs.length === 0 || row.nodeMs.length === 0) return { version: row.version, judged, error: row.error ?? 'not measured' };
    const doppelMs = Math.min(...row.doppelMs);
    const nodeMs = Math.min(...row.nodeMs);
    return { version: row.version, judged, doppelMs, nodeMs, ...(row.firstMs !== undefined ? { firstMs: row.firstMs } : {}), met: startupMet(doppelMs, nodeMs) };
  });
  const judged = verdicts.filter((v) => v.judged);
  const met = judged.some((v) => v.met === false) ? false : judged.length === 0 || judged.some((v) => v.met === undefined) ? undefined : true;
  return { verdicts, met };
}
