// The race classes: racy breaking layers (race-mutants.ts) that only overlapping requests meet.
// `--concurrency 8` must fail each run through the named check and assertion, with the overlapping
// requests as curl lines fired together; a sequential run of every check through all the layers at
// once must pass (none of them is visible one request at a time).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMock } from '../../../mock/index.js';
import { runCheckCli } from '../../../conformance/index.js';
import { replayScript } from '../../../conformance/report/replay-script.js';
import { RACE_CHECKS } from '../../../conformance/checks/race/race-checks.js';
import { startProxy, type Breakage } from '../broken-proxy.js';
import { checkBehind, raceRun } from '../kill-runs.js';
import { RACE_MUTANTS } from '../race-mutants.js';

describe('race classes', () => {
  for (const mutant of RACE_MUTANTS) {
    it(`"${mutant.name}" fails --concurrency 8 through ${mutant.killedBy}`, async () => {
      const [checkId] = mutant.killedBy.split('/');
      const { report, found } = await raceRun(mutant);
      expect(found.map((f) => f.title), `failures: ${report.failures.map((f) => `${f.checkId}/${f.assertion}: ${f.message}`).join('\n')}`).not.toEqual([]);
      expect(report.failed).toBe(true);
      const f = found[0] as (typeof found)[number];
      expect(f.kind).toBe(mutant.strict ? 'decision' : 'seed');
      expect(f.severity).toBe('failure');
      // Under --strict the history judge (a decision) sees it too, where the check has one.
      if (mutant.strict) expect(report.failures.some((x) => x.checkId === checkId && x.assertion === 'linearizable') || checkId === 'register-race' || checkId === 'rate-limit-race').toBe(true);
      // The overlapping requests with their timings, replayed together.
      expect(f.message).toMatch(/the requests overlapped: .+ #\d+ [\d.]+–[\d.]+ ms → \d+/);
      expect(f.replay.length).toBeGreaterThan(1);
      expect(replayScript(report)).toMatch(/fired together, as they overlapped:\n(\{ curl [^\n]*; echo; \} &\n){2,}wait\n/);
    });
  }

  it('doppel check --allow-writes --concurrency 8 exits 1 against the racy send, and --replay fires the overlapping sends together', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'doppel-races-'));
    const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', quiet: true });
    const wp = await startProxy(mock.wallet.url, (RACE_MUTANTS[0] as (typeof RACE_MUTANTS)[number]).breakage());
    const lines: string[] = [];
    try {
      const code = await runCheckCli({ walletUrl: wp.url, walletKeys: ['demo-wallet-key'], allowWrites: true, concurrency: 8, seed: 5, runs: 1, only: ['wallet-send-race'], replay: join(dir, 'races.sh'), out: (l) => lines.push(l), err: (l) => lines.push(l) });
      expect(code, lines.join('\n')).toBe(1);
      expect(lines.join('\n')).toMatch(/FAILURE wallet-send-race\/debit \[seed wallet §4 POST \/api\/v1\/wallets\/\{id\}\/send\]/);
      expect(readFileSync(join(dir, 'races.sh'), 'utf8')).toMatch(/# the first 8 fired together, as they overlapped:\n(\{ curl -sS -i -X POST [^\n]*\/send' [^\n]*; echo; \} &\n){8}wait\ncurl -sS -i [^\n]*\/balance'/);
    } finally {
      await wp.close();
      await mock.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('a sequential run of every check through all the layers at once sees none of them', async () => {
    const layers = { trading: [] as Breakage[], wallet: [] as Breakage[] };
    for (const m of RACE_MUTANTS) layers[m.iface].push(m.breakage());
    const report = await checkBehind(layers, { strict: true, rateLimit: true });
    expect(report.failures.map((f) => `${f.checkId}/${f.assertion}: ${f.message}`)).toEqual([]);
    // Off by default: each race check says how to ask for it.
    for (const c of RACE_CHECKS) expect(report.checks.find((r) => r.id === c.id)).toMatchObject({ status: 'not-exercised', reason: expect.stringMatching(/^not asked for \(--(rate-limit )?concurrency N\)$|--concurrency N/) });
  }, 60_000);
});
