// `npm run bench:soak`: the latency and memory soak. The robustness load (64 clients, mixed
// reads and writes on shared accounts, admin clock moves and price pins) for --minutes (default
// 10) against the fake in a child process of its own (bench/fake-child.ts), the clients here.
// Reports latency percentiles and the answers slower than 1 s, the server's RSS over time, its RSS
// after POST /__doppel/reset against its RSS after start-up, the invariants after the load, and
// (bench/heap-per-record.ts) heap per 1,000 orders and transactions.
// Options: --minutes=N or --seconds=N, --clients=N (64), --seed=N (1), --skip=a,b (kinds of request
// left out of the mix, by their name in load-driver.ts; default 'state', --skip=none keeps all),
// --no-export (no timed state export after the load: its garbage is then not in the RSS after reset),
// --json (print one JSON
// line: `npm run bench` reads it), --write (also write bench/SOAK.md), --check-answers (check every
// answer against the documents, as the robustness run does; costs the clients CPU).
//
// Why 'state' is left out by default: the robustness mix exports the whole state (GET
// /__doppel/state) in 0.2% of its requests, to check that exports stay consistent under
// concurrency. At a soak's rate that is several exports a second of a state that grows by
// thousands of orders a second, each writing out everything (tens of MB after a few minutes).
// The export is served in pieces with other requests answered in between (bench/long-lived.ts
// measures what they wait), but several at once still multiply the server's work, and nobody
// captures fixtures several times a second under load; so the soak measures the export on its own
// (after the load: `stateExport`), and its figure stays in the report next to the targets.
import { readFileSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { availableParallelism, loadavg } from 'node:os';
import { join } from 'node:path';
import { checkInvariants } from '../test/support/robustness/check-invariants.js';
import { createCheckedClient, type CheckedClient } from '../test/support/robustness/http-client.js';
import { prepareLoad, runLoad, settleAfterLoad, type LoadOptions } from '../test/support/robustness/load-driver.js';
import { percentile } from '../test/support/percentile.js';
import { request } from 'undici';
import type { MemoryBreakdown, ServerStats } from './fake-child.js';
import { startFakeProcess } from './fake-process.js';
import type { HeapPerRecord } from './heap-per-record.js';
import { ROOT, runJsonChild } from './processes.js';

export interface MemoryMiB {
  rss: number;
  heapTotal: number;
  heapUsed: number;
  external: number;
  arrayBuffers: number;
}

const inMiB = (m: NodeJS.MemoryUsage): MemoryMiB => ({ rss: mib(m.rss), heapTotal: mib(m.heapTotal), heapUsed: mib(m.heapUsed), external: mib(m.external), arrayBuffers: mib(m.arrayBuffers) });

export interface SoakResult {
  clients: number;
  seconds: number;
  /** Kinds of request left out of the robustness mix (--skip). */
  skipped: string[];
  requests: number;
  rps: number;
  latencyMs: { p50: number; p99: number; p999: number; max: number };
  slowerThan1s: number;
  /** 5xx and requests without an answer (and answers off the documents with --check-answers). */
  problems: number;
  invariantViolations: number;
  clockMoves: number;
  /** The slowest requests, and how many took over 100 ms, by operation (method and path template). */
  slowest: Array<{ ms: number; request: string; status: number }>;
  over100msByOperation: Record<string, number>;
  /** Inside the server: its event loop's delay, GC pauses and its own slowest requests. */
  server: ServerStats;
  /**
   * The clients' own event-loop delay during the load, ms: a stall of the load process (its GC,
   * the machine's other jobs) delays every answer's reading and shows up as server latency.
   */
  clientLoopDelayMs: { p99: number; max: number };
  /**
   * The kernel's TCP counters over the load (Linux, this network namespace, every process in it):
   * a retransmission on loopback waits 200 ms or more and a dropped connection attempt 1 s, which
   * an answer's latency shows although neither process was busy.
   */
  tcp?: Record<string, number>;
  /** The machine's 1-minute load average at the load's start and end (other jobs share its cores). */
  loadAverage: { start: number; end: number; cores: number };
  /** Server RSS (MiB) sampled during the load, with its heap used. */
  samples: { atS: number; rssMiB: number; heapUsedMiB: number }[];
  rss: {
    /** After start-up and the first answers, as it runs; and after a forced GC. */
    startupMiB: number;
    startupGcMiB: number;
    afterLoadMiB: number;
    /** After POST /__doppel/reset and 2 s idle; and after a forced GC. */
    afterResetMiB: number;
    /** After 20 s idle (V8's memory reducer shrinks the heap only after several seconds of low allocation), before the forced GC. */
    afterResetIdleMiB?: number;
    afterResetGcMiB: number;
  };
  heap: { startupGcMiB: number; afterLoadMiB: number; afterResetGcMiB: number };
  /** process.memoryUsage() after a forced GC, MiB: where RSS beyond the heap sits (heap reserved, external, array buffers). */
  memoryAfterGc: { startup: MemoryMiB; afterReset: MemoryMiB };
  /** Where the RSS sits (fake-child.ts): after start-up's forced GC, and 20 s after the reset (what the RSS target reads, no forced GC). */
  breakdown?: { startup: MemoryBreakdown; afterResetIdle: MemoryBreakdown };
  /** What a full request journal holds on top of the start-up state (reset keeps the journal): heap-per-record.ts's journalFullMiB. */
  journalBoundMiB: number;
  /** GET /__doppel/state after the load (before reset), the server otherwise idle: the export of what the soak built. */
  stateExport?: { orders: number; transfers: number; megabytes: number; ms: number[]; rssBeforeMiB: number; rssAfterMiB: number; failed?: string };
  heapPerRecord?: HeapPerRecord;
}

function option(name: string): number | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? undefined : Number(arg.slice(name.length + 3));
}
const log = (line: string): void => void process.stderr.write(`${line}\n`);
const mib = (bytes: number): number => bytes / 2 ** 20;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function runSoak(seconds: number, clients: number, seed: number, skip: string[] = [], journalBoundMiB = 0): Promise<SoakResult> {
  const load: LoadOptions = { clients, durationMs: seconds * 1000, seed, accounts: 8, walletUsers: 8, skip };
  // No wallet rate limit in the way of 64 clients on 8 users; realtime clock plus the admin moves.
  const server = await startFakeProcess({ walletRateLimit: 1_000_000_000 }, [], true);
  // Answers are not checked against the documents here (the robustness run does that): the clients'
  // CPU would queue their own requests and show up as latency.
  const http = createCheckedClient({ tradingUrl: server.trading.url, walletUrl: server.wallet.url, connections: clients, checkAnswers: process.argv.includes('--check-answers') });
  try {
    await http.call('trading', 'GET', '/api/v1/prices');
    const startupMiB = server.rssMiB();
    const startupGc = await server.gc();
    const startupGcMiB = server.rssMiB();
    const startupBreakdown = await server.breakdown();
    log(`soak: ${clients} clients for ${seconds} s; server RSS after start-up ${startupMiB.toFixed(0)} MiB (${startupGcMiB.toFixed(0)} after GC)`);

    const world = await prepareLoad(http, load);
    const before = await server.audit();
    const firstLatency = http.latenciesMs.length;
    http.slow.length = 0; // the set-up's requests (password hashing at register) are not the load's
    await server.resetStats();
    const loadAtStart = loadavg()[0]!;
    const tcpAtStart = tcpCounters();
    const clientLoop = monitorEventLoopDelay({ resolution: 5 });
    clientLoop.enable();
    const firstRequest = http.requests;
    const samples: SoakResult['samples'] = [];
    const started = performance.now();
    const every = Math.max(1_000, Math.min(30_000, (seconds * 1000) / 40));
    const sampler = setInterval(() => {
      const atS = (performance.now() - started) / 1000;
      const rssMiB = server.rssMiB();
      void server.memory().then((m) => {
        samples.push({ atS, rssMiB, heapUsedMiB: mib(m.heapUsed) });
        if (samples.length % 10 === 0) log(`  ${atS.toFixed(0)} s: RSS ${rssMiB.toFixed(0)} MiB, heap ${mib(m.heapUsed).toFixed(0)} MiB, ${http.requests - firstRequest} requests`);
      }, () => {});
    }, every);
    const record = await runLoad(http, world, load);
    clearInterval(sampler);
    clientLoop.disable();
    const clientLoopDelayMs = { p99: clientLoop.percentile(99) / 1e6, max: clientLoop.max / 1e6 };
    const requests = http.requests - firstRequest;
    const latencies = http.latenciesMs.slice(firstLatency).sort((a, b) => a - b);
    const slow = slowRequests(http.slow);
    const afterLoadMiB = server.rssMiB();
    const serverStats = await server.stats();
    const afterLoad = await server.memory();

    await settleAfterLoad(http);
    const after = await server.audit();
    const report = checkInvariants(world, record, before, after);

    const problems = http.problemCount;
    // Before reset (it needs the state): the exports' garbage (a 70-MB text three times) is part of
    // what the RSS after reset shows; --no-export leaves them out to see the reset alone.
    const stateExport = process.argv.includes('--no-export')
      ? undefined
      : { orders: after.trading.orders.length, transfers: after.wallet.transfers.length, ...(await measureExport(server.trading.url, () => server.rssMiB())) };
    if (stateExport) log(`  state export of ${stateExport.orders.toLocaleString('en-US')} orders, ${stateExport.transfers.toLocaleString('en-US')} transfers (${stateExport.megabytes.toFixed(0)} MB): ${stateExport.ms.map((ms) => ms.toFixed(0)).join(' / ')} ms${stateExport.failed ? `; ${stateExport.failed}` : ''}`);

    const reset = await callAfterIdle(http, 'POST', '/__doppel/reset');
    if (reset.status !== 200) throw new Error(`POST /__doppel/reset answered ${reset.status}: ${http.problems.at(-1) ?? ''}`);
    await sleep(2_000);
    const afterResetMiB = server.rssMiB();
    await sleep(18_000);
    const afterResetIdleMiB = server.rssMiB();
    const afterResetBreakdown = await server.breakdown();
    const afterResetGc = await server.gc();
    const afterResetGcMiB = server.rssMiB();
    log(`  ${requests} requests; RSS after the load ${afterLoadMiB.toFixed(0)} MiB, after reset ${afterResetMiB.toFixed(0)} MiB (${afterResetGcMiB.toFixed(0)} after GC)`);

    return {
      clients,
      seconds,
      skipped: skip,
      requests,
      rps: requests / (record.elapsedMs / 1000),
      latencyMs: { p50: percentile(latencies, 0.5), p99: percentile(latencies, 0.99), p999: percentile(latencies, 0.999), max: latencies.at(-1) ?? Number.NaN },
      slowerThan1s: latencies.length - lowerBound(latencies, 1_000.000001),
      problems,
      invariantViolations: report.violations.length,
      clockMoves: record.clockMoves,
      ...slow,
      server: serverStats,
      clientLoopDelayMs,
      ...tcpDelta(tcpAtStart, tcpCounters()),
      loadAverage: { start: loadAtStart, end: loadavg()[0]!, cores: availableParallelism() },
      samples,
      rss: { startupMiB, startupGcMiB, afterLoadMiB, afterResetMiB, afterResetIdleMiB, afterResetGcMiB },
      heap: { startupGcMiB: mib(startupGc.heapUsed), afterLoadMiB: mib(afterLoad.heapUsed), afterResetGcMiB: mib(afterResetGc.heapUsed) },
      memoryAfterGc: { startup: inMiB(startupGc), afterReset: inMiB(afterResetGc) },
      breakdown: { startup: startupBreakdown, afterResetIdle: afterResetBreakdown },
      journalBoundMiB,
      ...(stateExport ? { stateExport } : {}),
    };
  } finally {
    await http.close();
    await server.stop();
  }
}

