// `npm run bench:soak`: issue 16's latency and memory soak. The robustness load (64 clients, mixed
// reads and writes on shared accounts, admin clock moves and price pins) for --minutes (default
// 10) against the fake in a child process of its own (bench/fake-child.ts), the clients here.
// Reports latency percentiles and the answers slower than 1 s, the server's RSS over time, its RSS
// after POST /__doppel/reset against its RSS after start-up, the invariants after the load, and
// (bench/heap-per-record.ts) heap per 1,000 orders and transactions.
// Options: --minutes=N or --seconds=N, --clients=N (64), --seed=N (1), --skip=state,... (kinds of
// request left out of the mix, by their name in load-driver.ts: 'state' is the admin export of the
// whole state, which grows with it), --json (print one JSON
// line: `npm run bench` reads it), --write (also write bench/SOAK.md), --check-answers (check every
// answer against the documents, as the robustness run does; costs the clients CPU).
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkInvariants } from '../test/support/robustness/check-invariants.js';
import { createCheckedClient, type CheckedClient } from '../test/support/robustness/http-client.js';
import { prepareLoad, runLoad, settleAfterLoad, type LoadOptions } from '../test/support/robustness/load-driver.js';
import { percentile } from '../test/support/percentile.js';
import type { ServerStats } from './fake-child.js';
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
  /** Server RSS (MiB) sampled during the load, with its heap used. */
  samples: { atS: number; rssMiB: number; heapUsedMiB: number }[];
  rss: {
    /** After start-up and the first answers, as it runs; and after a forced GC. */
    startupMiB: number;
    startupGcMiB: number;
    afterLoadMiB: number;
    /** After POST /__doppel/reset and 2 s idle; and after a forced GC. */
    afterResetMiB: number;
    afterResetGcMiB: number;
  };
  heap: { startupGcMiB: number; afterLoadMiB: number; afterResetGcMiB: number };
  /** process.memoryUsage() after a forced GC, MiB: where RSS beyond the heap sits (heap reserved, external, array buffers). */
  memoryAfterGc: { startup: MemoryMiB; afterReset: MemoryMiB };
  /** What a request journal may hold on top of the start-up state (none yet: 0). */
  journalBoundMiB: number;
  heapPerRecord?: HeapPerRecord;
}

function option(name: string): number | undefined {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? undefined : Number(arg.slice(name.length + 3));
}
const log = (line: string): void => void process.stderr.write(`${line}\n`);
const mib = (bytes: number): number => bytes / 2 ** 20;
const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export async function runSoak(seconds: number, clients: number, seed: number, skip: string[] = []): Promise<SoakResult> {
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
    log(`soak: ${clients} clients for ${seconds} s; server RSS after start-up ${startupMiB.toFixed(0)} MiB (${startupGcMiB.toFixed(0)} after GC)`);

    const world = await prepareLoad(http, load);
    const before = await server.audit();
    const firstLatency = http.latenciesMs.length;
    http.slow.length = 0; // the set-up's requests (password hashing at register) are not the load's
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
    const requests = http.requests - firstRequest;
    const latencies = http.latenciesMs.slice(firstLatency).sort((a, b) => a - b);
    const afterLoadMiB = server.rssMiB();
    const serverStats = await server.stats();
    const afterLoad = await server.memory();

    await settleAfterLoad(http);
    const report = checkInvariants(world, record, before, await server.audit());

    const reset = await http.call('trading', 'POST', '/__doppel/reset');
    if (reset.status !== 200) throw new Error(`POST /__doppel/reset answered ${reset.status}`);
    await sleep(2_000);
    const afterResetMiB = server.rssMiB();
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
      problems: http.problemCount,
      invariantViolations: report.violations.length,
      clockMoves: record.clockMoves,
      ...slowRequests(http.slow),
      server: serverStats,
      samples,
      rss: { startupMiB, startupGcMiB, afterLoadMiB, afterResetMiB, afterResetGcMiB },
      heap: { startupGcMiB: mib(startupGc.heapUsed), afterLoadMiB: mib(afterLoad.heapUsed), afterResetGcMiB: mib(afterResetGc.heapUsed) },
      memoryAfterGc: { startup: inMiB(startupGc), afterReset: inMiB(afterResetGc) },
      journalBoundMiB: 0,
    };
  } finally {
    await http.close();
    await server.stop();
  }
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

