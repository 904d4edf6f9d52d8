// profileUnderLoad and profileStartup: `doppel mock` (the CLI, as the http section runs it) under
// `node --cpu-prof`, either loaded on one route or started up to its first answer, and the profile
// summarised over that window only (bench/profile-summary.ts). What the bench prints as the measured
// cause of a missed speed target, and what `npm run bench:profile` prints.
import { copyFileSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchKey, spotOrderBody } from './http-section.js';
import { autocannonLoad, wrkLoad, type LoadSettings, type LoadTarget } from './load.js';
import { readProfileFrom, summariseProfile, topOf, type CpuProfile, type ProfileSummary } from './profile-summary.js';
import { startCeiling, startDoppelMock, type Server } from './processes.js';

export const ROUTES = ['balances', 'prices', 'order'] as const;
export type Route = (typeof ROUTES)[number];

export interface LoadProfile {
  server: Subject['server'];
  route: Route;
  generator: 'autocannon' | 'wrk';
  connections: number;
  durationS: number;
  /** While profiled (the profiler's own cost included). */
  rps: number;
  failures: number;
  /** Answered in the profiled window. */
  requests: number;
  /** 1, 5, 15 minutes, when the load started. */
  loadAverage: number[];
  summary: ProfileSummary;
}

export interface StartupProfile {
  /** The Node version profiled. */
  node: string;
  startupMs: number;
  loadAverage: number[];
  summary: ProfileSummary;
}

/** Microseconds on the monotonic clock V8's profiles use (CLOCK_MONOTONIC on Linux). */
const nowUs = (): number => Number(process.hrtime.bigint() / 1000n);
const loadAverage = (): number[] => loadavg().map((n) => Number(n.toFixed(2)));

/** The load a route gets: the demo trade key's balances, the public prices, a funded key's market buy. */
export async function routeTarget(route: Route, base: string): Promise<LoadTarget> {
  if (route === 'balances') return { url: `${base}/api/v1/account/balances`, headers: { 'API-KEY': 'demo-trade-key' } };
  if (route === 'prices') return { url: `${base}/api/v1/prices` };
  return { url: `${base}/api/v1/spot/order`, method: 'POST', headers: { 'API-KEY': await benchKey(base) }, body: await spotOrderBody(base) };
}

/** What is profiled: doppel's CLI (with these options besides the ports), or the node:http ceiling answering a constant body. */
export type Subject = { server: 'doppel'; args?: string[]; node?: string } | { server: 'node:http'; body: string };

async function startProfiled(subject: Subject, dir: string, intervalUs: number): Promise<Server> {
  const nodeArgs = ['--cpu-prof', '--cpu-prof-dir', dir, '--cpu-prof-interval', String(intervalUs)];
  if (subject.server === 'node:http') return startCeiling(process.execPath, subject.body, { name: 'node:http ceiling --cpu-prof', nodeArgs });
  return startDoppelMock(subject.node ?? process.execPath, { name: 'doppel mock --cpu-prof', nodeArgs }, subject.args);
}

/** The ceiling's request for a route: the same path, method and sizes (a key of the bench key's length, a market buy). */
function ceilingTarget(route: Route, base: string): LoadTarget {
  if (route !== 'order') return { url: `${base}/api/v1/${route === 'balances' ? 'account/balances' : 'prices'}`, ...(route === 'balances' ? { headers: { 'API-KEY': 'demo-trade-key' } } : {}) };
  const body = JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.0001' });
  return { url: `${base}/api/v1/spot/order`, method: 'POST', headers: { 'API-KEY': 'k'.repeat(64) }, body };
}

/**
 * Loads a fresh `doppel mock --cpu-prof` with the given settings (the warm-up outside the window),
 * stops it gracefully so that node writes the profile, and summarises the samples of the measured
 * load only. keepAs: copy the .cpuprofile there (for DevTools or speedscope).
 */
export async function profileUnderLoad(
  subject: Subject,
  route: Route,
  settings: LoadSettings,
  options: { generator?: 'autocannon' | 'wrk'; intervalUs?: number; top?: number; keepAs?: string } = {},
): Promise<LoadProfile> {
  const generator = options.generator ?? 'autocannon';
  const dir = mkdtempSync(join(tmpdir(), 'doppel-profile-'));
  try {
    const server = await startProfiled(subject, dir, options.intervalUs ?? 500);
    let window: { fromUs: number; toUs: number };
    let result;
    const average = loadAverage();
    try {
      const target = subject.server === 'doppel' ? await routeTarget(route, server.baseUrl) : ceilingTarget(route, server.baseUrl);
      const run = (s: LoadSettings) => (generator === 'wrk' ? wrkLoad(target, s) : autocannonLoad(target, s));
      if (settings.warmupS > 0) await run({ ...settings, durationS: settings.warmupS, warmupS: 0 });
      const fromUs = nowUs();
      result = await run({ ...settings, warmupS: 0 });
      window = { fromUs, toUs: nowUs() };
    } finally {
      await server.stop();
    }
    const profile = readProfileFrom(dir);
    if (options.keepAs) copyFileSync(profileFile(dir), options.keepAs);
    return {
      server: subject.server,
      route,
      generator,
      connections: settings.connections,
      durationS: settings.durationS,
      rps: result.rps,
      failures: result.failures,
      requests: result.requests,
      loadAverage: average,
      summary: topOf(summariseProfile(profile, window), options.top ?? 8),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `doppel mock --cpu-prof` from the profile's start (V8 ready, before doppel's first module) to its
 * first answer, on this Node or on the binary `node` (of `version`). A start before it writes the
 * compile cache where that Node has one, so the profile is of a start as users see it from the second on.
 */
export async function profileStartup(top = 8, node?: { bin: string; version: string }): Promise<StartupProfile> {
  const dir = mkdtempSync(join(tmpdir(), 'doppel-profile-'));
  try {
    const average = loadAverage();
    await (await startProfiled({ server: 'doppel', ...(node ? { node: node.bin } : {}) }, dir, 100)).stop();
    rmSync(dir, { recursive: true, force: true });
    const server = await startProfiled({ server: 'doppel', ...(node ? { node: node.bin } : {}) }, dir, 100);
    const toUs = nowUs();
    await server.stop();
    const profile: CpuProfile = readProfileFrom(dir);
    return { node: node?.version ?? process.version.slice(1), startupMs: server.startupMs, loadAverage: average, summary: topOf(summariseProfile(profile, { fromUs: profile.startTime, toUs }), top) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function profileFile(dir: string): string {
  return join(dir, readdirSync(dir).find((f) => f.endsWith('.cpuprofile')) ?? '');
}