/**
 * A keep-alive connection left idle (during the invariant checks) may be closed by the server just
 * as the pool reuses it: no answer, "other side closed". The requests made after the load are
 * idempotent (an export, a reset), so one more try on a fresh connection.
 */
async function callAfterIdle(http: CheckedClient, method: string, path: string): ReturnType<CheckedClient['call']> {
  const first = await http.call('trading', method, path);
  return first.status === 0 ? http.call('trading', method, path) : first;
}

const TCP_COUNTERS = ['RetransSegs', 'TCPTimeouts', 'TCPSynRetrans', 'ListenOverflows', 'ListenDrops', 'TCPLostRetransmit'];

/** The counters of /proc/net/snmp and /proc/net/netstat named in TCP_COUNTERS; null where they cannot be read. */
function tcpCounters(): Record<string, number> | null {
  try {
    const found: Record<string, number> = {};
    for (const file of ['/proc/net/snmp', '/proc/net/netstat']) {
      const lines = readFileSync(file, 'utf8').split('\n');
      // Pairs of lines: "Tcp: Name Name…" then "Tcp: value value…".
      for (let i = 0; i + 1 < lines.length; i += 2) {
        const names = lines[i]!.split(' ');
        const values = lines[i + 1]!.split(' ');
        names.forEach((name, j) => {
          if (TCP_COUNTERS.includes(name)) found[name] = Number(values[j]);
        });
      }
    }
    return found;
  } catch {
    return null;
  }
}

