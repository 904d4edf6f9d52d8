// Prism as an outside referee:
//  1. proxy: the conformance traffic goes through `prism proxy spec/<name>.openapi.yaml <fake> --errors`,
//     which validates every forwarded answer against the spec with its own validator (not doppel's
//     ajv); an answer that breaks the spec comes back as Prism's 500 VIOLATIONS problem.
//  2. mock: `doppel check` (stateless, no writes) against `prism mock` of each spec must pass, which
//     shows that the checker is not tuned to doppel's own fake.
//
// Between the checker and Prism sits a small recorder that classifies every answer, because with
// --errors Prism also answers some requests itself without forwarding them: requests that break the
// spec (the checker's negative cases: 422, or 401 for a missing key) and paths outside the spec
// (the admin API, which the recorder sends straight to the fake instead).
import { startRecorder, type ProxyTally, type Recorder } from '../test/support/prism-recorder.js';
import { runDoppelCheck, type CheckRun } from './check-runs.js';
import { PRISM_BIN, freePort, startServer, type Server } from './processes.js';

export type { ProxyTally, ViolationExample } from '../test/support/prism-recorder.js';

/**
 * Checks that need a server which knows its own data, and so cannot hold for a mock that answers
 * the spec's examples: which keys exist, which symbols and ids exist, and how an answer relates to
 * the request (filters, requested symbols). Left out of the stateless run against `prism mock`;
 * the stateful (write) checks are skipped anyway without --allow-writes. Every other check runs.
 */
export const NEEDS_A_REAL_SERVER: Record<string, string> = {
  'trading-auth-401': 'an invalid key is only invalid to a server that knows its keys',
  'wallet-auth-required': 'as above, X-API-Key',
  'wallet-auth-401': 'as above, X-API-Key',
  'read-key-403': 'a key\'s permissions are server data',
  'unknown-resource-404': 'which symbols and paths exist; Prism answers paths outside the spec with its own problem+json',
  'trading-unknown-id-404': 'which order and trader ids exist',
  'wallet-unknown-id-404': 'which wallet ids exist; paths outside the spec as above',
  'price-map-keys': 'the answer must be about the requested symbols; a mock answers its example',
  'orders-listing-query': 'the listing must honour the type/status filter; a mock answers its example',
  'transactions-limit': 'the listing must honour limit; a mock answers its example',
  'resource-relations': 'answers must agree about the records they show (the price of the symbol asked for, a created wallet listed, its chain and symbol); a mock answers each from its own example',
  'wallet-starts-empty': 'a created wallet must come back in the listing, empty; a mock keeps nothing',
  'wallet-send-debits': 'a send must show in the wallet\'s transactions; a mock keeps nothing',
  'listings-hold-accepted': 'what one read accepted (a symbol, a market) must be in the listing; a mock answers each from its own example',
};

export interface StatelessRun {
  exitCode: number;
  durationMs: number;
  checks: Record<string, number>;
  requests: number;
  failures: { checkId: string; operationId: string | null; message: string; occurrences: number }[];
}

export interface RefereeResult {
  proxy: { flags: string; check: CheckRun; tallies: ProxyTally[] }[];
  mock?: { check: CheckRun; stateless: StatelessRun; excluded: Record<string, string>; prismStartupMs: Record<string, number> };
}

async function startPrism(mode: 'mock' | 'proxy', iface: 'trading' | 'wallet', extra: string[]): Promise<{ server: Server; url: string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = await startServer({
    name: `prism ${mode} ${iface}`,
    command: process.execPath,
    args: [PRISM_BIN, mode, `spec/${iface}.openapi.yaml`, ...extra, '-h', '127.0.0.1', '-p', String(port), '-v', 'error'],
    // Any answer will do (in proxy mode this one is forwarded; a public read, no key needed).
    probeUrl: `${url}${iface === 'trading' ? '/api/v1/prices' : '/api/v1/chains'}`,
    timeoutMs: 60_000,
  });
  return { server, url };
}

