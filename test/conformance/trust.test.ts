// What makes a verdict trustworthy: a check that evaluated nothing has not passed, a
// stub that answers success to everything fails, a rejected key stops the run before any check
// (exit 2), keys are masked everywhere by default, and the same seed sends the same requests.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { runCheckCli, runConformance, summaryLine, type RunReport } from '../../conformance/index.js';
import { startProxy, type ProxiedRequest } from './broken-proxy.js';
import { MUTANTS } from './mutants.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-trust-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A server that answers 200 `{"success":true,"data":{}}` to every request. */
async function startStub(): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"success":true,"data":{}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise<void>((r) => server.close(() => r())) };
}

async function withMock<T>(fn: (urls: { trading: string; wallet: string }) => Promise<T>, seed = 7, profile?: unknown): Promise<T> {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed, clock: 'manual', walletRateLimit: 1_000_000, quiet: true, ...(profile ? { profile } : {}) });
  try {
    return await fn({ trading: mock.trading.url, wallet: mock.wallet.url });
  } finally {
    await mock.close();
  }
}

const outcome = (report: RunReport, id: string) => report.checks.find((c) => c.id === id)?.status;

describe('a check that evaluated nothing has not passed', () => {
  it('without keys, the key-bound checks are "not exercised" with the reason, and the summary counts checks', async () => {
    const report = await withMock(({ trading, wallet }) => runConformance({ targets: { trading: { url: trading }, wallet: { url: wallet } }, seed: 3, runs: 5 }));
    for (const id of ['balance-decimals', 'orders-listing-query', 'wallet-date-format', 'wallet-decimals', 'wallet-dates-utc', 'trading-date-format', 'transactions-limit']) {
      expect(outcome(report, id), id).toBe('not-exercised');
      expect(report.checks.find((c) => c.id === id)?.reason, id).toMatch(/no --(trading|wallet)-key given/);
    }
    expect(outcome(report, 'order-in-listing')).toBe('not-exercised');
    expect(report.failed).toBe(false);
    const c = report.counts;
    expect(c.passed + c.failed + c.observed + c.notExercised + c.skipped).toBe(report.checks.length);
    expect(summaryLine(report)).toMatch(new RegExp(`^PASSED: ${c.passed} passed, 0 failed, ${c.notExercised} not exercised, 0 skipped \\(`));
    expect(report.checks.filter((ch) => ch.status === 'passed').every((ch) => ch.cases > 0)).toBe(true);
  });

  it('--require-all fails such a run', async () => {
    const report = await withMock(({ trading }) => runConformance({ targets: { trading: { url: trading } }, seed: 3, runs: 5, requireAll: true }));
    expect(report.counts.failed).toBe(0);
    expect(report.counts.notExercised).toBeGreaterThan(0);
    expect(report.failed).toBe(true);
    expect(summaryLine(report)).toMatch(/^FAILED: .*--require-all/);
  });

  it('--only and --skip mark the others "skipped"', async () => {
    const report = await withMock(({ trading }) => runConformance({ targets: { trading: { url: trading } }, seed: 3, runs: 5, checks: ['no-server-error', 'content-type-json'], skip: ['content-type-json'] }));
    expect(outcome(report, 'no-server-error')).toBe('passed');
    expect(outcome(report, 'content-type-json')).toBe('skipped');
    expect(report.counts.skipped).toBe(report.checks.length - 1);
  });

  it('a stub answering {"success":true,"data":{}} to everything fails the run, and its empty answers pass nothing', async () => {
    const stub = await startStub();
    try {
      const report = await runConformance({
        targets: { trading: { url: stub.url, key: 'k-trade', readKey: 'k-read' }, wallet: { url: stub.url, key: 'k-wallet' } },
        seed: 3,
        runs: 5,
        allowWrites: true,
        rateLimit: true,
        walletKeyBudget: Number.POSITIVE_INFINITY,
      });
      expect(report.failed).toBe(true);
      expect(report.counts.failed).toBeGreaterThan(5);
      for (const id of ['orders-listing-query', 'rate-limit-retry-after']) expect(outcome(report, id), id).not.toBe('passed');
      expect(outcome(report, 'rate-limit-429')).toBe('failed');
      expect(outcome(report, 'rate-limit-retry-after')).toBe('not-exercised');
    } finally {
      await stub.close();
    }
  });
});