function tcpDelta(before: Record<string, number> | null, after: Record<string, number> | null): Pick<SoakResult, 'tcp'> {
  if (before === null || after === null) return {};
  return { tcp: Object.fromEntries(Object.keys(after).map((k) => [k, after[k]! - (before[k] ?? 0)])) };
}

/**
 * Three exports of the whole state, one after another, each timed to its last byte on a connection
 * of its own. The text is counted, not parsed: after ten minutes it is hundreds of MB. A failed
 * export (a text past V8's longest string is a 500) is reported, not thrown: the soak's other
 * figures stand.
 */
async function measureExport(tradingUrl: string, rssMiB: () => number): Promise<Omit<NonNullable<SoakResult['stateExport']>, 'orders' | 'transfers'>> {
  const rssBeforeMiB = rssMiB();
  const ms: number[] = [];
  let bytes = 0;
  let failed: string | undefined;
  for (let i = 0; i < 3 && failed === undefined; i++) {
    const started = performance.now();
    try {
      const answer = await request(`${tradingUrl}/__doppel/state`, { headersTimeout: 120_000, bodyTimeout: 120_000 });
      bytes = 0;
      for await (const chunk of answer.body) bytes += (chunk as Buffer).length;
      ms.push(performance.now() - started);
      if (answer.statusCode !== 200) failed = `GET /__doppel/state answered ${answer.statusCode} after ${(performance.now() - started).toFixed(0)} ms`;
    } catch (error) {
      failed = `GET /__doppel/state: no answer (${(error as Error).message})`;
    }
  }
  return { megabytes: bytes / 1e6, ms, rssBeforeMiB, rssAfterMiB: rssMiB(), ...(failed ? { failed } : {}) };
}

