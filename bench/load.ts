// Bounded HTTP load against one loopback URL: autocannon (always installed) and wrk (when present).
import autocannon from 'autocannon';
import { execFile, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseWrk, type LoadResult } from '../test/support/parse-wrk.js';
import { onCore } from './cpu-pinning.js';
import { percentile } from '../test/support/percentile.js';

export { parseWrk, percentile, type LoadResult };

export interface LoadTarget {
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  /** JSON text of the request body. */
  body?: string;
  /** Each request with another value of this header, from `count` values in turn (many keys). */
  distinct?: { header: string; count: number } | undefined;
}

export interface LoadSettings {
  connections: number;
  durationS: number;
  /** A discarded run before the measured one (JIT, connection setup). */
  warmupS: number;
  /** wrk runs on this core only (./cpu-pinning.ts); autocannon runs in this process, pinned by its caller. */
  cpu?: number;
  /** Requests per second over all connections (autocannon's overallRate); default as fast as answered. */
  rate?: number | undefined;
}

export const DEFAULT_LOAD: LoadSettings = { connections: 10, durationS: 5, warmupS: 1 };

/**
 * autocannon's own histogram keeps whole milliseconds, which reads 0 ms at the median on loopback;
 * its per-response `response` event carries the exact duration (hrtime, fractional ms), so the
 * percentiles here are computed from those.
 */
export async function autocannonLoad(target: LoadTarget, settings: LoadSettings = DEFAULT_LOAD): Promise<LoadResult> {
  if (settings.warmupS > 0) await runAutocannon(target, settings.connections, settings.warmupS, null, settings.rate);
  const times: number[] = [];
  const result = await runAutocannon(target, settings.connections, settings.durationS, times, settings.rate);
  times.sort((a, b) => a - b);
  return {
    generator: 'autocannon',
    rps: result.requests.total / settings.durationS,
    p50Ms: percentile(times, 0.5),
    p99Ms: percentile(times, 0.99),
    requests: result.requests.total,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

function runAutocannon(target: LoadTarget, connections: number, durationS: number, times: number[] | null, rate?: number): Promise<autocannon.Result> {
  let n = 0;
  const distinct = target.distinct;
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method ?? 'GET',
        headers: { ...(target.body !== undefined ? { 'content-type': 'application/json' } : {}), ...target.headers },
        ...(target.body !== undefined ? { body: target.body } : {}),
        ...(distinct ? { requests: [{ setupRequest: (req: { headers?: Record<string, string> }) => ({ ...req, headers: { ...req.headers, [distinct.header]: `bench-key-${n++ % distinct.count}` } }) }] } : {}),
        ...(rate ? { overallRate: rate } : {}),
        connections,
        pipelining: 1,
        duration: durationS,
        timeout: 10,
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    if (times) instance.on('response', (_client: unknown, _status: number, _bytes: number, ms: number) => void times.push(ms));
  });
}

let wrkPath: string | null | undefined;
/** The path of wrk, or null; `npm run bench` never needs it, it only cross-checks autocannon. */
export function findWrk(): string | null {
  if (wrkPath === undefined) {
    try {
      wrkPath = execFileSync('sh', ['-c', 'command -v wrk'], { encoding: 'utf8' }).trim() || null;
    } catch {
      wrkPath = null;
    }
  }
  return wrkPath;
}

/** wrk with one thread (the server under test needs the other core), same connections and duration. */
export async function wrkLoad(target: LoadTarget, settings: LoadSettings = DEFAULT_LOAD): Promise<LoadResult> {
  const wrk = findWrk();
  if (!wrk) throw new Error('wrk is not installed');
  const dir = mkdtempSync(join(tmpdir(), 'doppel-wrk-'));
  try {
    const script = join(dir, 'request.lua');
    const headers = { ...(target.body !== undefined ? { 'content-type': 'application/json' } : {}), ...target.headers };
    const lua = [
      `wrk.method = ${JSON.stringify(target.method ?? 'GET')}`,
      ...(target.body !== undefined ? [`wrk.body = ${JSON.stringify(target.body)}`] : []),
      ...Object.entries(headers).map(([k, v]) => `wrk.headers[${JSON.stringify(k)}] = ${JSON.stringify(v)}`),
    ].join('\n');
    writeFileSync(script, lua);
    const args = ['-t1', `-c${settings.connections}`, '--latency', '-s', script];
    const run = (seconds: number): Promise<string> => {
      const pinned = onCore(settings.cpu, wrk, [...args, `-d${Math.max(1, Math.round(seconds))}s`, target.url]);
      return exec(pinned.command, pinned.args);
    };
    if (settings.warmupS > 0) await run(settings.warmupS);
    const out = await run(settings.durationS);
    return parseWrk(out);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function exec(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { encoding: 'utf8', timeout: 120_000 }, (error, stdout) => (error ? reject(error) : resolve(stdout)));
  });
}
