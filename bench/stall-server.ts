// Child process of bench/long-lived.ts: `doppel mock`'s startMock with a large state (orders of one
// account, built through the backend: test/support/big-state.ts), its URLs sent over IPC. Steered
// over IPC between the measurements: build a large state in a namespace, write a namespace's
// snapshot to a file (the body of an import), hand over the GC pauses seen since the last ask.
import { writeFileSync } from 'node:fs';
import { Session, type Profiler } from 'node:inspector';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { startMock } from '../mock/index.js';
import { buildBigState } from '../test/support/big-state.js';

export type StallServerRequest =
  | { id: number; type: 'build'; namespace: string; orders: number }
  | { id: number; type: 'save'; namespace: string; file: string }
  | { id: number; type: 'gc' }
  | { id: number; type: 'profile-start' }
  | { id: number; type: 'profile-stop'; windows: { fromMs: number; toMs: number }[] }
  | { id: number; type: 'stop' };

/** A GC pause: when it started (ms since the epoch, to line up with the clients' clock), how long, what kind. */
export interface GcPause {
  atMs: number;
  ms: number;
  kind: string;
}

// The GC kinds of node's perf_hooks constants (NODE_PERFORMANCE_GC_*).
const GC_KINDS: Record<number, string> = { 1: 'scavenge', 2: 'mark-compact', 4: 'incremental marking', 8: 'weak callbacks' };
let pauses: GcPause[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number; flags?: number } })[]) {
    // Flag 4 (NODE_PERFORMANCE_GC_FLAGS_FORCED): a collection asked for (gc()), not one V8 chose.
    const forced = ((entry.detail?.flags ?? 0) & 4) !== 0 ? ', forced' : '';
    pauses.push({ atMs: performance.timeOrigin + entry.startTime, ms: entry.duration, kind: `${GC_KINDS[entry.detail?.kind ?? 0] ?? String(entry.detail?.kind)}${forced}` });
  }
}).observe({ entryTypes: ['gc'] });

const orders = Number(process.argv[2] ?? '200000');
const mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
const started = performance.now();
buildBigState(mock.fake, orders, 2_000);
const buildMs = performance.now() - started;

// A CPU profile over each measurement; what the server ran during a client's longest wait (a
// window in ms since the epoch) is read from the samples in it. The profiler's clock is the
// monotonic one of process.hrtime; performance.now() counts from timeOrigin on the same clock.
const session = new Session();
session.connect();
const post = <T>(method: string, params?: object): Promise<T> =>
  new Promise((resolve, reject) => session.post(method, params ?? {}, (error, result) => (error ? reject(error) : resolve(result as T))));
const hrOriginMs = Number(process.hrtime.bigint()) / 1e6 - performance.now();

/** Self time per function (name file:line) of the samples between fromMs and toMs, the top eight. */
function topFrames(profile: Profiler.Profile, fromMs: number, toMs: number): { ms: number; frame: string }[] {
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let at = profile.startTime;
  const deltas = profile.timeDeltas ?? [];
  (profile.samples ?? []).forEach((id, i) => {
    at += deltas[i] ?? 0;
    const next = at + (deltas[i + 1] ?? 0);
    const epochMs = performance.timeOrigin + (at / 1000 - hrOriginMs);
    if (epochMs < fromMs || epochMs > toMs) return;
    const frame = nodes.get(id)!.callFrame;
    const name = `${frame.functionName || '(anonymous)'}${frame.url ? ` ${frame.url.split('/').slice(-2).join('/')}:${frame.lineNumber + 1}` : ''}`;
    self.set(name, (self.get(name) ?? 0) + (next - at) / 1000);
  });
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 8).map(([frame, ms]) => ({ ms, frame }));
}

async function answer(request: StallServerRequest): Promise<unknown> {
  switch (request.type) {
    case 'build': {
      const t = performance.now();
      buildBigState(mock.fake.namespace(request.namespace), request.orders);
      return { ms: performance.now() - t };
    }
    case 'save': {
      const text = [...mock.fake.namespace(request.namespace).exportChunks()].join('');
      writeFileSync(request.file, text);
      return { bytes: Buffer.byteLength(text) };
    }
    case 'gc': {
      const seen = pauses;
      pauses = [];
      return seen;
    }
    case 'profile-start':
      await post('Profiler.enable');
      await post('Profiler.setSamplingInterval', { interval: 1_000 });
      await post('Profiler.start');
      return null;
    case 'profile-stop': {
      const { profile } = await post<{ profile: Profiler.Profile }>('Profiler.stop');
      return request.windows.map((w) => topFrames(profile, w.fromMs, w.toMs));
    }
    case 'stop':
      void mock.close().then(() => process.exit(0));
      return null;
  }
}

process.on('message', (request: StallServerRequest) => {
  answer(request).then(
    (value) => process.send?.({ id: request.id, ok: true, value }),
    (error: unknown) => process.send?.({ id: request.id, ok: false, error: String(error) }),
  );
});
process.on('disconnect', () => void mock.close().finally(() => process.exit(0)));
process.send?.({ trading: mock.trading.url, wallet: mock.wallet.url, buildMs });
