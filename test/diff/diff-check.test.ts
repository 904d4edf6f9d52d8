// doppel diff --check: the checker's own run of one seed on each side, instead of a recording. Two
// doppel mocks of one seed diff clean; a breaking layer of the suite on one side is a seed
// difference on that side, naming the check that kills it; a side that refuses the keys or gives
// no answer ends the comparison with exit 2 and a line naming it. (Every layer of the suite, and
// a decision changed, run in test:kills: diff-kills.test.ts.)
import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runDiffCli, type DiffCliOptions, type DiffReport } from '../../diff/index.js';
import { startMock, type RunningMock } from '../../mock/index.js';
import { editJson, pathOf, startProxy as startLayer, type RunningProxy } from '../conformance/broken-proxy.js';
import { closedPort } from '../conformance/cli-usage.js';
import { MUTANTS } from '../conformance/mutants.js';

const MOCK = { host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 8, clock: 'manual' as const, walletRateLimit: 1_000_000, quiet: true };
const BALANCES = MUTANTS.find((m) => m.name === '7-digit balance decimals')!;
const dir = mkdtempSync(join(tmpdir(), 'doppel-diff-check-'));
let mocks: RunningMock[];
let broken: RunningProxy;

beforeAll(async () => {
  mocks = [await startMock(MOCK), await startMock(MOCK)];
  broken = await startLayer(mocks[1]!.trading.url, BALANCES.breakage());
});
afterAll(async () => {
  await broken.close();
  for (const m of mocks) await m.close();
  rmSync(dir, { recursive: true, force: true });
});

/** runDiffCli --check with --json: the exit status, the console lines and the report written. */
async function diffCheck(primary: DiffCliOptions['primary'], candidate: DiffCliOptions['candidate'], more: Partial<DiffCliOptions> = {}): Promise<{ code: number; out: string[]; report?: DiffReport }> {
  const out: string[] = [];
  const json = join(dir, `report-${Math.random()}.json`);
  const code = await runDiffCli({
    check: true,
    seed: 5,
    runs: 1,
    allowWrites: true,
    primary,
    candidate,
    tradingKey: 'demo-trade-key',
    tradingReadKey: 'demo-read-key',
    walletKeys: ['demo-wallet-key'],
    tolerance: 0.0001,
    timeTolerance: 2,
    json,
    out: (l) => out.push(l),
    err: (l) => out.push(l),
    ...more,
  });
  return { code, out, ...(existsSync(json) ? { report: JSON.parse(readFileSync(json, 'utf8')) as DiffReport } : {}) };
}

const urls = (m: RunningMock) => ({ trading: m.trading.url, wallet: m.wallet.url });

