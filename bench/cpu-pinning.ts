// CPU pinning for the throughput loads: the server on one core, the load generator on another.
//
// Why: on this 2-core machine, loopback client and server left to the scheduler share the cores
// differently from one load to the next, and the rounds' ratios to the ceiling spread with it: in
// two runs of the http section, eight rounds each, wrk read the authenticated read at 68-88 % of
// the ceiling unpinned and 76-84 % pinned (taskset, util-linux). Pinned, each side keeps a core of
// its own for the whole run, the ceiling and doppel alike; the server's own helper threads (V8's
// collector) share its core, so its whole CPU cost counts.
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';

export interface Pinning {
  /** The core the servers run on, and the one the load generators (wrk, this process) run on. */
  serverCpu: number;
  clientCpu: number;
  /** The command line that runs `command` pinned to `cpu`. */
  wrap(cpu: number, command: string, args: readonly string[]): { command: string; args: string[] };
  /** Pins every thread of a running process (this one: autocannon's loads) to `cpu`, or to every core again with 'all'. */
  pin(pid: number, cpu: number | 'all'): void;
}

let found: Pinning | null | undefined;

/** Pinning when the machine has two cores or more and taskset is installed; null otherwise (the loads run unpinned). */
export function cpuPinning(): Pinning | null {
  if (found !== undefined) return found;
  const cores = cpus().length;
  let taskset: string | null = null;
  try {
    taskset = execFileSync('sh', ['-c', 'command -v taskset'], { encoding: 'utf8' }).trim() || null;
  } catch {
    taskset = null;
  }
  if (cores < 2 || taskset === null) return (found = null);
  const bin = taskset;
  found = {
    serverCpu: 1,
    clientCpu: 0,
    wrap: (cpu, command, args) => ({ command: bin, args: ['-c', String(cpu), command, ...args] }),
    pin: (pid, cpu) => void execFileSync(bin, ['-a', '-cp', cpu === 'all' ? `0-${cores - 1}` : String(cpu), String(pid)], { stdio: 'ignore' }),
  };
  return found;
}

/** The command line that runs `command` on core `cpu`; as given when `cpu` is undefined or pinning is unavailable. */
export function onCore(cpu: number | undefined, command: string, args: readonly string[]): { command: string; args: string[] } {
  const pinning = cpu !== undefined ? cpuPinning() : null;
  return pinning !== null && cpu !== undefined ? pinning.wrap(cpu, command, args) : { command, args: [...args] };
}
