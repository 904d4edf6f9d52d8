// How long `doppel check --allow-writes --rate-limit` takes against `doppel mock` at its default
// wallet limit of 60 requests a minute per key (issue 12's goal: ≤ 45 s; 121 s before the wallet
// traffic was spread over keys). Baseline in the same run: the same check without --rate-limit
// against a mock whose limit never binds (--wallet-rate-limit 1000000 on both sides), so the ratio
// is what the budget and the 429 burst cost. Each run gets a fresh mock (the fake's per-key windows
// would carry over from one run to the next).
//
//   npm run build && npx tsc -p bench/tsconfig.json && node dist/bench-build/bench/check-speed.js [runs]
import { runDoppelCheck, type CheckRun } from './check-runs.js';
import { DOPPEL_BIN, freePort, startServer } from './processes.js';

async function measure(walletRateLimit: number | undefined, seed: number): Promise<CheckRun & { throttled: number }> {
  const [tradingPort, walletPort] = [await freePort(), await freePort()];
  const limit = walletRateLimit === undefined ? [] : ['--wallet-rate-limit', String(walletRateLimit)];
  const mock = await startServer({
    name: 'doppel mock',
    command: process.execPath,
    args: [DOPPEL_BIN, 'mock', '--trading-port', String(tradingPort), '--wallet-port', String(walletPort), '--log-level', 'silent', ...limit],
    probeUrl: `http://127.0.0.1:${walletPort}/api/v1/chains`,
  });
  try {
    const run = await runDoppelCheck([
      '--trading-url', `http://127.0.0.1:${tradingPort}`, '--trading-key', 'demo-trade-key', '--trading-read-key', 'demo-read-key',
      '--wallet-url', `http://127.0.0.1:${walletPort}`, '--wallet-key', 'demo-wallet-key',
      '--allow-writes', ...(walletRateLimit === undefined ? ['--rate-limit'] : []), '--seed', String(seed), '--quiet', ...limit,
    ]);
    const throttled = Number(/(\d+) throttled/.exec(run.tail)?.[1] ?? Number.NaN);
    return { ...run, throttled };
  } finally {
    await mock.stop();
  }
}

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] as number;

async function main(): Promise<void> {
  const runs = Number(process.argv[2] ?? 3);
  const rows: { seed: number; limited: CheckRun & { throttled: number }; free: CheckRun & { throttled: number } }[] = [];
  for (let seed = 1; seed <= runs; seed++) {
    const limited = await measure(undefined, seed);
    const free = await measure(1_000_000, seed);
    rows.push({ seed, limited, free });
    console.log(
      `seed ${seed}: ${(limited.wallMs / 1000).toFixed(1)} s at 60/min (exit ${limited.exitCode}, ${limited.requests} requests, ${limited.throttled} throttled); ` +
        `${(free.wallMs / 1000).toFixed(1)} s unlimited (exit ${free.exitCode}); ratio ${(limited.wallMs / free.wallMs).toFixed(2)}`,
    );
  }
  const limitedMs = median(rows.map((r) => r.limited.wallMs));
  const freeMs = median(rows.map((r) => r.free.wallMs));
  console.log(
    `median over ${runs}: ${(limitedMs / 1000).toFixed(1)} s at the default 60/min (goal ≤ 45 s), ${(freeMs / 1000).toFixed(1)} s unlimited, ratio ${(limitedMs / freeMs).toFixed(2)}; ` +
      `every run exit 0: ${rows.every((r) => r.limited.exitCode === 0 && r.free.exitCode === 0)}; throttled: ${rows.map((r) => r.limited.throttled).join(', ')}`,
  );
  console.log(JSON.stringify({ runs, limitedMs, freeMs, ratio: limitedMs / freeMs, rows: rows.map((r) => ({ seed: r.seed, limitedMs: r.limited.wallMs, freeMs: r.free.wallMs, throttled: r.limited.throttled, requests: r.limited.requests })) }));
}

await main();