/** The slowest ten, and the count over 100 ms per operation (ids and hashes in paths folded). */
function slowRequests(slow: CheckedClient['slow']): Pick<SoakResult, 'slowest' | 'over100msByOperation'> {
  const name = (s: CheckedClient['slow'][number]): string =>
    `${s.iface} ${s.method} ${s.target.split('?')[0]!.replace(/\/(\d+|0x[0-9a-f]+|[0-9a-f]{16,})(?=\/|$)/gi, '/{id}')}`;
  const byOperation: Record<string, number> = {};
  for (const s of slow) byOperation[name(s)] = (byOperation[name(s)] ?? 0) + 1;
  const slowest = [...slow].sort((a, b) => b.ms - a.ms).slice(0, 10).map((s) => ({ ms: s.ms, request: `${s.iface} ${s.method} ${s.target}`, status: s.status }));
  return { slowest, over100msByOperation: Object.fromEntries(Object.entries(byOperation).sort(([, a], [, b]) => b - a)) };
}

/** Index of the first element ≥ value in a sorted list. */
function lowerBound(sorted: number[], value: number): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export interface SoakTarget {
  name: string;
  goal: string;
  value: string;
  met: boolean | 'measured';
}

/** The speed and memory targets this soak measures, met or not (render-report.ts lists them with the others). */
export function soakTargets(s: SoakResult): SoakTarget[] {
  const f0 = (n: number): string => (Number.isFinite(n) ? n.toFixed(0) : 'n/a');
  const f1 = (n: number): string => (Number.isFinite(n) ? n.toFixed(1) : 'n/a');
  const short = s.seconds < 600 ? ` (a ${f0(s.seconds)}-s soak, not the 10-minute one)` : '';
  const mix = s.skipped.length > 0 ? `; left out of the mix: ${s.skipped.join(', ')}` : '';
  // What a user sees (no forced GC) once the reset has settled, 20 s after it, against twice
  // start-up; 2 s after it the load's keep-alive connections are still open (they close after the
  // server's 5-s keep-alive timeout, and doppel mock collects again then: release-memory.ts).
  const bound = s.rss.startupMiB * 2;
  const afterReset = s.rss.afterResetIdleMiB ?? s.rss.afterResetMiB;
  const targets: SoakTarget[] = [
    { name: `soak: p99.9 latency, ${s.clients} clients`, goal: '≤ 250 ms', value: `${f1(s.latencyMs.p999)} ms${short}${mix}`, met: s.latencyMs.p999 <= 250 },
    { name: 'soak: answers slower than 1 s', goal: 'none', value: `${s.slowerThan1s} (max ${f1(s.latencyMs.max)} ms)${short}`, met: s.slowerThan1s === 0 },
    {
      name: 'soak: server RSS after POST /__doppel/reset',
      goal: '≤ 2 × RSS after start-up (journal at its default size), 20 s after the reset',
      value:
        `${f0(afterReset)} MiB ≤ ${f0(bound)} MiB? (${f0(s.rss.afterResetMiB)} MiB 2 s and ${f0(s.rss.afterResetIdleMiB ?? Number.NaN)} MiB 20 s after reset, ${f0(s.rss.startupMiB)} MiB after start-up; ` +
        `after a forced GC ${f0(s.rss.afterResetGcMiB)} vs ${f0(s.rss.startupGcMiB)} MiB; a full journal ${f0(s.journalBoundMiB)} MiB)${short}`,
      met: afterReset <= bound,
    },
  ];
  if (s.breakdown && afterReset > bound) targets[2]!.value += `; what grew since start-up, measured 20 s after the reset: ${growth(s.breakdown)}`;
  const e = s.stateExport;
  if (e) {
    const best = Math.min(...e.ms);
    targets.push({
      name: 'state export (GET /__doppel/state) after the soak',
      goal: 'measured (served in pieces; see the stall target for what other requests wait meanwhile)',
      value:
        `${f0(best)} ms best of ${e.ms.map(f0).join(' / ')} for ${e.orders.toLocaleString('en-US')} orders and ${e.transfers.toLocaleString('en-US')} transfers (${f0(e.megabytes)} MB), ` +
        `${f1(best / Math.max(1, e.orders / 1000))} ms per 1,000 orders; server RSS ${f0(e.rssBeforeMiB)} → ${f0(e.rssAfterMiB)} MiB over the three${e.failed ? `; FAILED: ${e.failed}` : ''}`,
      met: 'measured',
    });
  }
  const hp = s.heapPerRecord;
  if (hp) {
    targets.push({
      name: 'heap per 1,000 orders / transactions',
      goal: 'reported',
      value: `open limit orders ${f0(hp.openLimitOrdersKiB)} KiB, filled market orders ${f0(hp.filledMarketOrdersKiB)} KiB, transactions ${f0(hp.transactionsKiB)} KiB; a full request journal (${hp.journalEntries.toLocaleString('en-US')} entries) ${f1(hp.journalFullMiB)} MiB`,
      met: 'measured',
    });
  }
  return targets;
}

