// Child process: a fake served over HTTP by startMock (what `doppel mock` runs), steered over the
// IPC channel by bench/fake-process.ts: audit snapshots, memory figures, a forced GC, stop. The load
// clients stay in the parent, so the CPU, latency and memory figures are the server's own
// (with server and clients in one process, the clients' work showed up as the server's).
import { readFileSync } from 'node:fs';
import { getHeapSpaceStatistics, getHeapStatistics } from 'node:v8';
import { monitorEventLoopDelay, PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { startMock, type StartMockOptions } from '../mock/index.js';
import { auditSnapshot } from '../test/support/robustness/audit-snapshot.js';

export type ChildRequest = { id: number; type: 'audit' | 'memory' | 'breakdown' | 'gc' | 'stats' | 'resetStats' | 'stop' };

/** What stalled the server: its event loop's delay, its GC pauses, and its slowest requests. */
export interface ServerStats {
  loopDelayMs: { p50: number; p99: number; p999: number; max: number };
  gc: { count: number; totalMs: number; maxMs: number; maxKind: string };
  /** With --server-timing: request lines (masked) of the slowest requests, as the server timed them. */
  slowestRequests: { ms: number; line: string }[];
}
/**
 * Where the resident memory sits, MiB: the kernel's split of RSS (anonymous: heap, malloc, stacks;
 * file: the node binary and libraries mapped), V8's heap spaces as resident (physical) pages, V8's
 * own malloc'd memory, external and array-buffer memory.
 */
export interface MemoryBreakdown {
  rssAnon: number;
  rssFile: number;
  spaces: Record<string, number>;
  heapPhysical: number;
  v8Malloced: number;
  external: number;
  arrayBuffers: number;
  /** rssAnon less what V8 and the array buffers account for: native memory (malloc arenas, the HTTP parser's and sockets' buffers). */
  native: number;
  /**
   * Part of it, from /proc/self/smaps: glibc's main arena (the [heap] mapping, what the main thread
   * mallocs) and its thread arenas (anonymous mappings at 64-MiB-aligned addresses, glibc's
   * HEAP_MAX_SIZE on 64-bit: what other threads, V8's GC helpers among them, malloc). Linux only.
   */
  mallocMain?: number;
  mallocThreads?: number;
}
export type ChildReply = { id: number; ok: true; value: unknown } | { id: number; ok: false; error: string };

const options = JSON.parse(process.argv[2] ?? '{}') as StartMockOptions;
const serverTiming = process.argv.includes('--server-timing');
const loopDelay = monitorEventLoopDelay({ resolution: 5 });
loopDelay.enable();
const gc = { count: 0, totalMs: 0, maxMs: 0, maxKind: '' };
// The GC kinds of node's perf_hooks constants (NODE_PERFORMANCE_GC_*).
const GC_KINDS: Record<number, string> = { 1: 'scavenge', 2: 'mark-compact', 4: 'incremental', 8: 'weak callbacks' };
new PerformanceObserver((list) => {
  for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
    gc.count++;
    gc.totalMs += entry.duration;
    if (entry.duration > gc.maxMs) {
      gc.maxMs = entry.duration;
      gc.maxKind = GC_KINDS[entry.detail?.kind ?? 0] ?? String(entry.detail?.kind);
    }
  }
}).observe({ entryTypes: ['gc'] });
/** The slowest request lines, kept sorted, at most 20. */
const slowest: ServerStats['slowestRequests'] = [];
const timing = (line: string): void => {
  const ms = Number(/ ([\d.]+)ms$/.exec(line)?.[1]);
  if (!(ms > (slowest[19]?.ms ?? 0))) return;
  slowest.push({ ms, line: line.replace(/^doppel /, '') });
  slowest.sort((a, b) => b.ms - a.ms);
  slowest.length = Math.min(slowest.length, 20);
};
const mock = await startMock({
  tradingPort: 0,
  walletPort: 0,
  quiet: true,
  ...options,
  // The request log's lines carry each request's own time (start of handling to answer written).
  ...(serverTiming ? { quiet: false, logLevel: 'info' as const, log: timing } : {}),
});
const send = (message: unknown): void => void process.send?.(message);