describe('a listing no longer than its default shows only a lower bound', () => {
  // Listings that ignore the default (a profile's largest, 100) over demo accounts holding fewer
  // entries than doppel's 50: the same answer as a default of 50, until the listing is longer.
  const ignoring = { doppel_profile: 1, points: { 'trading.orders-default-limit': { value: 100 }, 'wallet.transactions-paging': { value: 100 } } };

  it('default-listing-limit alone is not exercised read-only (saying why) and fails once it placed more orders than the default', async () => {
    await withMock(
      async ({ trading, wallet }) => {
        const run = (allowWrites: boolean) =>
          runConformance({ targets: { trading: { url: trading, key: 'demo-trade-key' }, wallet: { url: wallet, key: 'demo-wallet-key' } }, seed: 3, runs: 1, strict: true, allowWrites, checks: ['default-listing-limit'] });
        const readOnly = (await run(false)).checks.find((c) => c.id === 'default-listing-limit');
        expect(readOnly?.status, JSON.stringify(readOnly)).toBe('not-exercised');
        expect(readOnly?.reason).toContain('listOrders listed 0 with limit=100 and 0 without, no more than the default of 50: placing 51 more needs --allow-writes');
        const writing = await run(true);
        expect(outcome(writing, 'default-listing-limit')).toBe('failed');
        expect(writing.failures.map((f) => f.title)).toEqual(['51 entries without limit, expected 50']);
      },
      7,
      ignoring,
    );
  });

  it('listing-order alone places the two orders that show the listing\'s order', async () => {
    const oldestFirst = { doppel_profile: 1, points: { 'trading.orders-listing#order': { value: 'oldest-first' } } };
    const report = await withMock(({ trading }) => runConformance({ targets: { trading: { url: trading, key: 'demo-trade-key' } }, seed: 3, runs: 1, strict: true, allowWrites: true, checks: ['listing-order'] }), 7, oldestFirst);
    expect(report.failures.map((f) => `${f.checkId}/${f.assertion}: ${f.title}`)).toEqual(['listing-order/orders: listOrders is oldest-first, expected newest-first']);
  });
});

describe('preflight', () => {
  for (const [flag, options] of [
    ['--trading-key', { tradingKey: 'wrong-key' }],
    ['--trading-read-key', { tradingReadKey: 'wrong-key' }],
    ['--wallet-key', { walletKeys: ['wrong-key'] as string[] }],
  ] as const) {
    it(`a rejected ${flag} ends the run with exit 2 and one line, before any check`, async () => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await withMock(({ trading, wallet }) =>
        runCheckCli({ ...(flag === '--wallet-key' ? { walletUrl: wallet } : { tradingUrl: trading }), ...options, seed: 1, runs: 5, out: (l) => out.push(l), err: (l) => err.push(l) }),
      );
      expect(code).toBe(2);
      expect(err).toHaveLength(1);
      expect(err[0]).toMatch(new RegExp(`^doppel check: ${flag} was rejected: 401 \\{"success":false`));
      expect(out.join('\n')).not.toMatch(/[✓✗]/);
    });
  }

  it('a trade key without the trade permission ends a run with writes with exit 2', async () => {
    const err: string[] = [];
    const code = await withMock(({ trading }) => runCheckCli({ tradingUrl: trading, tradingKey: 'demo-read-key', allowWrites: true, seed: 1, runs: 5, out: () => {}, err: (l) => err.push(l) }));
    expect(code).toBe(2);
    expect(err.join('\n')).toMatch(/--trading-key lacks the trade permission/);
  });
});

