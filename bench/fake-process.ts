// startFakeProcess: the fake over HTTP in a child process of its own (bench/fake-child.ts), so
// that the load clients of the robustness and soak runs do not share its CPU, heap or event loop.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import type { StartMockOptions } from '../mock/index.js';
import type { AuditSnapshot } from '../test/support/robustness/audit-snapshot.js';
import type { ChildReply, ChildRequest, MemoryBreakdown, ServerStats } from './fake-child.js';
import { BENCH_BUILD, ROOT, rssMiB } from './processes.js';

export interface FakeProcess {
  pid: number;
  trading: { url: string; port: number };
  wallet: { url: string; port: number };
  /** The money-relevant state, read inside the child (test/support/robustness/audit-snapshot.ts). */
  audit(): Promise<AuditSnapshot>;
  memory(): Promise<NodeJS.MemoryUsage>;
  /** Where its resident memory sits (fake-child.ts's MemoryBreakdown), without a GC first. */
  breakdown(): Promise<MemoryBreakdown>;
  /** A full GC in the child (it runs with --expose-gc), then its memory figures. */
  gc(): Promise<NodeJS.MemoryUsage>;
  /** Event-loop delay, GC pauses and (with serverTiming) the slowest requests, since start or resetStats. */
  stats(): Promise<ServerStats>;
  resetStats(): Promise<void>;
  /** Resident set size of the child from /proc, MiB. */
  rssMiB(): number;
  stop(): Promise<void>;
}

/** Options are JSON (they cross the process boundary): no logger or log function. */
export type FakeProcessOptions = Omit<StartMockOptions, 'logger' | 'log'>;

/** serverTiming: the child times every request (its request log, not printed) and keeps the slowest. */
export async function startFakeProcess(options: FakeProcessOptions = {}, nodeArgs: string[] = [], serverTiming = false): Promise<FakeProcess> {
  const child: ChildProcess = fork(join(ROOT, BENCH_BUILD, 'fake-child.js'), [JSON.stringify(options), ...(serverTiming ? ['--server-timing'] : [])], {
    cwd: ROOT,
    execArgv: ['--expose-gc', ...nodeArgs],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    // The audit of a long soak's state is larger than the longest string V8 makes (a 10-minute soak
    // on a fast machine: ~5 million requests); the structured clone is a buffer, not a JSON string.
    serialization: 'advanced',
  });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let nextId = 1;
  let exited = false;
  const exit = new Promise<void>((resolve) => child.once('exit', () => {
    exited = true;
    for (const p of pending.values()) p.reject(new Error('the fake process exited'));
    pending.clear();
    resolve();
  }));
  const ready = new Promise<{ trading: FakeProcess['trading']; wallet: FakeProcess['wallet'] }>((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the fake process exited (${code}) before it was ready`)));
    child.on('message', (message: ChildReply | { ready: true; trading: FakeProcess['trading']; wallet: FakeProcess['wallet'] }) => {
      if ('ready' in message) return resolve(message);
      const waiting = pending.get(message.id);
      pending.delete(message.id);
      if (message.ok) waiting?.resolve(message.value);
      else waiting?.reject(new Error(message.error));
    });
  });
  const ask = <T>(type: ChildRequest['type']): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (exited) return reject(new Error('the fake process has exited'));
      const id = nextId++;
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      child.send({ id, type } satisfies ChildRequest);
    });
  const { trading, wallet } = await ready;
  return {
    pid: child.pid!,
    trading,
    wallet,
    audit: () => ask<AuditSnapshot>('audit'),
    memory: () => ask<NodeJS.MemoryUsage>('memory'),
    breakdown: () => ask<MemoryBreakdown>('breakdown'),
    gc: () => ask<NodeJS.MemoryUsage>('gc'),
    stats: () => ask<ServerStats>('stats'),
    resetStats: () => ask<void>('resetStats'),
    rssMiB: () => rssMiB(child.pid),
    async stop() {
      if (exited) return;
      const forced = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await ask('stop').catch(() => child.kill('SIGTERM'));
      await exit;
      clearTimeout(forced);
    },
  };
}
