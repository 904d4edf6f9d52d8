// parseWrk: the figures of one `wrk --latency` run, read from its text output (bench/load.ts).

export interface LoadResult {
  generator: 'autocannon' | 'wrk';
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers outside 2xx plus socket errors and timeouts: a load figure is only valid at 0. */
  failures: number;
}

export function parseWrk(out: string): LoadResult {
  const rps = Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1]);
  const requests = Number(/(\d+) requests in/.exec(out)?.[1]);
  const non2xx = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0;
  return {
    generator: 'wrk',
    rps,
    p50Ms: wrkDuration(/^\s+50%\s+(\S+)/m.exec(out)?.[1]),
    p99Ms: wrkDuration(/^\s+99%\s+(\S+)/m.exec(out)?.[1]),
    requests,
    failures: non2xx + errors,
  };
}

function wrkDuration(text: string | undefined): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text ?? '');
  if (!match) return Number.NaN;
  const scale = { us: 1e-3, ms: 1, s: 1e3, m: 6e4 }[match[2] as 'us' | 'ms' | 's' | 'm'];
  return Number(match[1]) * scale;
}