describe('doppel diff --check', () => {
  it('two mocks of one seed: every request paired, no difference, exit 0', async () => {
    const { code, out, report } = await diffCheck(urls(mocks[0]!), urls(mocks[1]!));
    expect(code, out.join('\n')).toBe(0);
    expect(report!.requests).toBeGreaterThan(300);
    expect(report!.unpaired).toEqual({ primary: 0, candidate: 0 });
    expect(report!.divergedAfter).toBeUndefined();
    expect(report!.replayed).toBe(report!.requests);
    expect(report!.aligned).toBeGreaterThan(10);
    expect(report!.differences).toEqual([]);
    // With --allow-writes each side's run says what it will write before it does (on stderr).
    expect(out).toContain('primary: Plan (--allow-writes):');
    expect(out).toContain('candidate: Plan (--allow-writes):');
    expect(out[out.length - 1]).toMatch(/^doppel diff: doppel check --seed 5 on each side: \d+ requests paired, \d+ identifiers aligned; 0 seed, 0 decision, 0 unexplained, 0 noise differences; passed$/);
  });

  it('a breaking layer on either side is a seed difference on that side, naming the check that kills it', async () => {
    for (const [side, primary, candidate] of [
      ['candidate', urls(mocks[0]!), { ...urls(mocks[1]!), trading: broken.url }],
      ['primary', { ...urls(mocks[1]!), trading: broken.url }, urls(mocks[0]!)],
    ] as const) {
      const { code, report } = await diffCheck(primary, candidate, { only: ['balance-decimals'] });
      expect(code).toBe(1);
      const seeds = report!.differences.filter((d) => d.verdict === 'seed');
      expect(seeds.length).toBeGreaterThan(0);
      expect(seeds.every((d) => d.side === side)).toBe(true);
      expect(seeds.map((d) => d.rule)).toContainEqual(expect.stringMatching(/^balance-decimals\//));
      expect(seeds).toContainEqual(expect.objectContaining({ kind: 'scale', operationId: 'getBalances' }));
      // Where the runs went different ways, the report says after which pair.
      const apart = report!.unpaired!.primary + report!.unpaired!.candidate;
      expect(report!.divergedAfter === undefined).toBe(apart === 0);
      if (apart) expect(report!.divergedAfter).toBeLessThanOrEqual(report!.replayed);
    }
  });

  it('where the runs went apart, the unexplained differences after it are counted, not listed', async () => {
    // Markets refused without a key: the candidate's run knows no market, places no order, and goes another way.
    const PUBLIC = MUTANTS.find((m) => m.name === 'public prices demand a key')!;
    const refusing = await startLayer(mocks[1]!.trading.url, PUBLIC.breakage());
    try {
      const { code, out, report } = await diffCheck(urls(mocks[0]!), { ...urls(mocks[1]!), trading: refusing.url }, { only: ['trading-public-no-key', 'balance-decimals'] });
      expect(code).toBe(1);
      const apart = report!.divergedAfter!;
      expect(apart).toBeGreaterThan(0);
      const later = report!.differences.filter((d) => d.verdict === 'unexplained' && d.index > apart);
      expect(later.length).toBeGreaterThan(0);
      const text = out.join('\n');
      expect(text).toMatch(/^seed \(candidate\) trading-public-no-key\/no-key .* #1 GET \/api\/v1\/markets/m);
      expect(text).toContain(`… and ${later.length} unexplained differences after the runs went apart at #${apart}, which may follow from that step (--json FILE lists them)`);
      expect(out.filter((l) => l.startsWith('unexplained |')).every((l) => Number(/#(\d+)/.exec(l)![1]) <= apart)).toBe(true);
    } finally {
      await refusing.close();
    }
  });

  it('with a secondary (a third run): what differs between the primary and the secondary is noise', async () => {
    // Copies of the primary that move every balance by a factor (read-only runs: they can share its mock).
    const moved = (factor: number) => startLayer(mocks[0]!.trading.url, { response: (req, res) => (pathOf(req) === '/api/v1/account/balances' && res.status === 200 ? editJson(res, (b) => b.data.forEach((e: { balance: string }) => (e.balance = (Number(e.balance) * factor).toFixed(8)))) : res) });
    const [secondary, candidate] = [await moved(1.01), await moved(1.005)];
    try {
      const more = { allowWrites: false, only: ['balance-decimals'], tolerance: 0, timeTolerance: 0 };
      const alone = await diffCheck({ trading: mocks[0]!.trading.url }, { trading: candidate.url }, more);
      expect(alone.report!.counts.unexplained).toBeGreaterThan(0);
      const learned = await diffCheck({ trading: mocks[0]!.trading.url }, { trading: candidate.url }, { ...more, secondary: { trading: secondary.url } });
      expect(learned.code).toBe(0);
      expect(learned.report!.counts).toMatchObject({ seed: 0, decision: 0, unexplained: 0 });
      expect(learned.report!.counts.noise).toBe(alone.report!.counts.unexplained);
      expect(learned.report!.learnedNoisy).toBeGreaterThan(0);
    } finally {
      await secondary.close();
      await candidate.close();
    }
  });

  it('--trading-ip-locked-key: a candidate that lets a key through from outside its whitelist is a seed difference (ip-locked-403)', async () => {
    const unlocked = await startLayer(mocks[1]!.trading.url, { request: (req) => (req.headers['api-key'] === 'demo-ip-locked-key' ? { ...req, headers: { ...req.headers, 'api-key': 'demo-trade-key' } } : req) });
    try {
      const more = { allowWrites: false, only: ['ip-locked-403'] };
      const without = await diffCheck({ trading: mocks[0]!.trading.url }, { trading: unlocked.url }, more);
      expect(without.code).toBe(0);
      const { code, report } = await diffCheck({ trading: mocks[0]!.trading.url }, { trading: unlocked.url }, { ...more, tradingIpLockedKey: 'demo-ip-locked-key' });
      expect(code).toBe(1);
      expect(report!.differences.filter((d) => d.verdict === 'seed').map((d) => `${d.side} ${d.rule}`)).toContainEqual(expect.stringMatching(/^candidate ip-locked-403\//));
      expect(JSON.stringify(report)).not.toContain('demo-ip-locked-key');
    } finally {
      await unlocked.close();
    }
  });

  it('SIGINT: both runs stop at their next request, what was compared is written, marked partial; exit 130', async () => {
    const signals = new EventEmitter();
    let seen = 0;
    // The primary gets SIGINT as it answers its 40th request.
    const layer = await startLayer(mocks[0]!.trading.url, { response: (_req, res) => (++seen === 40 && signals.emit('SIGINT', 'SIGINT'), res) });
    try {
      const { code, out, report } = await diffCheck({ ...urls(mocks[0]!), trading: layer.url }, urls(mocks[1]!), { signals });
      expect(code).toBe(130);
      expect(report!.partial).toEqual({ interrupted: 'SIGINT' });
      expect(report!.requests).toBeLessThan(100);
      expect(out).toContain('doppel diff: SIGINT: the comparison stopped; writing what it compared, marked partial');
    } finally {
      await layer.close();
    }
  });

  it('a side that refuses the keys, or gives no answer: exit 2, one line naming it', async () => {
    const refused = await diffCheck(urls(mocks[0]!), urls(mocks[1]!), { candidateTradingKey: 'no-such-key' });
    expect(refused.code, refused.out.join("\n")).toBe(2);
    expect(refused.out.join('\n')).toMatch(/^doppel diff: the candidate: --trading-key was rejected: 401/m);
    const closed = `http://127.0.0.1:${await closedPort()}`;
    const gone = await diffCheck(urls(mocks[0]!), { ...urls(mocks[1]!), trading: closed });
    expect(gone.code).toBe(2);
    expect(gone.out.join('\n')).toMatch(/^doppel diff: the candidate/m);
  });
});
