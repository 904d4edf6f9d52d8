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
   * The median over rounds of doppel's req/s over the ceiling's in the same round (the two loads
   * run back to back): the machine's speed drifts by tens of percent between rounds, so the best
   * round of one against the best of the other measures the drift as much as the servers. The
   * ratio of the best rounds where the rounds do not pair up.
   */
  ratio: number;
  /** The ratio of the best rounds, for comparison. */
  bestRatio: number;
  /** Per-round ratios, in round order (empty when the rounds do not pair up). */
  roundRatios: number[];
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
    const rounds = generator === 'wrk' ? row?.wrkRounds : row?.autocannonRounds;
    const ceilingRounds = generator === 'wrk' ? ceiling?.wrkRounds : ceiling?.autocannonRounds;
    const paired = rounds !== undefined && ceilingRounds !== undefined && rounds.length > 0 && rounds.length === ceilingRounds.length;
    const roundRatios = paired ? rounds.map((r, i) => r / (ceilingRounds[i] as number)) : [];
    pairs.push({ generator, rps, ceilingRps, ratio: paired ? median(roundRatios) : rps / ceilingRps, bestRatio: rps / ceilingRps, roundRatios });
  }
  const met = pairs.some((p) => p.ratio < goal.goal) ? false : missing.length > 0 ? undefined : true;
  return { pairs, missing, met };
}

export function startupMet(doppelMs: number, nodeMs: number): boolean {
  return doppelMs <= STARTUP_GOAL.ms && doppelMs / nodeMs <= STARTUP_GOAL.times;
}
