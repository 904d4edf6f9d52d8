// A long-lived shared stub: no request waits on another's work, listings do not grow with the
// caller's history. Two measurements, printed as one JSON line (bench/run.ts reads it):
//
// 1. Stall: a 200,000-order state (a child process, bench/stall-server.ts) is exported with
//    GET /__doppel/state while two clients send GET /api/v1/prices back to back; the longest wait
//    of a prices request during the export, against the same clients' longest wait with no export
//    (the machine's own noise). Target: ≤ 50 ms.
// 2. Listing: GET /api/v1/wallets of a user with 10,000 wallets, App.handle in this process (the
//    fake's own work, in-process timing). Target: ≤ 5 ms.
//
// Options: --orders=N (200000), --wallets=N (10000).
import { fork } from 'node:child_process';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { Agent, request } from 'undici';
import { createFake } from '../mock/index.js';
import { percentile } from '../test/support/percentile.js';
import { BENCH_BUILD, ROOT, runJsonChild } from './processes.js';

export interface LongLivedResult {
  stall: {
    orders: number;
    buildMs: number;
    exportMs: number;
    exportMegabytes: number;
    /** Prices requests answered while the export ran, and the longest of their waits. */
    duringExport: { requests: number; maxMs: number; p99Ms: number };
    /** The same clients with no export running, as long as the export took. */
    idle: { requests: number; maxMs: number; p99Ms: number };
    loadAverage: number[];
  };
  listing: { wallets: number; samples: number; p50Ms: number; maxMs: number; bytes: number };
}

const arg = (name: string, fallback: number): number => Number(process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3) ?? fallback);

async function stall(orders: number): Promise<LongLivedResult['stall']> {
  const child = fork(join(ROOT, BENCH_BUILD, 'stall-server.js'), [String(orders)], { cwd: ROOT, stdio: ['ignore', 'inherit', 'inherit', 'ipc'], execArgv: ['--max-old-space-size=4096', ...(process.env.STALL_TRACE_GC ? ['--trace-gc'] : [])] });
  try {
    const ready = await new Promise<{ trading: string; buildMs: number }>((resolve, reject) => {
      child.once('message', (m) => resolve(m as { trading: string; buildMs: number }));
      child.once('exit', (code) => reject(new Error(`stall server exited (${code})`)));
    });
    const dispatcher = new Agent({ connections: 4, pipelining: 1 });
    const probe = async (until: () => boolean): Promise<number[]> => {
      const waits: number[] = [];
      while (!until()) {
        const t = performance.now();
        const answer = await request(`${ready.trading}/api/v1/prices`, { dispatcher });
        await answer.body.text();
        if (answer.statusCode !== 200) throw new Error(`GET /api/v1/prices answered ${answer.statusCode}`);
        waits.push(performance.now() - t);
      }
      return waits;
    };
    // Warm up both paths, then: the export with two probing clients, then the clients alone as long.
    await probe(((n) => () => n++ >= 200)(0));
    let exporting = true;
    // The export is read by a process of its own (bench/drain-url.ts).
    const exported = runJsonChild<{ status: number; ms: number; bytes: number }>('drain-url.js', [`${ready.trading}/__doppel/state`]).then((r) => {
      exporting = false;
      if (r.status !== 200) throw new Error(`GET /__doppel/state answered ${r.status}`);
      return r;
    });
    const during = (await Promise.all([probe(() => !exporting), probe(() => !exporting)])).flat();
    const { ms: exportMs, bytes } = await exported;
    const idleUntil = performance.now() + exportMs;
    const idle = (await Promise.all([probe(() => performance.now() > idleUntil), probe(() => performance.now() > idleUntil)])).flat();
    await dispatcher.close();
    const summary = (waits: number[]) => {
      const sorted = [...waits].sort((a, b) => a - b);
      return { requests: sorted.length, maxMs: sorted.at(-1) ?? Number.NaN, p99Ms: percentile(sorted, 0.99) };
    };
    return { orders, buildMs: ready.buildMs, exportMs, exportMegabytes: bytes / 1e6, duringExport: summary(during), idle: summary(idle), loadAverage: loadavg().map((n) => Number(n.toFixed(2))) };
  } finally {
    child.send({ stop: true });
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
  const ms = (n: number): string => `${n.toFixed(1)} ms`;
  const load = s.loadAverage.map((n) => n.toFixed(1)).join(' / ');
  return [
    {
      name: `no stalls: longest wait of GET /api/v1/prices while a ${s.orders.toLocaleString('en-US')}-order state is exported`,
      goal: '≤ 50 ms',
      value:
        `${ms(s.duringExport.maxMs)} (p99 ${ms(s.duringExport.p99Ms)}, ${s.duringExport.requests.toLocaleString('en-US')} answered during the ${ms(s.exportMs)} export of ${s.exportMegabytes.toFixed(0)} MB); ` +
        `the same clients without an export: max ${ms(s.idle.maxMs)}, p99 ${ms(s.idle.p99Ms)}; load average ${load}`,
      met: s.duringExport.maxMs <= 50,
    },
    {
      name: `listing: GET /api/v1/wallets of a user with ${l.wallets.toLocaleString('en-US')} wallets (App.handle, median)`,
      goal: '≤ 5 ms',
      value: `${ms(l.p50Ms)} (max ${ms(l.maxMs)} of ${l.samples}, each after a deposit; ${(l.bytes / 1e6).toFixed(1)} MB answer)`,
      met: l.p50Ms <= 5,
    },
  ];
}