/** The soak as Markdown: `npm run bench:soak` prints it, render-report.ts embeds it. */
export function renderSoak(s: SoakResult): string[] {
  const f = (n: number, d = 0): string => (Number.isFinite(n) ? n.toFixed(d) : 'n/a');
  const out = [
    `${s.clients} clients for ${f(s.seconds)} s (the robustness load: mixed reads and writes on 8 shared trading keys and 8 wallet users, ${s.clockMoves} admin clock moves${s.skipped.length > 0 ? `; left out: ${s.skipped.join(', ')}` : ''}), ` +
      `the fake in a child process of its own, the clients in the bench process: ${s.requests.toLocaleString('en-US')} requests (${f(s.rps)}/s), ` +
      `${s.problems} problems (5xx or no answer), ${s.invariantViolations} invariant violations.`,
    '',
    '| latency p50 | p99 | p99.9 | max | answers slower than 1 s |',
    '|---|---|---|---|---|',
    `| ${f(s.latencyMs.p50, 1)} ms | ${f(s.latencyMs.p99, 1)} ms | ${f(s.latencyMs.p999, 1)} ms | ${f(s.latencyMs.max, 1)} ms | ${s.slowerThan1s} |`,
    '',
    `Server RSS: ${f(s.rss.startupMiB)} MiB after start-up (${f(s.rss.startupGcMiB)} after a forced GC), ${f(s.rss.afterLoadMiB)} MiB after the load, ` +
      `${f(s.rss.afterResetMiB)} MiB 2 s after \`POST /__doppel/reset\` (${f(s.rss.afterResetGcMiB)} after a forced GC). ` +
      `Heap used: ${f(s.heap.startupGcMiB)} MiB after start-up, ${f(s.heap.afterLoadMiB)} MiB after the load, ${f(s.heap.afterResetGcMiB)} MiB after reset and GC. ` +
      `After a forced GC, start-up → after reset (MiB): ${(['rss', 'heapTotal', 'heapUsed', 'external', 'arrayBuffers'] as const).map((k) => `${k} ${f(s.memoryAfterGc.startup[k])} → ${f(s.memoryAfterGc.afterReset[k])}`).join(', ')}.`,
    '',
    `Requests over 100 ms by operation (the first 1,000 such): ${Object.entries(s.over100msByOperation).slice(0, 12).map(([op, n]) => `${op} ${n}`).join(', ') || 'none'}. ` +
      `Slowest: ${s.slowest.map((x) => `${x.request} ${f(x.ms)} ms`).join('; ') || 'none'}.`,
    '',
    `Inside the server: event-loop delay p50 ${f(s.server.loopDelayMs.p50, 1)} / p99 ${f(s.server.loopDelayMs.p99, 1)} / p99.9 ${f(s.server.loopDelayMs.p999, 1)} / max ${f(s.server.loopDelayMs.max, 1)} ms; ` +
      `${s.server.gc.count} GC pauses, ${f(s.server.gc.totalMs)} ms in all, the longest ${f(s.server.gc.maxMs, 1)} ms (${s.server.gc.maxKind || 'none'}); ` +
      `its slowest requests (start of handling to answer written): ${s.server.slowestRequests.slice(0, 8).map((r) => r.line).join('; ') || 'none'}.`,
    '',
    `RSS over time (s: MiB, heap MiB): ${thin(s.samples, 20).map((x) => `${f(x.atS)}: ${f(x.rssMiB)} (${f(x.heapUsedMiB)})`).join(', ')}.`,
  ];
  const h = s.heapPerRecord;
  if (h) {
    out.push(
      '',
      `Heap per 1,000 records (each kind in a fresh fake, ${h.records.toLocaleString('en-US')} created through the public handlers, heap after GC before and after${h.gcExposed ? '' : '; GC NOT exposed, figures unreliable'}): ` +
        `open limit orders ${f(h.openLimitOrdersKiB)} KiB, filled market orders ${f(h.filledMarketOrdersKiB)} KiB, transactions (deposits) ${f(h.transactionsKiB)} KiB.`,
    );
  }
  return out;
}

function thin<T>(list: T[], n: number): T[] {
  if (list.length <= n) return list;
  const step = (list.length - 1) / (n - 1);
  return Array.from({ length: n }, (_, i) => list[Math.round(i * step)]!);
}

async function main(): Promise<void> {
  const seconds = option('seconds') ?? (option('minutes') ?? 10) * 60;
  const skip = process.argv.find((a) => a.startsWith('--skip='))?.slice('--skip='.length).split(',') ?? [];
  const result = await runSoak(seconds, option('clients') ?? 64, option('seed') ?? 1, skip);
  log('heap per 1,000 orders and transactions (a child with --expose-gc)');
  result.heapPerRecord = await runJsonChild<HeapPerRecord>('heap-per-record.js', [], ['--expose-gc']);
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
