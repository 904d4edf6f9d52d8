// The race classes: racy breaking layers (race-mutants.ts) that only overlapping requests meet.
// `--concurrency 8` must fail each run through the named check and assertion, with the overlapping
// requests as curl lines fired together; a sequential run of every check through all the layers at
// once must pass (none of them is visible one request at a time).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startMock } from '../../../mock/index.js';
import { runCheckCli, runConformance, type RunReport } from '../../../conformance/index.js';
import { replayScript } from '../../../conformance/report/replay-script.js';
import { RACE_CHECKS } from '../../../conformance/checks/race/race-checks.js';
import { startProxy, type Breakage } from '../broken-proxy.js';
import { RACE_MUTANTS } from '../race-mutants.js';

function stacked(layers: Breakage[]): Breakage {
  return {
    request: (req) => layers.reduce((r, l) => l.request?.(r) ?? r, req),
    response: (req, res) => layers.reduce((r, l) => l.response?.(req, r) ?? r, res),
  };
}

async function checkBehind(layers: { trading: Breakage[]; wallet: Breakage[] }, o: { concurrency?: number; rateLimit?: boolean; checks?: string[]; strict: boolean }): Promise<RunReport> {
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

describe('race classes', () => {
  for (const mutant of RACE_MUTANTS) {
    it(`"${mutant.name}" fails --concurrency 8 through ${mutant.killedBy}`, async () => {
      const [checkId, assertion] = mutant.killedBy.split('/');
      const layers = { trading: [] as Breakage[], wallet: [] as Breakage[] };
      layers[mutant.iface].push(mutant.breakage());
      const report = await checkBehind(layers, { concurrency: 8, rateLimit: mutant.rateLimit, checks: [checkId as string, ...(mutant.traffic ?? [])], strict: mutant.strict });
      const found = report.failures.filter((f) => f.checkId === checkId && f.assertion === assertion);
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
