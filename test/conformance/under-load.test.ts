// The verdict does not depend on timing: with a busy loop on every core beside the run (worker
// threads, stopped after), the breakages whose verdict leans on timing are killed as when the
// machine is idle: the race classes under --concurrency 8 (their requests must be in flight
// together), the rate limit under --rate-limit, settlement through the fake's clock, a property's
// shrinking. DOPPEL_UNDER_LOAD=all runs every clause breakage so (.ci/run, once).
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pathOf, type Breakage, type ProxiedRequest } from './broken-proxy.js';
import { CLAUSE_BREAKAGES } from './clause-breakages.js';
import { killsClause, raceRun } from './kill-runs.js';
import { RACE_MUTANTS } from './race-mutants.js';

const ALL = process.env.DOPPEL_UNDER_LOAD === 'all';

/** The clauses whose kill leans on timing: the rate limit, settlement and confirmation on the clock, a property. */
const TIMED = ['wallet §8 Requests', 'wallet §7 bullet 2', 'trading §4 Body of POST /api/v1/binary/order.duration_minutes', 'trading §8 duration_hours default', 'wallet §3 bullet 1', 'wallet §4 bullet 1'];

let hogs: Worker[] = [];

beforeAll(() => {
  hogs = Array.from({ length: availableParallelism() }, () => new Worker('for (;;) {}', { eval: true }));
});

afterAll(async () => {
  await Promise.all(hogs.map((w) => w.terminate()));
});

/** The path each race check fires its requests at, and how many it fires together (--concurrency 8). */
const FIRED: Record<string, [RegExp, number]> = {
  'wallet-send-race': [/^\/api\/v1\/wallets\/\d+\/send$/, 8],
  'spot-reserve-race': [/^\/api\/v1\/(spot|margin)\/order$/, 8],
  'copy-start-race': [/^\/api\/v1\/copy\/start$/, 2],
  'cancel-race': [/^\/api\/v1\/spot\/cancel$/, 2],
  'register-race': [/^\/api\/v1\/register$/, 8],
};

/** A layer counting the most requests to a path matching `path` in flight at the proxy at one moment. */
function inFlight(path: RegExp): { layer: Breakage; most: () => number } {
  let now = 0;
  let most = 0;
  const mine = (req: ProxiedRequest): boolean => req.method === 'POST' && path.test(pathOf(req));
  return {
    layer: {
      request: (req) => (mine(req) && (most = Math.max(most, ++now)), req),
      response: (req, res) => (mine(req) && now--, res),
    },
    most: () => most,
  };
}

describe('with every core busy', () => {
  it('every timed clause has a breakage', () => {
    expect(TIMED.filter((clause) => !CLAUSE_BREAKAGES.some((b) => b.clause === clause))).toEqual([]);
  });

  for (const b of ALL ? CLAUSE_BREAKAGES : CLAUSE_BREAKAGES.filter((x) => TIMED.includes(x.clause))) {
    it(`${b.clause}: ${b.name} is killed`, async () => {
      const result = await killsClause(b);
      expect(result.killed, result.why).toBe(true);
    });
  }

  for (const mutant of RACE_MUTANTS) {
    it(`"${mutant.name}" is killed through ${mutant.killedBy}, its requests in flight together`, async () => {
      // What the race check fires reaches the target all at once (a burst of the rate-limit race, N at a time, is not).
      const fired = [mutant.killedBy.split('/')[0] as string, ...(mutant.traffic ?? [])].map((id) => FIRED[id]).find(Boolean);
      const count = inFlight(fired?.[0] ?? /^$/);
      const { report, found } = await raceRun(mutant, [count.layer]);
      expect(found.length, report.failures.map((f) => `${f.checkId}/${f.assertion}: ${f.title}`).join('\n') || report.checks.filter((c) => c.status !== 'skipped').map((c) => `${c.id}: ${c.status} ${c.reason ?? ''}`).join('\n')).toBeGreaterThan(0);
      expect(report.failed).toBe(true);
      if (fired) expect(count.most()).toBe(fired[1]);
    });
  }
});
