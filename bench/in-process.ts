// Child process: the in-process costs. Module load, startMock() to its first answer, and the cost per
// request of the same authenticated read: App.handle directly, fake.fetch (when the fake has it),
// fetch through msw's setupServer (createHandlers), and fetch over loopback HTTP to startMock in
// this process.
// Prints one JSON line (InProcessResult).
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { ROOT } from './processes.js';
import { percentile } from '../test/support/percentile.js';
import { profileInProcess } from './profile-in-process.js';
import { summariseProfile, topOf, type ProfileSummary } from './profile-summary.js';
import { FAKE_FETCH_GOAL_US } from './speed-goals.js';

export interface PerRequest {
  requests: number;
  meanUs: number;
  p50Us: number;
  p99Us: number;
}

export interface InProcessResult {
  importMs: number;
  createFakeMs: number;
  startMockToFirstAnswerMs: number;
  direct: PerRequest;
  msw: PerRequest;
  loopbackFetch: PerRequest;
  /** fake.fetch(input, init) per authenticated read; null while the fake has no fetch. */
  fakeFetch: PerRequest | { error: string } | null;
  /** When fake.fetch missed its goal: a CPU profile of the same requests, and how many it covers. */
  fakeFetchCause?: { requests: number; summary: ProfileSummary };
}

const N_DIRECT = Number(process.env.BENCH_N_DIRECT ?? 20_000);
const N_FETCH = Number(process.env.BENCH_N_FETCH ?? 3_000);
const TRADING_BASE = 'http://trading.doppel.test';

async function timeEach(n: number, one: () => unknown): Promise<PerRequest> {
  const warm = Math.min(1_000, Math.ceil(n / 5));
  for (let i = 0; i < warm; i++) await one();
  const times = new Float64Array(n);
  const started = performance.now();
  for (let i = 0; i < n; i++) {
    const t = performance.now();
    await one();
    times[i] = performance.now() - t;
  }
  const total = performance.now() - started;
  const sorted = Array.from(times).sort((a, b) => a - b);
  return { requests: n, meanUs: (total / n) * 1e3, p50Us: percentile(sorted, 0.5) * 1e3, p99Us: percentile(sorted, 0.99) * 1e3 };
}

async function main(): Promise<void> {
  let t = performance.now();
  // What the package ships (the bundle scripts/build-bundle.mjs writes), not bench's own compile.
  const shipped = pathToFileURL(join(ROOT, 'dist', 'mock', 'index.js')).href;
  const { createFake, startMock, createHandlers } = (await import(shipped)) as typeof import('../mock/index.js');
  const importMs = performance.now() - t;

  t = performance.now();
  const running = await startMock({ tradingPort: 0, walletPort: 0, quiet: true });
  const first = await fetch(`${running.trading.url}/api/v1/prices`);
  await first.text();
  const startMockToFirstAnswerMs = performance.now() - t;

  const headers = { 'API-KEY': 'demo-trade-key' };
  const loopbackFetch = await timeEach(N_FETCH, async () => {
    const response = await fetch(`${running.trading.url}/api/v1/account/balances`, { headers });
    if (response.status !== 200) throw new Error(`loopback balances answered ${response.status}`);
    await response.json();
  });
  await running.close();

  t = performance.now();
  const fake = createFake();
  const createFakeMs = performance.now() - t;

  // The same request an adapter builds; handle() is synchronous, the answer is serialized as the
  // adapters do so that the comparison includes JSON.stringify.
  const direct = await timeEach(N_DIRECT, () => {
    const response = fake.trading.handle({
      method: 'GET',
      path: '/api/v1/account/balances',
      query: new URLSearchParams(),
      headers: { 'api-key': 'demo-trade-key' },
      body: undefined,
      ip: '127.0.0.1',
    });
    if (response.status !== 200) throw new Error(`direct balances answered ${response.status}`);
    return JSON.stringify(response.body);
  });

  const { setupServer } = await import('msw/node');
  const server = setupServer(...(await createHandlers(fake, { tradingBaseUrl: TRADING_BASE })));
  server.listen({ onUnhandledRequest: 'error' });
  const msw = await timeEach(N_FETCH, async () => {
    const response = await fetch(`${TRADING_BASE}/api/v1/account/balances`, { headers });
    if (response.status !== 200) throw new Error(`msw balances answered ${response.status}`);
    await response.json();
  });
  server.close();

  // fake.fetch (a fetch-compatible function without msw) once the fake has one.
  const fakeFetch = (fake as unknown as { fetch?: (input: string, init?: RequestInit) => Promise<Response> }).fetch;
  let fetchResult: InProcessResult['fakeFetch'] = null;
  if (typeof fakeFetch === 'function') {
    try {
      fetchResult = await timeEach(N_DIRECT, async () => {
        const response = await fakeFetch.call(fake, `${TRADING_BASE}/api/v1/account/balances`, { headers });
        if (response.status !== 200) throw new Error(`fake.fetch balances answered ${response.status}`);
        await response.json();
      });
    } catch (error) {
      fetchResult = { error: error instanceof Error ? error.message : String(error) };
    }
  }

  const result: InProcessResult = { importMs, createFakeMs, startMockToFirstAnswerMs, direct, msw, loopbackFetch, fakeFetch: fetchResult };
  if (typeof fakeFetch === 'function' && fetchResult !== null && 'meanUs' in fetchResult && fetchResult.meanUs > FAKE_FETCH_GOAL_US) {
    const { profile, window } = await profileInProcess(async () => {
      for (let i = 0; i < N_DIRECT; i++) {
        const response = await fakeFetch.call(fake, `${TRADING_BASE}/api/v1/account/balances`, { headers });
        await response.json();
      }
    });
    result.fakeFetchCause = { requests: N_DIRECT, summary: topOf(summariseProfile(profile, window)) };
  }
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
