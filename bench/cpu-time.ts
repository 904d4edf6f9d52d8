// cpuTimeNs: the CPU time a process has used so far, every thread of it, in nanoseconds.
//
// Why not /proc/<pid>/stat's utime + stime: those are charged a whole 10-ms tick to whichever
// thread runs when the tick falls. Two servers sharing one core for 2 s get ~100 ticks each, and
// which of them a tick lands on spreads their CPU per request by ±7 % per round on its own.
// schedstat's first field is the scheduler's own run time, exact to the nanosecond.
import { readdirSync, readFileSync } from 'node:fs';

/** NaN where /proc/<pid>/task/<tid>/schedstat cannot be read (not Linux, or the process is gone). */
export function cpuTimeNs(pid: number | undefined): number {
  if (pid === undefined) return Number.NaN;
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch {
    return Number.NaN;
  }
  let ns = 0;
  for (const tid of threads) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // a thread that ended meanwhile: its time is gone with it (V8's helper threads live as long as the process)
    }
  }
  return ns;
}
