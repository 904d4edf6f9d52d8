// A window of the wallet limit may end while the checker sends (decision wallet.rate-limit-scope:
// fixed one-minute windows), which the checker cannot choose on a real target: a layer in front of
// doppel mock plays a correct limiter of 60 per key and minute on a clock it moves itself, turning
// the minute where a run would meet a boundary. The checker must read the turn from the answers
// (Date, Retry-After) and judge again within one window, not fail the target for it.
import { describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { runConformance } from '../../conformance/index.js';
import { pathOf, startProxy, type Breakage, type ProxiedRequest } from './broken-proxy.js';

/**
 * A limiter of 60 keyed requests per minute of its own clock, which stands at second 30 of a
 * minute and jumps to the next minute: at the 30th request of each of the first `turns` keys to
 * get that far, or (`turnAt429`) once, right after its first 429, which then says Retry-After 1.
 * `limit` breaks it.
 */
function windowedLimiter(o: { turns?: number; turnAt429?: boolean; limit?: number }): Breakage {
  const start = Date.UTC(2026, 0, 1);
  let second = 30;
  let turns = 0;
  const counts = new Map<string, number>();
  const refused = new WeakSet<ProxiedRequest>();
  const turn = (): void => {
    turns++;
    second = (Math.floor(second / 60) + 1) * 60;
  };
  return {
    request(req) {
      const key = req.headers['x-api-key'];
      if (!key) return req;
      const at = `${Math.floor(second / 60)} ${key}`;
      const n = (counts.get(at) ?? 0) + 1;
      if (n > (o.limit ?? 60)) refused.add(req);
      else counts.set(at, n);
      if (n === 30 && turns < (o.turns ?? 0) && !counts.has(`first30 ${key}`)) {
        counts.set(`first30 ${key}`, 1);
        turn();
      }
      return req;
    },
    response(req, res) {
      const headers = { ...res.headers, date: new Date(start + second * 1000).toUTCString() };
      if (!refused.has(req)) return { ...res, headers };
      const last = o.turnAt429 === true && turns === 0;
      if (last) turn();
      return { status: 429, headers: { ...headers, 'content-type': 'application/json', 'retry-after': String(last ? 1 : 60 - (second % 60)) }, body: JSON.stringify({ success: false, error: `rate limited (${pathOf(req)})` }) };
    },
  };
}

async function checkBehind(layer: Breakage, checks: string[]) {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
  const proxy = await startProxy(mock.wallet.url, layer);
  try {
    return await runConformance({ targets: { wallet: { url: proxy.url, key: 'demo-wallet-key' } }, seed: 11, runs: 1, allowWrites: true, strict: true, rateLimit: true, concurrency: 8, checks, walletKeyBudget: Number.POSITIVE_INFINITY });
  } finally {
    await proxy.close();
    await mock.close();
  }
}

const outcomes = (report: Awaited<ReturnType<typeof checkBehind>>, ids: string[]) => Object.fromEntries(ids.map((id) => [id, report.checks.find((c) => c.id === id)?.status]));

describe('a window of the rate limit that ends while the checker sends', () => {
  it('is read from the Date headers: the burst goes on to 121 requests, the parallel burst is tried again on a new key; both pass', async () => {
    // The minute turns midway through the sequential burst, and through the first parallel one.
    const checks = ['rate-limit-429', 'rate-limit-retry-after', 'rate-limit-race'];
    const report = await checkBehind(windowedLimiter({ turns: 2 }), checks);
    expect(report.failures.map((f) => `${f.checkId}/${f.assertion}: ${f.message}`)).toEqual([]);
    expect(outcomes(report, checks)).toEqual({ 'rate-limit-429': 'passed', 'rate-limit-retry-after': 'passed', 'rate-limit-race': 'passed' });
  });

  it('does not excuse a limiter that lets every request through', async () => {
    const report = await checkBehind(windowedLimiter({ turns: 2, limit: Number.POSITIVE_INFINITY }), ['rate-limit-429', 'rate-limit-race']);
    expect(report.failures.map((f) => `${f.checkId}/${f.assertion}: ${f.title}`)).toEqual(['rate-limit-429/429: no 429 after 121 requests', 'rate-limit-race/at-most-limit: 120 overlapping requests on one key succeeded within 60 s']);
  });

  it('is read from the Retry-After of the 429 before a send: the guard order is judged again within a window', async () => {
    const report = await checkBehind(windowedLimiter({ turnAt429: true }), ['wallet-guard-order']);
    expect(report.failures.map((f) => `${f.checkId}/${f.assertion}: ${f.message}`)).toEqual([]);
    expect(report.checks.find((c) => c.id === 'wallet-guard-order')).toMatchObject({ status: 'passed', cases: 1 });
  });
});