describe('secrets', () => {
  // Behind proxies that break one trading and one wallet answer, so that failures carry requests
  // with both keys (and curl lines) into every report.
  const run = async (showSecrets: boolean) => {
    const files = { json: join(dir, `r-${showSecrets}.json`), junit: join(dir, `sub-${showSecrets}/r.xml`), html: join(dir, `r-${showSecrets}.html`) };
    const out: string[] = [];
    const breakage = (name: string) => (MUTANTS.find((m) => m.name === name) as (typeof MUTANTS)[number]).breakage();
    const code = await withMock(async ({ trading, wallet }) => {
      const tp = await startProxy(trading, breakage('duplicate balance entry'));
      const wp = await startProxy(wallet, breakage('ISO transaction dates'));
      try {
        return await runCheckCli({
          tradingUrl: tp.url,
          tradingKey: 'demo-trade-key',
          tradingReadKey: 'demo-read-key',
          walletUrl: wp.url,
          walletKeys: ['demo-wallet-key'],
          allowWrites: true,
          seed: 5,
          runs: 5,
          showSecrets,
          ...files,
          out: (l) => out.push(l),
          err: (l) => out.push(l),
        });
      } finally {
        await tp.close();
        await wp.close();
      }
    });
    const texts = [out.join('\n'), readFileSync(files.json, 'utf8'), readFileSync(files.junit, 'utf8'), readFileSync(files.html, 'utf8')];
    return { code, texts, report: JSON.parse(texts[1] as string) as RunReport };
  };

  it('are masked in the console, JSON, JUnit and HTML by default, and shown with --show-secrets', async () => {
    const masked = await run(false);
    expect(masked.code).toBe(1);
    const curls = masked.report.failures.map((f) => f.curl ?? '');
    expect(curls.some((c) => c.includes(`-H "api-key: $DOPPEL_TRADING_KEY"`))).toBe(true);
    expect(curls.some((c) => c.includes(`-H "x-api-key: $DOPPEL_WALLET_KEY"`))).toBe(true);
    for (const text of masked.texts) {
      for (const key of ['demo-trade-key', 'demo-read-key', 'demo-wallet-key']) expect(text).not.toContain(key);
      expect(text).toContain('$DOPPEL_TRADING_KEY');
    }
    expect(masked.report.secrets.map((s) => s.name)).toEqual(expect.arrayContaining(['DOPPEL_TRADING_KEY', 'DOPPEL_TRADING_READ_KEY', 'DOPPEL_WALLET_KEY', 'DOPPEL_LOGIN_TOKEN']));
    const shown = await run(true);
    expect(shown.report.secrets).toEqual([]);
    for (const text of shown.texts) expect(text).toContain('demo-trade-key');
    expect(shown.report.failures.some((f) => f.curl?.includes(`-H 'api-key: demo-trade-key'`))).toBe(true);
  });
});

describe('spreading wallet requests over keys', () => {
  it('a second --wallet-key (here a second key of the demo user) takes its share of the requests a valid key can make, and is masked', async () => {
    const perKey = new Map<string, number>();
    const report = await withMock(async ({ wallet }) => {
      const issued = await fetch(new URL('/__doppel/api-keys', wallet), { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"user_id":1}' });
      const second = ((await issued.json()) as { data: { key: string } }).data.key;
      const proxy = await startProxy(wallet, {
        request: (req) => {
          const key = req.headers['x-api-key'];
          if (key) perKey.set(key === second ? 'second' : key, (perKey.get(key === second ? 'second' : key) ?? 0) + 1);
          return req;
        },
      });
      try {
        return await runConformance({ targets: { wallet: { url: proxy.url, key: 'demo-wallet-key', extraKeys: [second] } }, seed: 4, runs: 20 });
      } finally {
        await proxy.close();
      }
    });
    expect(report.failed).toBe(false);
    expect(perKey.get('second')).toBeGreaterThan(5);
    // The keys keep the names of their flags; the passwords the checks sent are learned by name too.
    expect(report.secrets.map((s) => s.name)).toEqual(['DOPPEL_WALLET_KEY', 'DOPPEL_WALLET_KEY_2', 'DOPPEL_PASSWORD']);
  });
});

describe('reproducibility', () => {
  it('the same seed against the same target sends the same requests (invalid keys, e-mails, amounts)', async () => {
    const record = async (): Promise<string[]> => {
      const seen: string[] = [];
      const keep = (req: ProxiedRequest) => {
        seen.push(`${req.method} ${req.path} ${req.headers['api-key'] ?? ''}${req.headers['x-api-key'] ?? ''} ${req.body}`);
        return req;
      };
      await withMock(async ({ trading, wallet }) => {
        const tp = await startProxy(trading, { request: keep });
        const wp = await startProxy(wallet, { request: keep });
        try {
          await runConformance({
            targets: { trading: { url: tp.url, key: 'demo-trade-key', readKey: 'demo-read-key' }, wallet: { url: wp.url, key: 'demo-wallet-key' } },
            seed: 9,
            runs: 5,
            allowWrites: true,
            walletKeyBudget: Number.POSITIVE_INFINITY,
          });
        } finally {
          await tp.close();
          await wp.close();
        }
      });
      return seen;
    };
    const a = await record();
    const b = await record();
    expect(a.length).toBeGreaterThan(100);
    expect(a.some((r) => r.includes('doppel-invalid-s9'))).toBe(true);
    expect(b).toEqual(a);
  });
});
