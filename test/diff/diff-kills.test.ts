// doppel diff at scale, in `npm run test:kills` (not npm test: it sends some 10,000 requests): a
// 2,000-exchange recording with writes, made by doppel proxy of scripted traffic, diffs clean
// between two doppel mocks of one seed; and each breaking layer of the suite (test/conformance/
// mutants.ts) that the scripted traffic reaches, in front of the candidate, is a seed difference
// on the candidate's side, naming the check that kills it. With --check (the checker's own run on
// each side) every layer is reached: each is a seed difference on the candidate's side, or, for a
// layer that changes a decision, a decision difference with the old and new value.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHECKS } from '../../conformance/index.js';
import { diffCheckRuns, diffRecording, sideKeys } from '../../diff/index.js';
import { startMock, type RunningMock } from '../../mock/index.js';
import { startProxy } from '../../proxy/index.js';
import { startProxy as startLayer } from '../conformance/broken-proxy.js';
import { MUTANTS } from '../conformance/mutants.js';
import { runScript, STEPS } from '../proxy/traffic-client.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-diff-kills-'));
const MOCK = { host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 8, clock: 'manual' as const, walletRateLimit: 1_000_000, quiet: true };
const KEYS = sideKeys('demo-trade-key', 'demo-read-key', ['demo-wallet-key']);
const ROUNDS = Math.ceil(2_000 / STEPS.length);

/** Records `rounds` passes of the script through doppel proxy; the HAR's file. */
async function record(name: string, rounds: number): Promise<string> {
  const har = join(dir, name);
  const target = await startMock(MOCK);
  const proxy = await startProxy({ targets: { trading: target.trading.url, wallet: target.wallet.url }, ports: { trading: 0, wallet: 0 }, har });
  for (let i = 0; i < rounds; i++) await runScript({ trading: proxy.listening.trading!.url, wallet: proxy.listening.wallet!.url });
  await proxy.close();
  await target.close();
  return har;
}

const urls = (m: RunningMock) => ({ trading: m.trading.url, wallet: m.wallet.url });
let short: string;
beforeAll(async () => {
  short = await record('short.har', 1);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * The suite's layers the scripted traffic (one request of each operation, with the demo keys) does
 * not show as a seed difference, and why: a layer it does not reach (no difference at all), or one
 * whose answers the checker's passive judgement does not call broken from this traffic alone (an
 * unexplained difference: the layer still shows, as a difference both answers are lawful for).
 */
const NOT_SEED: Record<string, { shows: 'nothing' | 'unexplained'; why: string }> = {
  'read key allowed to trade': { shows: 'nothing', why: 'the script never sends the read key' },
  'no refund on copy stop': { shows: 'nothing', why: 'the script reads no balance after its copy stop' },
  'ignored limit on the orders listing': { shows: 'nothing', why: 'the account holds fewer orders than the listing\'s limit' },
  'a 500 on an exponent amount': { shows: 'nothing', why: 'the script sends no amount with an exponent' },
  'no 429 after 60 requests': { shows: 'nothing', why: 'the script sends fewer than 60 wallet requests' },
  'leverage 0 accepted': { shows: 'nothing', why: 'the script sends only valid leverage' },
  'unknown symbol answered 200': { shows: 'nothing', why: 'the script asks for no unknown symbol' },
  'send does not debit the balance': { shows: 'nothing', why: 'the script reads no balance after its send' },
  'another user\'s wallet readable': { shows: 'nothing', why: 'the script reads no other user\'s wallet' },
  'usd_value doubled': { shows: 'unexplained', why: 'usd-value-matches-price judges a balance against prices it reads itself, not from traffic' },
  'orders listing defaults to 2 entries': { shows: 'nothing', why: 'the script\'s listing names its limit' },
  'binary bids never settle': { shows: 'nothing', why: 'the manual clock never moves' },
};

describe('doppel diff at scale', () => {
  it(`two mocks of one seed diff clean over ${ROUNDS * STEPS.length} exchanges with writes`, async () => {
    const har = await record('long.har', ROUNDS);
    const [primary, candidate] = [await startMock(MOCK), await startMock(MOCK)];
    try {
      const report = await diffRecording({ file: har, doc: JSON.parse(readFileSync(har, 'utf8')), primary: urls(primary), candidate: urls(candidate), keys: { primary: KEYS, candidate: KEYS }, allowWrites: true, tolerance: { relative: 0.0001, seconds: 2 } });
      expect(report.requests).toBeGreaterThanOrEqual(2_000);
      expect(report.replayed).toBe(report.requests);
      expect(report.differences.filter((d) => d.verdict !== 'noise')).toEqual([]);
      expect(report.aligned).toBeGreaterThan(ROUNDS);
    } finally {
      await primary.close();
      await candidate.close();
    }
  }, 300_000);

  for (const mutant of MUTANTS) {
    const expected = NOT_SEED[mutant.name];
    it(`${mutant.name}: ${expected ? `${expected.shows}, since ${expected.why}` : `a seed difference on the candidate's side (${mutant.killedBy})`}`, async () => {
      const [primary, candidate] = [await startMock(MOCK), await startMock(MOCK)];
      const layer = await startLayer(candidate[mutant.iface].url, mutant.breakage());
      try {
        const report = await diffRecording({ file: short, doc: JSON.parse(readFileSync(short, 'utf8')), primary: urls(primary), candidate: { ...urls(candidate), [mutant.iface]: layer.url }, keys: { primary: KEYS, candidate: KEYS }, allowWrites: true, tolerance: { relative: 0.0001, seconds: 2 } });
        const seeds = report.differences.filter((d) => d.verdict === 'seed');
        const shows = seeds.length > 0 ? 'seed' : report.differences.some((d) => d.verdict !== 'noise') ? 'unexplained' : 'nothing';
        expect(shows, JSON.stringify(report.differences.slice(0, 3))).toBe(expected?.shows ?? 'seed');
        expect(seeds.every((d) => d.side === 'candidate')).toBe(true);
        expect(report.failed).toBe(shows === 'seed');
      } finally {
        await layer.close();
        await primary.close();
        await candidate.close();
      }
    });
  }
});

