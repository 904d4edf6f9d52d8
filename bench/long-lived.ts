// A long-lived shared stub: no request waits on another's work, listings do not grow with the
// caller's history. Two measurements, printed as one JSON line (bench/run.ts reads it):
//
// 1. Stall: a 200,000-order state in a child process (bench/stall-server.ts), two clients in this
//    process sending GET /api/v1/prices back to back, and each kind of admin work sent by a third
//    process (bench/drain-url.ts): the export (GET /__doppel/state), an import (PUT
//    /__doppel/state) of that state and of the largest one the body limit lets in, a namespace
//    holding such a state dropped (DELETE /__doppel/namespaces/{name}) and a reset (POST
//    /__doppel/reset) of it. After a drop (import, reset, namespace) the clients go on for the
//    collections doppel mock schedules then (mock/http/release-memory.ts): that window is the
//    "GC of a big state". For each: the longest wait and p99 of a prices request while the admin
//    request ran and in the window after it, against the same clients' with no admin work for as
//    long (the machine's own noise), and the server's GC pauses meanwhile (its PerformanceObserver).
//    Target: ≤ 50 ms.
// 2. Listing: GET /api/v1/wallets of a user with 10,000 wallets, App.handle in this process (the
//    fake's own work, in-process timing). Target: ≤ 5 ms.
//
// Options: --orders=N (200000), --wallets=N (10000).
import { fork } from 'node:child_process';
import { rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { createFake } from '../mock/index.js';
import { percentile } from '../test/support/percentile.js';
import { BENCH_BUILD, ROOT, runJsonChild } from './processes.js';
import type { GcPause, StallServerRequest } from './stall-server.js';

export interface WaitSummary {
  requests: number;
  maxMs: number;
  p99Ms: number;
}

/** One kind of admin work and what the prices clients waited meanwhile. */
export interface StallCase {
  kind: string;
  /** The admin request: its status and how long it took to its last byte (sender's view). */
  admin: { request: string; status: number; ms: number; bytes: number; error?: string };
  /** While the admin request ran. */
  during: WaitSummary;
  /** The window after its answer (ms long): the collections scheduled after a drop. */
  after?: WaitSummary & { windowMs: number };
  /** The same clients with no admin work, as long as during + after. */
  idle: WaitSummary;
  /** The server's GC pauses over during + after: count, total, the longest three. */
  gc: { count: number; totalMs: number; longest: GcPause[] };
  /**
   * The longest wait while the admin request ran and in the window after it, and what the server
   * ran meanwhile (its CPU profile: self time per function, the top eight).
   */
  longest: { during: Longest; after?: Longest };
}

export interface Longest {
  /** ms from the start of the window. */
  atMs: number;
  ms: number;
  frames: { ms: number; frame: string }[];
}

export interface LongLivedResult {
  stall: {
    orders: number;
    buildMs: number;
    cases: StallCase[];
    loadAverage: number[];
  };
  listing: { wallets: number; samples: number; p50Ms: number; maxMs: number; bytes: number };
}

const arg = (name: string, fallback: number): number => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);

/** What doppel mock's collections after a drop take (release-memory.ts: 200 + 0 + 800 + 5,000 ms) and a margin. */
const AFTER_DROP_MS = 6_500;