async function answer(request: ChildRequest): Promise<unknown> {
  switch (request.type) {
    case 'audit':
      return auditSnapshot(mock.fake);
    case 'memory':
      return process.memoryUsage();
    case 'breakdown':
      return breakdown();
    case 'gc':
      // Two passes: the first may only schedule finalization of what the second frees.
      globalThis.gc?.();
      globalThis.gc?.();
      return { ...process.memoryUsage(), gcExposed: typeof globalThis.gc === 'function' };
    case 'stats': {
      const ms = (ns: number): number => ns / 1e6;
      const stats: ServerStats = {
        loopDelayMs: { p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), p999: ms(loopDelay.percentile(99.9)), max: ms(loopDelay.max) },
        gc: { ...gc },
        slowestRequests: [...slowest],
      };
      return stats;
    }
    case 'resetStats':
      // From here on (the load's start): the set-up's password hashing at register is not the load's.
      loopDelay.reset();
      Object.assign(gc, { count: 0, totalMs: 0, maxMs: 0, maxKind: '' });
      slowest.length = 0;
      return null;
    case 'stop':
      await mock.close();
      setImmediate(() => process.exit(0));
      return null;
  }
}

function breakdown(): MemoryBreakdown {
  const mib = (bytes: number): number => bytes / 2 ** 20;
  const status = readFileSync('/proc/self/status', 'utf8');
  const kib = (name: string): number => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN) / 1024;
  const spaces = Object.fromEntries(getHeapSpaceStatistics().map((s) => [s.space_name, mib(s.physical_space_size)]));
  const heap = getHeapStatistics();
  const usage = process.memoryUsage();
  const rssAnon = kib('RssAnon');
  return {
    rssAnon,
    rssFile: kib('RssFile'),
    spaces,
    heapPhysical: mib(heap.total_physical_size),
    v8Malloced: mib(heap.malloced_memory),
    external: mib(usage.external),
    arrayBuffers: mib(usage.arrayBuffers),
    native: rssAnon - mib(heap.total_physical_size) - mib(heap.malloced_memory) - mib(usage.external),
    ...mallocArenas(),
  };
}

/** RSS of glibc's main arena and of its thread arenas, MiB (MemoryBreakdown); nothing where smaps cannot be read. */
function mallocArenas(): { mallocMain?: number; mallocThreads?: number } {
  let smaps: string;
  try {
    smaps = readFileSync('/proc/self/smaps', 'utf8');
  } catch {
    return {};
  }
  const ARENA_ALIGN = 64n * 2n ** 20n;
  let main = 0;
  let threads = 0;
  let kind: 'main' | 'thread' | null = null;
  for (const line of smaps.split('\n')) {
    const mapping = /^([0-9a-f]+)-[0-9a-f]+ (\S+) \S+ \S+ (\d+)\s*(\S*)/.exec(line);
    if (mapping !== null) {
      const [, start, perms, inode, name] = mapping;
      kind = name === '[heap]' ? 'main' : name === '' && inode === '0' && perms!.startsWith('rw') && BigInt(`0x${start}`) % ARENA_ALIGN === 0n ? 'thread' : null;
      continue;
    }
    if (kind !== null && line.startsWith('Rss:')) {
      const kib = Number(/(\d+)/.exec(line)?.[1] ?? 0);
      if (kind === 'main') main += kib;
      else threads += kib;
      kind = null;
    }
  }
  return { mallocMain: main / 1024, mallocThreads: threads / 1024 };
}

process.on('message', (request: ChildRequest) => {
  answer(request).then(
    (value) => send({ id: request.id, ok: true, value } satisfies ChildReply),
    (error: unknown) => send({ id: request.id, ok: false, error: String(error) } satisfies ChildReply),
  );
});
// The parent went away without stopping us: do not linger.
process.on('disconnect', () => void mock.close().finally(() => process.exit(0)));
send({ ready: true, trading: mock.trading, wallet: mock.wallet });