/** Whether the check that kills a layer asserts decisions only (the layer changes a decision: a decision difference, not a seed one). */
const decisionOnly = (checkId: string): boolean => CHECKS.find((c) => c.id === checkId)!.assertions.every((a) => a.kind === 'decision');

describe('doppel diff --check: the checker\'s run on each side reaches every layer', () => {
  for (const mutant of MUTANTS) {
    const decision = decisionOnly(mutant.killedBy);
    it(`${mutant.name}: ${decision ? 'a decision difference, old → new' : 'a seed difference on the candidate\'s side'} (${mutant.killedBy})`, async () => {
      const mock = { ...MOCK, walletRateLimit: mutant.rateLimit ? 60 : MOCK.walletRateLimit };
      const [primary, candidate] = [await startMock(mock), await startMock(mock)];
      const layer = await startLayer(candidate[mutant.iface].url, mutant.breakage());
      try {
        const run = (strict: boolean) => diffCheckRuns({ primary: urls(primary), candidate: { ...urls(candidate), [mutant.iface]: layer.url }, keys: { primary: KEYS, candidate: KEYS }, seed: 3, runs: 5, allowWrites: true, rateLimit: mutant.rateLimit, strict, walletKeyBudget: Number.POSITIVE_INFINITY, tolerance: { relative: 0.0001, seconds: 2 } });
        const report = await run(false);
        const seeds = report.differences.filter((d) => d.verdict === 'seed');
        expect(seeds.every((d) => d.side === 'candidate'), JSON.stringify(seeds.filter((d) => d.side !== 'candidate').slice(0, 2))).toBe(true);
        if (decision) {
          expect(seeds).toEqual([]);
          const point = CHECKS.find((c) => c.id === mutant.killedBy)!.assertions.map((a) => a.source.replace(/^decision:/, ''));
          const changed = report.differences.filter((d) => d.verdict === 'decision').map((d) => d.decision!);
          expect(changed.length).toBeGreaterThan(0);
          expect(changed.every((c) => point.includes(c.decision) && c.primary !== c.candidate)).toBe(true);
          expect(report.failed).toBe(false);
          expect((await run(true)).failed).toBe(true);
        } else {
          expect(seeds.map((d) => d.rule)).toContainEqual(expect.stringMatching(new RegExp(`^${mutant.killedBy}/`)));
          expect(report.failed).toBe(true);
        }
      } finally {
        await layer.close();
        await primary.close();
        await candidate.close();
      }
    });
  }
});