/** The parts of the RSS that grew from start-up to 20 s after the reset, largest first (MiB). */
export function growth(b: NonNullable<SoakResult['breakdown']>): string {
  const parts: [string, number, number][] = [
    ['native (RssAnon less V8 heap, V8 malloc and external: malloc arenas, HTTP parser and socket buffers)', b.startup.native, b.afterResetIdle.native],
    ...Object.keys(b.afterResetIdle.spaces).map((k): [string, number, number] => [`V8 ${k}`, b.startup.spaces[k] ?? 0, b.afterResetIdle.spaces[k] ?? 0]),
    ['V8 malloced', b.startup.v8Malloced, b.afterResetIdle.v8Malloced],
    ['external', b.startup.external, b.afterResetIdle.external],
    ['file-backed (binary, libraries)', b.startup.rssFile, b.afterResetIdle.rssFile],
  ];
  return parts
    .filter(([, from, to]) => to - from >= 1)
    .sort((x, y) => y[2] - y[1] - (x[2] - x[1]))
    .map(([name, from, to]) => `${name} ${from.toFixed(0)} → ${to.toFixed(0)}`)
    .join(', ');
}

/** Of the native part: glibc's main and thread arenas (fake-child.ts mallocArenas), or nothing where not measured. */
function arenas(b: NonNullable<SoakResult['breakdown']>): string {
  const { startup: s, afterResetIdle: a } = b;
  if (s.mallocMain === undefined || a.mallocMain === undefined || s.mallocThreads === undefined || a.mallocThreads === undefined) return '';
  return ` (of which glibc's main arena ${s.mallocMain.toFixed(0)} → ${a.mallocMain.toFixed(0)}, its thread arenas ${s.mallocThreads.toFixed(0)} → ${a.mallocThreads.toFixed(0)})`;
}

