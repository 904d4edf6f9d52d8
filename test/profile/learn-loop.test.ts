// The closed loop of profiles: a fake started with a profile that differs from doppel's choices at
// every decision point is learned over HTTP with `doppel check --learn`; the learned profile equals
// the one it started with at every point the run observed (here: all of them); a second fake
// started with the learned profile passes `check --strict --profile`, a default fake fails it.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCheckCli, type CheckCliOptions } from '../../conformance/index.js';
import { startMock, type RunningMock } from '../../mock/index.js';
import { DECISION_POINTS, DEFAULT_DECISIONS, type Profile } from '../../spec/index.js';
import { STARTING } from './starting-profile.js';

/** Learned only by a run with --rate-limit against a fake with a real limit (below). */
const RATE_LIMITED = ['wallet.guard-order'];
const POINT_CHECKS = [
  'copy-conflict-status',
  'default-listing-limit',
  'send-confirmation-delay',
  'register-message',
  'duplicate-email-refused',
  'wallet-create-status',
  'cancel-not-open-status',
  'copy-stop-unknown-status',
  'missing-key-message',
  'login-failure-message',
  'symbol-case',
  'listing-order',
  'wallet-public-no-key',
  'listing-max-limit',
  'futures-duration-limit',
  'trading-guard-order',
];
/** Points a run without --allow-writes can learn. */
const READ_ONLY_POINTS = ['wallet.status-codes#missing-key-message', 'trading.error-shape#missing-key-message', 'wallet.login-token#failure-message', 'wallet.list-order', 'wallet.tokens#order', 'trading.symbol-case', 'wallet.auth-exemptions', 'wallet.transactions-paging#max-limit', 'wallet.prices-unknown#max-symbols', 'trading.guard-order'];
const LIMIT = 1_000_000;

const dir = mkdtempSync(join(tmpdir(), 'doppel-learn-'));
const running: RunningMock[] = [];
afterAll(async () => {
  await Promise.all(running.map((m) => m.close()));
  rmSync(dir, { recursive: true, force: true });
});

async function fake(profile?: unknown): Promise<RunningMock> {
  const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, clock: 'manual', quiet: true, walletRateLimit: LIMIT, ...(profile ? { profile } : {}) });
  running.push(mock);
  return mock;
}

async function check(mock: RunningMock, extra: Partial<CheckCliOptions>): Promise<{ code: number; lines: string[] }> {
  const lines: string[] = [];
  const code = await runCheckCli({
    tradingUrl: mock.trading.url,
    tradingKey: 'demo-trade-key',
    tradingReadKey: 'demo-read-key',
    walletUrl: mock.wallet.url,
    walletKeys: ['demo-wallet-key'],
    walletRateLimit: LIMIT,
    seed: 17,
    runs: 10,
    quiet: true,
    out: (l) => lines.push(l),
    err: (l) => lines.push(l),
    ...extra,
  });
  return { code, lines };
}

