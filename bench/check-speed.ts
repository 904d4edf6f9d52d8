// How long `doppel check` takes against a deployment with one key of each kind, at the documented
// wallet limit of 60 requests a minute per key: `doppel mock` at its default limit, every answer
// held back by a fault rule (`{"type": "delay"}`) to stand for a network round trip. Targets:
// read-only ≤ 10 s; `--allow-writes --rate-limit` ≤ 60 s; the races (`--concurrency 8` added) at most 30 s
// more than that run. Baseline in the same run: the same
// checks with no delay, so the ratio shows what the round trips cost. Each run gets a fresh mock
// (the fake's per-key windows would carry over from one run to the next).
//
//   npm run build && npx tsc -p bench/tsconfig.json && node dist/bench-build/bench/check-speed.js [runs] [delay-ms]
import { runDoppelCheck, type CheckRun } from './check-runs.js';
import { DOPPEL_BIN, freePort, startServer } from './processes.js';

type Mode = 'read-only' | 'writes' | 'races';

const TARGET_MS: Record<Mode, number> = { 'read-only': 10_000, writes: 60_000, races: 90_000 };

async function measure(mode: Mode, delayMs: number, seed: number): Promise<CheckRun & { budget: string }> {
  const [tradingPort, walletPort] = [await freePort(), await freePort()];
  const mock = await startServer({
    name: 'doppel mock',
    command: process.execPath,
    args: [DOPPEL_BIN, 'mock', '--trading-port', String(tradingPort), '--wallet-port', String(walletPort), '--log-level', 'silent'],
    probeUrl: `http://127.0.0.1:${walletPort}/api/v1/chains`,
  });
  try {
    if (delayMs > 0) {
      for (const port of [tradingPort, walletPort]) {
        const res = await fetch(`http://127.0.0.1:${port}/__doppel/faults`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ match: {}, fault: { type: 'delay', ms: delayMs } }),
        });
        if (!res.ok) throw new Error(`the delay rule was refused: ${res.status} ${await res.text()}`);
      }
    }
    const run = await runDoppelCheck([
      '--trading-url', `http://127.0.0.1:${tradingPort}`, '--trading-key', 'demo-trade-key', '--trading-read-key', 'demo-read-key', '--trading-ip-locked-key', 'demo-ip-locked-key',
      '--wallet-url', `http://127.0.0.1:${walletPort}`, '--wallet-key', 'demo-wallet-key',
      ...(mode === 'read-only' ? [] : ['--allow-writes', '--rate-limit']), ...(mode === 'races' ? ['--concurrency', '8'] : []), '--seed', String(seed), '--quiet',
    ]);
    return { ...run, budget: /wallet budget [^;]*/.exec(run.tail)?.[0] ?? 'no wallet budget line' };
  } finally {
    await mock.stop();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  const delayMs = Number(process.argv[3] ?? 25);
  const summary: Record<string, unknown> = { runs, delayMs };
  for (const mode of ['read-only', 'writes', 'races'] as const) {
    const delayed: number[] = [];
    const direct: number[] = [];
    for (let seed = 1; seed <= runs; seed++) {
      const slow = await measure(mode, delayMs, seed);
      const fast = await measure(mode, 0, seed);
      delayed.push(slow.wallMs);
      direct.push(fast.wallMs);
      console.log(
        `${mode} seed ${seed}: ${(slow.wallMs / 1000).toFixed(1)} s with ${delayMs} ms a request (exit ${slow.exitCode}, ${slow.requests} requests; ${slow.budget}); ` +
          `${(fast.wallMs / 1000).toFixed(1)} s without (exit ${fast.exitCode})`,
      );
    }
    const ms = median(delayed);
    const met = ms <= TARGET_MS[mode];
    console.log(`${mode}: median ${(ms / 1000).toFixed(1)} s with ${delayMs} ms a request (target ≤ ${TARGET_MS[mode] / 1000} s: ${met ? 'met' : 'NOT met'}), ${(median(direct) / 1000).toFixed(1)} s without, ratio ${(ms / median(direct)).toFixed(1)}`);
    summary[mode] = { medianMs: ms, directMs: median(direct), met };
  }
  const writes = summary['writes'] as { medianMs: number };
  const races = summary['races'] as { medianMs: number };
  console.log(`races: --concurrency 8 adds ${((races.medianMs - writes.medianMs) / 1000).toFixed(1)} s to the --allow-writes --rate-limit run (target ≤ 30 s: ${races.medianMs - writes.medianMs <= 30_000 ? 'met' : 'NOT met'})`);
  console.log(JSON.stringify(summary));
}

await main();
