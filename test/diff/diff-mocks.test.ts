// doppel diff end to end: a recording made by doppel proxy of scripted traffic with writes (every
// operation of both interfaces, twice) replayed against pairs of doppel mock with one seed on a
// manual clock: clean when they agree, even when the candidate (or a secondary) mints other identifiers; a breaking
// layer of the suite in front of one side is a seed difference on that side; a candidate started
// with another profile shows the decision points that changed, old and new value.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffRecording, sideKeys, type DiffReport } from '../../diff/index.js';
import { startMock, type Profile, type RunningMock } from '../../mock/index.js';
import { startProxy } from '../../proxy/index.js';
import { editJson, pathOf, startProxy as startLayer, type Breakage, type RunningProxy } from '../conformance/broken-proxy.js';
import { MUTANTS } from '../conformance/mutants.js';
import { runScript } from '../proxy/traffic-client.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-diff-'));
const har = join(dir, 'traffic.har');
const MOCK = { host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual' as const, walletRateLimit: 1_000_000, quiet: true };
const KEYS = sideKeys('demo-trade-key', 'demo-read-key', ['demo-wallet-key']);
const started: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  const recorded = await startMock(MOCK);
  const proxy = await startProxy({ targets: { trading: recorded.trading.url, wallet: recorded.wallet.url }, ports: { trading: 0, wallet: 0 }, har });
  const via = { trading: proxy.listening.trading!.url, wallet: proxy.listening.wallet!.url };
  await runScript(via);
  await proxy.close();
  await recorded.close();
});
afterAll(async () => {
  for (const s of started.splice(0)) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

async function mock(profile?: Profile): Promise<RunningMock> {
  const m = await startMock({ ...MOCK, ...(profile ? { profile } : {}) });
  started.push(m);
  return m;
}

async function layer(target: string, breakage: Breakage): Promise<RunningProxy> {
  const l = await startLayer(target, breakage);
  started.push(l);
  return l;
}

type Urls = { trading: string; wallet: string };
const urls = (m: RunningMock): Urls => ({ trading: m.trading.url, wallet: m.wallet.url });

function diff(primary: Urls, candidate: Urls, allowWrites = true): Promise<DiffReport> {
  return diffRecording({ file: har, doc: JSON.parse(readFileSync(har, 'utf8')), primary, candidate, keys: { primary: KEYS, candidate: KEYS }, allowWrites, tolerance: { relative: 1e-6, seconds: 1 } });
}

/** A lawful candidate that mints other identifiers: order ids 1000 higher, transaction hashes with other hex digits, login tokens with a prefix. */
const ORDER_PATHS = /^\/api\/v1\/(spot|margin|futures|binary)\/(order|cancel)$|^\/api\/v1\/account\/orders$/;
const HEX_SWAP = (hash: string) => `0x${hash.slice(2).replace(/[0-9a-f]/g, (c) => '0123456789abcdef'['fedcba9876543210'.indexOf(c)] as string)}`;
const OTHER_IDENTIFIERS: Breakage = {
  request: (req) => {
    const headers = req.headers['x-api-key']?.startsWith('other-') ? { ...req.headers, 'x-api-key': req.headers['x-api-key'].slice(6) } : req.headers;
    const body = pathOf(req) === '/api/v1/spot/cancel' ? JSON.stringify({ ...JSON.parse(req.body), order_id: JSON.parse(req.body).order_id - 1000 }) : req.body;
    return { ...req, headers, body };
  },
  response: (req, res) => {
    if (res.status >= 300) return res;
    if (ORDER_PATHS.test(pathOf(req))) return editJson(res, (b) => (Array.isArray(b.data) ? b.data : [b.data]).forEach((o: { id: number }) => (o.id += 1000)));
    if (pathOf(req) === '/api/v1/login') return editJson(res, (b) => void (b.token = `other-${b.token}`));
    if (/\/send$/.test(pathOf(req))) return editJson(res, (b) => void (b.tx_hash = HEX_SWAP(b.tx_hash)));
    if (/\/transactions$/.test(pathOf(req))) return editJson(res, (b) => b.transactions.forEach((t: { tx_hash: string }) => (t.tx_hash = HEX_SWAP(t.tx_hash))));
    return res;
  },
};

describe('doppel diff over a recording made by doppel proxy', () => {
  it('two mocks of one seed diff clean, the candidate\'s own identifiers followed from write to write', async () => {
    const [primary, candidate] = [await mock(), await mock()];
    const other = await layer(candidate.trading.url, OTHER_IDENTIFIERS);
    const otherWallet = await layer(candidate.wallet.url, OTHER_IDENTIFIERS);
    const report = await diff(urls(primary), { trading: other.url, wallet: otherWallet.url });
    expect(report.differences.map((d) => `${d.verdict} #${d.index} ${d.operationId} ${d.kind} ${d.at}: ${d.primary} → ${d.candidate}`)).toEqual([]);
    expect(report.replayed).toBe(report.requests);
    expect(report.requests).toBe(25);
    expect(report.aligned).toBeGreaterThan(10);
    expect(report.failed).toBe(false);
  });

  it('a secondary minting other identifiers is sent the ones it minted: nothing learned noisy', async () => {
    const [primary, secondary, candidate] = [await mock(), await mock(), await mock()];
    const other = { trading: (await layer(secondary.trading.url, OTHER_IDENTIFIERS)).url, wallet: (await layer(secondary.wallet.url, OTHER_IDENTIFIERS)).url };
    const report = await diffRecording({ file: har, doc: JSON.parse(readFileSync(har, 'utf8')), primary: urls(primary), candidate: urls(candidate), secondary: other, keys: { primary: KEYS, candidate: KEYS }, allowWrites: true, tolerance: { relative: 1e-6, seconds: 1 } });
    expect(report.learnedNoisy).toBe(0);
    expect(report.differences).toEqual([]);
    expect(report.replayed).toBe(25);
  });

  it('reads only without --allow-writes: the writes are counted, not sent', async () => {
    const [primary, candidate] = [await mock(), await mock()];
    const report = await diff(urls(primary), urls(candidate), false);
    const writes = (JSON.parse(readFileSync(har, 'utf8')) as { log: { entries: { request: { method: string } }[] } }).log.entries.filter((e) => e.request.method !== 'GET').length;
    expect(writes).toBeGreaterThan(10);
    expect(report.skippedWrites).toBe(writes);
    expect(report.replayed + report.skippedWrites).toBe(report.requests);
    expect(report.differences).toEqual([]);
  });

  // The suite's breaking layers (test/conformance/mutants.ts) the recording reaches, each in front of one side.
  const BROKEN: [name: string, side: 'primary' | 'candidate'][] = [
    ['7-digit balance decimals', 'candidate'],
    ['ISO transaction dates', 'candidate'],
    ['text/html Content-Type on chains', 'candidate'],
    ['duplicate balance entry', 'candidate'],
    ['missing success in trading envelopes', 'primary'],
  ];
  for (const [name, side] of BROKEN) {
    const mutant = MUTANTS.find((m) => m.name === name)!;
    {
      it(`${name} in front of the ${side}: a seed difference on the ${side} side`, async () => {
        const [primary, candidate] = [await mock(), await mock()];
        const broken = await layer((side === 'primary' ? primary : candidate)[mutant.iface].url, mutant.breakage());
        const sides = { primary: urls(primary), candidate: urls(candidate) };
        sides[side] = { ...sides[side], [mutant.iface]: broken.url };
        const report = await diff(sides.primary, sides.candidate);
        const seeds = report.differences.filter((d) => d.verdict === 'seed');
        expect(seeds.length, JSON.stringify(report.differences.slice(0, 5))).toBeGreaterThan(0);
        expect(seeds.every((d) => d.side === side)).toBe(true);
        expect(seeds.map((d) => d.rule).join('\n')).toContain(mutant.killedBy);
        expect(report.failed).toBe(true);
      });
    }
  }

  it('a candidate started with another profile: each changed decision named, with its old and new value', async () => {
    const profile: Profile = {
      doppel_profile: 1,
      points: {
        'trading.error-shape#missing-key-message': { value: 'no API-KEY sent to {operationId}' },
        'wallet.register-semantics': { value: 'Welcome aboard' },
      },
    };
    const [primary, candidate] = [await mock(), await mock(profile)];
    const report = await diff(urls(primary), urls(candidate));
    expect(report.counts.seed).toBe(0);
    expect(report.failed).toBe(false);
    expect(report.decisions).toEqual(expect.arrayContaining([
      { point: 'trading.error-shape#missing-key-message', decision: 'trading.error-shape', primary: '{operationId}: missing API-KEY header', candidate: 'no API-KEY sent to {operationId}' },
      { point: 'wallet.register-semantics', decision: 'wallet.register-semantics', primary: 'User registered successfully', candidate: 'Welcome aboard' },
    ]));
    const decided = report.differences.filter((d) => d.verdict === 'decision');
    expect(decided.map((d) => `${d.operationId} ${d.at} ${d.decision?.point}`)).toEqual(expect.arrayContaining(['getAccount /error trading.error-shape#missing-key-message', 'register /message wallet.register-semantics']));
    expect(report.differences.filter((d) => d.verdict !== 'decision')).toEqual([]);
  });
});
