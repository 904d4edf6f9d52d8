// Child process of bench/long-lived.ts: `doppel mock`'s startMock with a large state (orders of one
// account, built through the backend: test/support/big-state.ts), its URLs sent over IPC. Steered
// over IPC between the measurements: build a large state in a namespace, write a namespace's
// snapshot to a file (the body of an import), hand over the GC pauses seen since the last ask.
import { writeFileSync } from 'node:fs';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { startMock } from '../mock/index.js';
import { buildBigState } from '../test/support/big-state.js';

export type StallServerRequest =
  | { id: number; type: 'build'; namespace: string; orders: number }
  | { id: number; type: 'save'; namespace: string; file: string }
  | { id: number; type: 'gc' }
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
  for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
    pauses.push({ atMs: performance.timeOrigin + entry.startTime, ms: entry.duration, kind: GC_KINDS[entry.detail?.kind ?? 0] ?? String(entry.detail?.kind) });
  }
}).observe({ entryTypes: ['gc'] });

const orders = Number(process.argv[2] ?? '200000');
const mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual' });
const started = performance.now();
buildBigState(mock.fake, orders, 2_000);
const buildMs = performance.now() - started;

function answer(request: StallServerRequest): unknown {
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
    case 'stop':
      void mock.close().then(() => process.exit(0));
      return null;
  }
}

process.on('message', (request: StallServerRequest) => {
  try {
    process.send?.({ id: request.id, ok: true, value: answer(request) });
  } catch (error) {
    process.send?.({ id: request.id, ok: false, error: String(error) });
  }
});
process.on('disconnect', () => void mock.close().finally(() => process.exit(0)));
process.send?.({ trading: mock.trading.url, wallet: mock.wallet.url, buildMs });