/** The soak as Markdown: `npm run bench:soak` prints it, render-report.ts embeds it. */
export function renderSoak(s: SoakResult): string[] {
  const f = (n: number, d = 0): string => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
  const out = [
    `${s.clients} clients for ${f(s.seconds)} s (the robustness load: mixed reads and writes on 8 shared trading keys and 8 wallet users, ${s.clockMoves} admin clock moves${s.skipped.length > 0 ? `; left out: ${s.skipped.join(', ')}` : ''}), ` +
      `the fake in a child process of its own, the clients in the bench process: ${s.requests.toLocaleString('en-US')} requests (${f(s.rps)}/s), ` +
      `${s.problems} problems (5xx or no answer), ${s.invariantViolations} invariant violations.` +
      (s.loadAverage ? ` Machine: ${s.loadAverage.cores} cores, 1-minute load average ${f(s.loadAverage.start, 2)} at the load's start, ${f(s.loadAverage.end, 2)} at its end.` : ''),
    '',
    '| latency p50 | p99 | p99.9 | max | answers slower than 1 s |',
    '|---|---|---|---|---|',
    `| ${f(s.latencyMs.p50, 1)} ms | ${f(s.latencyMs.p99, 1)} ms | ${f(s.latencyMs.p999, 1)} ms | ${f(s.latencyMs.max, 1)} ms | ${s.slowerThan1s} |`,
    '',
    `Server RSS: ${f(s.rss.startupMiB)} MiB after start-up (${f(s.rss.startupGcMiB)} after a forced GC), ${f(s.rss.afterLoadMiB)} MiB after the load, ` +
      `${f(s.rss.afterResetMiB)} MiB 2 s after \`POST /__doppel/reset\`, ${f(s.rss.afterResetIdleMiB ?? Number.NaN)} MiB 20 s after it (${f(s.rss.afterResetGcMiB)} after a forced GC then). ` +
      `Heap used: ${f(s.heap.startupGcMiB)} MiB after start-up, ${f(s.heap.afterLoadMiB)} MiB after the load, ${f(s.heap.afterResetGcMiB)} MiB after reset and GC. ` +
      `After a forced GC, start-up → after reset (MiB): ${(['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const).map((k) => `${k} ${f(s.memoryAfterGc.startup[k])} → ${f(s.memoryAfterGc.afterReset[k])}`).join(', ')}.` +
      (s.breakdown
        ? ` Where the RSS sits, start-up → 20 s after the reset, no forced GC (MiB): anonymous ${f(s.breakdown.startup.rssAnon)} → ${f(s.breakdown.afterResetIdle.rssAnon)}, file-backed ${f(s.breakdown.startup.rssFile)} → ${f(s.breakdown.afterResetIdle.rssFile)}; ` +
          `V8 heap resident ${f(s.breakdown.startup.heapPhysical)} → ${f(s.breakdown.afterResetIdle.heapPhysical)} (${Object.keys(s.breakdown.afterResetIdle.spaces).filter((k) => (s.breakdown!.afterResetIdle.spaces[k] ?? 0) >= 0.5).map((k) => `${k} ${f(s.breakdown!.startup.spaces[k] ?? 0, 1)} → ${f(s.breakdown!.afterResetIdle.spaces[k] ?? 0, 1)}`).join(', ')}), ` +
          `V8 malloced ${f(s.breakdown.startup.v8Malloced)} → ${f(s.breakdown.afterResetIdle.v8Malloced)}, external ${f(s.breakdown.startup.external)} → ${f(s.breakdown.afterResetIdle.external)} (array buffers ${f(s.breakdown.startup.arrayBuffers)} → ${f(s.breakdown.afterResetIdle.arrayBuffers)}), native ${f(s.breakdown.startup.native)} → ${f(s.breakdown.afterResetIdle.native)}${arenas(s.breakdown)}.`
        : ''),
    '',
    `Requests over 100 ms by operation (the first 1,000 such): ${Object.entries(s.over100msByOperation).slice(0, 12).map(([op, n]) => `${op} ${n}`).join(', ') || 'none'}. ` +
      `Slowest: ${s.slowest.map((x) => `${x.request} ${f(x.ms)} ms`).join('; ') || 'none'}.`,
    '',
    `Inside the server: event-loop delay p50 ${f(s.server.loopDelayMs.p50, 1)} / p99 ${f(s.server.loopDelayMs.p99, 1)} / p99.9 ${f(s.server.loopDelayMs.p999, 1)} / max ${f(s.server.loopDelayMs.max, 1)} ms; ` +
      `${s.server.gc.count} GC pauses, ${f(s.server.gc.totalMs)} ms in all, the longest ${f(s.server.gc.maxMs, 1)} ms (${s.server.gc.maxKind || 'none'}); ` +
      `its slowest requests (start of handling to answer written): ${s.server.slowestRequests.slice(0, 8).map((r) => r.line).join('; ') || 'none'}.` +
      (s.clientLoopDelayMs ? ` The load process's own event-loop delay (a stall there reads as the server's latency): p99 ${f(s.clientLoopDelayMs.p99, 1)} / max ${f(s.clientLoopDelayMs.max, 1)} ms.` : '') +
      (s.tcp ? ` The kernel's TCP counters over the load (every process on this machine's loopback): ${Object.entries(s.tcp).map(([k, v]) => `${k} ${v}`).join(', ')}.` : ''),
    '',
    `RSS over time (s: MiB, heap MiB): ${thin(s.samples, 20).map((x) => `${f(x.atS)}: ${f(x.rssMiB)} (${f(x.heapUsedMiB)})`).join(', ')}.`,
  ];
  const h = s.heapPerRecord;
  if (h) {
    out.push(
      '',
      `Heap per 1,000 records (each kind in a fresh fake with the journal off, ${h.records.toLocaleString('en-US')} created through the public handlers, heap after GC before and after${h.gcExposed ? '' : '; GC NOT exposed, figures unreliable'}): ` +
        `open limit orders ${f(h.openLimitOrdersKiB)} KiB, filled market orders ${f(h.filledMarketOrdersKiB)} KiB, transactions (deposits) ${f(h.transactionsKiB)} KiB. ` +
        `A full request journal (${h.journalEntries.toLocaleString('en-US')} entries, answers of 100-order listings): ${f(h.journalFullMiB, 1)} MiB of heap.`,
    );
  }
  out.push('', '| target | goal | this run | met |', '|---|---|---|---|');
  for (const t of soakTargets(s)) out.push(`| ${t.name} | ${t.goal} | ${t.value} | ${t.met === true ? 'yes' : t.met === false ? '**no**' : t.met} |`);
  return out;
}