async function stall(orders: number): Promise<LongLivedResult['stall']> {
  const child = fork(join(ROOT, BENCH_BUILD, 'stall-server.js'), [String(orders)], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--max-old-space-size=4096', ...(process.env.STALL_TRACE_GC ? ['--trace-gc'] : [])] });
  const bodyFile = join(tmpdir(), `doppel-stall-${process.pid}.json`);
  const smallFile = join(tmpdir(), `doppel-stall-${process.pid}-small.json`);
  try {
    const ready = await new Promise<{ trading: string; buildMs: number }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { trading: string; buildMs: number }));
      child.once('exit', (code) => reject(new Error(`stall server exited (${code})`)));
    });
    let nextId = 1;
    const ask = <T>(request: StallServerRequest extends infer R ? (R extends { id: number } ? Omit<R, 'id'> : never) : never): Promise<T> =>
      new Promise<T>((resolve, reject) => {
        const id = nextId++;
        const listener = (m: { id: number; ok: boolean; value?: unknown; error?: string }): void => {
          if (m.id !== id) return;
          child.off('message', listener);
          if (m.ok) resolve(m.value as T);
          else reject(new Error(m.error));
        };
        child.on('message', listener);
        child.send({ ...request, id } as StallServerRequest);
      });
    const dispatcher = new Agent({ connections: 4, pipelining: 1 });
    /** Waits, each with the time its request started (ms since the epoch). */
    const probe = async (until: () => boolean): Promise<{ at: number; ms: number }[]> => {
      const waits: { at: number; ms: number }[] = [];
      while (!until()) {
        const t = performance.now();
        const answer = await request(`${ready.trading}/api/v1/prices`, { dispatcher });
        await answer.body.text();
        if (answer.statusCode !== 200) throw new Error(`GET /api/v1/prices answered ${answer.statusCode}`);
        waits.push({ at: performance.timeOrigin + t, ms: performance.now() - t });
      }
      return waits;
    };
    const summary = (waits: { ms: number }[]): WaitSummary => {
      const sorted = waits.map((w) => w.ms).sort((a, b) => a - b);
      return { requests: sorted.length, maxMs: sorted.at(-1) ?? Number.NaN, p99Ms: percentile(sorted, 0.99) };
    };
    // Two clients while the admin request runs (sent by a process of its own) and afterMs beyond
    // its answer; then the same clients alone as long.
    const measure = async (kind: string, args: string[], afterMs: number): Promise<StallCase> => {
      await ask<GcPause[]>({ type: 'gc' });
      await ask({ type: 'profile-start' });
      let answeredAt = Number.POSITIVE_INFINITY;
      const done = () => performance.timeOrigin + performance.now() > answeredAt + afterMs;
      const admin = runJsonChild<{ status: number; ms: number; bytes: number; error?: string }>('drain-url.js', args).then((r) => {
        answeredAt = performance.timeOrigin + performance.now();
        return r;
      });
      const windowStart = performance.timeOrigin + performance.now();
      const waits = (await Promise.all([probe(done), probe(done)])).flat();
      const result = await admin;
      const windowMs = performance.timeOrigin + performance.now() - windowStart;
      const pauses = await ask<GcPause[]>({ type: 'gc' });
      const worstOf = (list: { at: number; ms: number }[]) => list.reduce((a, b) => (b.ms > a.ms ? b : a), { at: windowStart, ms: 0 });
      const worst = [worstOf(waits.filter((w) => w.at <= answeredAt)), worstOf(waits.filter((w) => w.at > answeredAt))];
      const frames = await ask<{ ms: number; frame: string }[][]>({ type: 'profile-stop', windows: worst.map((w) => ({ fromMs: w.at, toMs: w.at + w.ms })) });
      const longest = worst.map((w, i): Longest => ({ atMs: w.at - windowStart, ms: w.ms, frames: frames[i] ?? [] }));
      const idleUntil = performance.now() + windowMs;
      const idle = (await Promise.all([probe(() => performance.now() > idleUntil), probe(() => performance.now() > idleUntil)])).flat();
      const method = args[1] ?? 'GET';
      return {
        kind,
        admin: { request: `${method} ${new URL(args[0] ?? '').pathname}`, ...result },
        during: summary(waits.filter((w) => w.at <= answeredAt)),
        ...(afterMs > 0 ? { after: { ...summary(waits.filter((w) => w.at > answeredAt)), windowMs: afterMs } } : {}),
        idle: summary(idle),
        longest: { during: longest[0]!, ...(afterMs > 0 ? { after: longest[1]! } : {}) },
        gc: { count: pauses.length, totalMs: pauses.reduce((n, p) => n + p.ms, 0), longest: [...pauses].sort((a, b) => b.ms - a.ms).slice(0, 3) },
      };
    };
    const url = (path: string): string => `${ready.trading}${path}`;
    const cases: StallCase[] = [];
    // Warm up both paths.
    await probe(((n) => () => n++ >= 200)(0));
    cases.push(await measure('export', [url('/__doppel/state')], 0));
    // The bodies of the imports: this state, and one of a namespace small enough for the body limit (1 MiB).
    const { bytes } = await ask<{ bytes: number }>({ type: 'save', namespace: 'default', file: bodyFile });
    await ask({ type: 'build', namespace: 'small', orders: 2_000 });
    const small = await ask<{ bytes: number }>({ type: 'save', namespace: 'small', file: smallFile });
    cases.push(await measure(`import of this state (${(bytes / 1e6).toFixed(0)} MB)`, [url('/__doppel/state'), 'PUT', bodyFile, 'imported'], AFTER_DROP_MS));
    cases.push(await measure(`import of a 2,000-order state (${(small.bytes / 1e6).toFixed(2)} MB)`, [url('/__doppel/state'), 'PUT', smallFile, 'imported'], AFTER_DROP_MS));
    await ask({ type: 'build', namespace: 'big', orders });
    cases.push(await measure(`namespace drop (${orders.toLocaleString('en-US')} orders) and the GC after it`, [url('/__doppel/namespaces/big'), 'DELETE', '-', 'default'], AFTER_DROP_MS));
    cases.push(await measure(`reset (${orders.toLocaleString('en-US')} orders) and the GC after it`, [url('/__doppel/reset'), 'POST'], AFTER_DROP_MS));
    await dispatcher.close();
    return { orders, buildMs: ready.buildMs, cases, loadAverage: loadavg().map((n) => Number(n.toFixed(2))) };
  } finally {
    rmSync(bodyFile, { force: true });
    rmSync(smallFile, { force: true });
    child.send({ id: 0, type: 'stop' } satisfies StallServerRequest);
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

function listing(count: number): LongLivedResult['listing'] {
  const fake = createFake({ journalSize: 0, walletRateLimit: 1_000_000_000 });
  const wallet = fake.models.wallet;
  const chains = ['ethereum', 'bitcoin', 'tron', 'bsc', 'solana', 'polygon'];
  for (let i = 0; i < count - 3; i++) {
    const made = wallet.createWallet(1, chains[i % chains.length] as string);
    if (i % 3 === 0) wallet.deposit(made.id, '1.5', null);
  }
  const call = () => fake.wallet.handle({ method: 'GET', path: '/api/v1/wallets', query: new URLSearchParams(), headers: { 'x-api-key': 'demo-wallet-key' }, body: undefined, ip: '127.0.0.1' });
  let bytes = 0;
  // The first listing presents every wallet once; the measured ones are the steady state, each
  // after one balance change (a deposit) so that a changed wallet is presented again.
  call();
  const times: number[] = [];
  for (let i = 0; i < 200; i++) {
    wallet.deposit(1 + (i % count), '0.001', null);
    const t = performance.now();
    const answer = call();
    bytes = answer.text.length;
    if (answer.status !== 200) throw new Error(`GET /api/v1/wallets answered ${answer.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { wallets: count, samples: times.length, p50Ms: percentile(times, 0.5), maxMs: times.at(-1) ?? Number.NaN, bytes };
}

async function main(): Promise<void> {
  const result: LongLivedResult = { stall: await stall(arg('orders', 200_000)), listing: listing(arg('wallets', 10_000)) };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

if (process.argv[1]?.endsWith('long-lived.js')) await main();

/** The targets of this section, each met or not with its figure (bench/render-report.ts). */
export function longLivedTargets(r: LongLivedResult): { name: string; goal: string; value: string; met: boolean }[] {
  const s = r.stall;
  const l = r.listing;
  const ms = (n: number): string => (Number.isFinite(n) ? `${n.toFixed(1)} ms` : 'n/a');
  const load = s.loadAverage.map((n) => n.toFixed(1)).join(' / ');
  const rows = s.cases.map((c) => {
    const worst = Math.max(c.during.maxMs, c.after?.maxMs ?? 0);
    const gc = c.gc.longest.length > 0 ? `; server GC: ${c.gc.count} pauses, ${ms(c.gc.totalMs)} in all, longest ${c.gc.longest.map((p) => `${ms(p.ms)} ${p.kind}`).join(', ')}` : '; server GC: none';
    // Where the goal is missed, what the server ran during that wait (its CPU profile).
    // "(idle)": the server was waiting for input, so the wait was spent outside it (the machine).
    const ran = (l: Longest | undefined, where: string): string =>
      l !== undefined && l.ms > 50 ? `; during the longest wait ${where} (${ms(l.ms)}, ${(l.atMs / 1000).toFixed(2)} s into the window) the server ran: ${l.frames.slice(0, 5).map((f) => `${f.frame} ${ms(f.ms)}`).join(', ') || 'nothing sampled'}` : '';
    const cause = ran(c.longest.during, 'during the request') + ran(c.longest.after, 'after it');
    return {
      name: `no stalls: longest wait of GET /api/v1/prices behind ${c.kind}, ${s.orders.toLocaleString('en-US')}-order state`,
      goal: '≤ 50 ms',
      value:
        `${ms(worst)}: during the ${c.admin.request} (${c.admin.status}${c.admin.error ? ` ${c.admin.error}` : ''}, ${ms(c.admin.ms)}, ${(c.admin.bytes / 1e6).toFixed(1)} MB answer) max ${ms(c.during.maxMs)}, p99 ${ms(c.during.p99Ms)} (${c.during.requests})` +
        (c.after ? `; the ${(c.after.windowMs / 1000).toFixed(1)} s after it max ${ms(c.after.maxMs)}, p99 ${ms(c.after.p99Ms)} (${c.after.requests})` : '') +
        `; the same clients without admin work: max ${ms(c.idle.maxMs)}, p99 ${ms(c.idle.p99Ms)}${gc}${cause}; load average ${load}`,
      met: worst <= 50,
    };
  });
  return [
    ...rows,
    {
      name: `listing: GET /api/v1/wallets of a user with ${l.wallets.toLocaleString('en-US')} wallets (App.handle, median)`,
      goal: '≤ 5 ms',
      value: `${ms(l.p50Ms)} (max ${ms(l.maxMs)} of ${l.samples}, each after a deposit; ${(l.bytes / 1e6).toFixed(1)} MB answer)`,
      met: l.p50Ms <= 5,
    },
  ];
}