export async function runReferee(log: (line: string) => void, parts = { proxy: true, mock: true }): Promise<RefereeResult> {
  const { startMock } = await import('../mock/index.js');
  const proxy: RefereeResult['proxy'] = [];
  if (parts.proxy) {
    // With --errors (an answer that breaks the spec becomes Prism's 500 VIOLATIONS), then with Prism's request validation off so that the checker's
    // negative cases reach the fake too and its error answers are validated as well.
    for (const flags of [['--errors'], ['--errors', '--validate-request=false']]) {
      // The embedded checker's settings: a manual clock and no wallet limit in the way.
      const fake = await startMock({ tradingPort: 0, walletPort: 0, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
      const started: Server[] = [];
      const recorders: Recorder[] = [];
      try {
        for (const iface of ['trading', 'wallet'] as const) {
          const prism = await startPrism('proxy', iface, [fake[iface].url, ...flags]);
          started.push(prism.server);
          recorders.push(await startRecorder(iface, flags.join(' '), prism.url, fake[iface].url));
        }
        const [trading, wallet] = recorders as [Recorder, Recorder];
        const check = await runDoppelCheck([
          '--trading-url', trading.url, '--trading-key', 'demo-trade-key', '--trading-read-key', 'demo-read-key',
          '--wallet-url', wallet.url, '--wallet-key', 'demo-wallet-key', '--allow-writes', '--seed', '1',
        ]);
        proxy.push({ flags: flags.join(' '), check, tallies: recorders.map((r) => r.tally) });
        log(`  doppel check through prism proxy ${flags.join(' ')}: exit ${check.exitCode} after ${(check.wallMs / 1000).toFixed(1)} s`);
        for (const t of recorders.map((r) => r.tally)) {
          log(`  prism proxy ${t.flags} ${t.iface}: ${t.requests} requests, ${t.validated} validated, ${t.responseViolations} violations, answered by prism ${JSON.stringify(t.answeredByPrism)}`);
        }
      } finally {
        await Promise.all(recorders.map((r) => r.close()));
        await Promise.all(started.map((s) => s.stop()));
        await fake.close();
      }
    }
  }
  if (!parts.mock) return { proxy };

  const mocks: Record<string, { server: Server; url: string }> = {};
  try {
    for (const iface of ['trading', 'wallet'] as const) mocks[iface] = await startPrism('mock', iface, []);
    const check = await runDoppelCheck([
      '--trading-url', mocks['trading']!.url, '--trading-key', 'demo-trade-key',
      '--wallet-url', mocks['wallet']!.url, '--wallet-key', 'demo-wallet-key', '--seed', '1',
    ]);
    log(`  doppel check (every check, read-only) against prism mock: exit ${check.exitCode}, ${check.failures.length} failures`);
    const stateless = await runStateless(mocks['trading']!.url, mocks['wallet']!.url);
    log(`  stateless checks against prism mock: exit ${stateless.exitCode}, ${stateless.failures.length} failures`);
    return {
      proxy,
      mock: { check, stateless, excluded: NEEDS_A_REAL_SERVER, prismStartupMs: Object.fromEntries(Object.entries(mocks).map(([k, v]) => [k, v.server.startupMs])) },
    };
  } finally {
    await Promise.all(Object.values(mocks).map((m) => m.server.stop()));
  }
}

/** runConformance (what `doppel check` runs) with every check but NEEDS_A_REAL_SERVER, read-only. */
async function runStateless(tradingUrl: string, walletUrl: string): Promise<StatelessRun> {
  const { runConformance, CHECKS } = await import('../conformance/index.js');
  const checks = CHECKS.map((c) => c.id).filter((id) => !(id in NEEDS_A_REAL_SERVER));
  const report = await runConformance({
    targets: { trading: { url: tradingUrl, key: 'demo-trade-key' }, wallet: { url: walletUrl, key: 'demo-wallet-key' } },
    seed: 1,
    allowWrites: false,
    checks,
  });
  const counts: Record<string, number> = {};
  for (const c of report.checks) counts[c.status] = (counts[c.status] ?? 0) + 1;
  const failures = report.failures
    .filter((f) => f.severity === 'failure')
    .map((f) => ({ checkId: f.checkId, operationId: f.operationId, message: f.message, occurrences: f.occurrences }));
  return { exitCode: report.failed ? 1 : 0, durationMs: report.durationMs, checks: counts, requests: report.requests, failures };
}