function thin<T>(list: T[], n: number): T[] {
  if (list.length <= n) return list;
  const step = (list.length - 1) / (n - 1);
  return Array.from({ length: n }, (_, i) => list[Math.round(i * step)]!);
}

async function main(): Promise<void> {
  const seconds = option('seconds') ?? (option('minutes') ?? 10) * 60;
  const given = process.argv.find((a) => a.startsWith('--skip='))?.slice('--skip='.length);
  const skip = given === undefined || given === '' ? ['state'] : given === 'none' ? [] : given.split(',');
  log('heap per 1,000 orders and transactions, and a full journal (a child with --expose-gc)');
  const heapPerRecord = await runJsonChild<HeapPerRecord>('heap-per-record.js', [], ['--expose-gc']);
  const result = await runSoak(seconds, option('clients') ?? 64, option('seed') ?? 1, skip, heapPerRecord.journalFullMiB);
  result.heapPerRecord = heapPerRecord;
  if (process.argv.includes('--json')) {
    process.stdout.write(`${JSON.stringify(result)}\n`);
    return;
  }
  const markdown = ['# Soak', '', `${new Date().toISOString()}, Node ${process.version} (\`npm run bench:soak\`).`, '', ...renderSoak(result), ''].join('\n');
  process.stdout.write(markdown);
  if (process.argv.includes('--write')) {
    writeFileSync(join(ROOT, 'bench', 'SOAK.md'), markdown);
    log('wrote bench/SOAK.md');
  }
}

// Run as a script (not when render-report.ts imports renderSoak).
if (process.argv[1]?.endsWith('soak.js')) await main();