describe('learn a deployment, reproduce it, check against it', () => {
  // The starting profile differs from doppel's at every point, so that equality proves learning.
  it('the starting profile differs from the defaults at every point', () => {
    for (const p of DECISION_POINTS) expect(STARTING.points[p.id]?.value, p.id).not.toBe(DEFAULT_DECISIONS[p.id]);
  });

  const learnedFile = join(dir, 'learned.json');
  it('--learn recovers every point of the starting profile, with evidence', async () => {
    const learning = await check(await fake(STARTING), { allowWrites: true, learn: learnedFile });
    // Not strict: the fake differs from doppel's choices, which is an observation, not a failure.
    expect(learning.code, learning.lines.join('\n')).toBe(0);
    const all = DECISION_POINTS.length;
    expect(learning.lines.join('\n')).toContain(`learned ${all - RATE_LIMITED.length} of ${all} decision points → ${learnedFile}`);
    const learned = JSON.parse(readFileSync(learnedFile, 'utf8')) as Profile;
    expect(learned.unobserved).toEqual([{ id: 'wallet.guard-order', default: 'key > rate-limit > input', reason: 'wallet-guard-order was not-exercised: not asked for (--rate-limit)' }]);
    for (const [id, point] of Object.entries(STARTING.points)) {
      if (RATE_LIMITED.includes(id)) continue;
      expect(learned.points[id]?.value, id).toBe(point.value);
      expect(learned.points[id]?.consistent, id).toBe(true);
      expect(learned.points[id]?.observed, id).toBeGreaterThanOrEqual(1);
      expect(learned.points[id]?.evidence?.length, id).toBeGreaterThanOrEqual(1);
    }
    // Evidence is masked like every report: no key in clear text.
    const text = readFileSync(learnedFile, 'utf8');
    expect(text).not.toMatch(/demo-(trade|wallet|read)-key|wt_[0-9a-f]{40}|pw-s17/);
    expect(text).toContain('\\"password\\":\\"(masked)\\"');
  });

  it('check --strict --profile passes against a fake started with the learned profile and fails against a default fake', async () => {
    const learned = JSON.parse(readFileSync(learnedFile, 'utf8')) as unknown;
    // transactions-limit: a response check that also reads the profile's default limit.
    const same = await check(await fake(learned), { allowWrites: true, strict: true, profile: learnedFile, only: [...POINT_CHECKS, 'transactions-limit'] });
    expect(same.lines.join('\n')).toMatch(new RegExp(`PASSED: ${POINT_CHECKS.length + 1} passed, 0 failed, 0 not exercised`));
    expect(same.code, same.lines.join('\n')).toBe(0);
    const plain = await check(await fake(), { allowWrites: true, strict: true, profile: learnedFile, only: POINT_CHECKS });
    expect(plain.code).toBe(1);
    const text = plain.lines.join('\n');
    for (const id of POINT_CHECKS) expect(text, id).toContain(id);
    expect(text).toContain('a second start answered 409, expected 400');
    expect(text).toContain('a second cancel answered 400, expected 409');
    expect(text).toContain('was told "listWallets: missing X-API-Key header", expected "API key required"');
    expect(text).toContain('expected "no API-KEY sent to getAccount"');
    expect(text).toContain('symbols are case-insensitive, expected upper-case-only');
    expect(text).toContain('listWallets listed 3 entries oldest-first');
    expect(text).toContain('the largest accepted is 100, expected 120');
    expect(text).toContain('read-only key + invalid order → 403');
    expect(text).toContain('trading.futures-duration: 720 was accepted and 721 refused, expected 100');
  });

  it('a run with --rate-limit learns the wallet\'s guard order from a fake with a real limit, and checks it', async () => {
    const file = join(dir, 'rate-limited.json');
    const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, clock: 'manual', quiet: true, walletRateLimit: 60, profile: STARTING });
    running.push(mock);
    const run = await check(mock, { allowWrites: true, rateLimit: true, walletRateLimit: 60, learn: file, only: ['wallet-guard-order'] });
    expect(run.code, run.lines.join('\n')).toBe(0);
    const learned = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    expect(learned.points['wallet.guard-order']).toMatchObject({ value: 'key > input > rate-limit', observed: 1, consistent: true });
    // A default fake counts first: 429, which a strict run against the learned profile fails.
    const plain = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, clock: 'manual', quiet: true, walletRateLimit: 60 });
    running.push(plain);
    const strict = await check(plain, { allowWrites: true, rateLimit: true, walletRateLimit: 60, strict: true, profile: file, only: ['wallet-guard-order'] });
    expect(strict.code).toBe(1);
    expect(strict.lines.join('\n')).toContain('over the limit + invalid body → 429');
  });

  it('a read-only learning run leaves the write-only points unobserved, saying why', async () => {
    const file = join(dir, 'read-only.json');
    const run = await check(await fake(STARTING), { learn: file, only: POINT_CHECKS });
    expect(run.code, run.lines.join('\n')).toBe(0);
    const learned = JSON.parse(readFileSync(file, 'utf8')) as Profile;
    const unobserved = Object.fromEntries((learned.unobserved ?? []).map((u) => [u.id, u.reason]));
    expect(unobserved['trading.conflict-409']).toContain('writes not allowed');
    expect(unobserved['wallet.register-semantics']).toContain('writes not allowed');
    expect(unobserved['wallet.send-semantics']).toContain('writes not allowed');
    for (const id of ['wallet.register-semantics#status', 'wallet.register-semantics#duplicate-status', 'wallet.create-semantics#status', 'trading.cancel-semantics#not-open-status', 'trading.copy-semantics#stop-unknown-status']) {
      expect(unobserved[id], id).toContain('writes not allowed');
    }
    // What a request that changes nothing shows is learned read-only too.
    for (const id of READ_ONLY_POINTS) expect(learned.points[id]?.value, id).toBe(STARTING.points[id]?.value);
    expect(unobserved['trading.futures-duration']).toContain('writes not allowed');
  });

  it('a bad --profile is a usage problem naming the field', async () => {
    const { writeFileSync } = await import('node:fs');
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ doppel_profile: 1, points: { 'trading.orders-default-limit': { value: 500 } } }));
    const run = await check(running[0] as RunningMock, { profile: file });
    expect(run.code).toBe(2);
    expect(run.lines.join('\n')).toContain('invalid profile at /points/trading.orders-default-limit/value');
  });
});
