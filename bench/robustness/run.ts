// `npm run bench:robustness`: the long versions of test/robustness. A concurrent load on
// shared accounts with faulty clients alongside, checked for every invariant afterwards; then a
// long fuzz of every operation. The load's server runs in a child process of its own
// (bench/fake-child.ts), the clients here, so its latency and RSS figures are the server's. Prints the figures as markdown and writes
// bench/robustness/RESULTS.md. Options: --seconds=N (load, default 60), --clients=N (64),
// --fuzz=N (cases, default 20000), --seed=N, --no-write.
import { writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { cpus } from 'node:os';
import fc from 'fast-check';
import { startMock } from '../../mock/index.js';
import { checkInvariants } from '../../test/support/robustness/check-invariants.js';
import { FUZZ_OPERATIONS, fuzzCaseArb, oversizeCase } from '../../test/support/robustness/fuzz-cases.js';
import { newTally, runFuzzCase } from '../../test/support/robustness/fuzz-runner.js';
import { createCheckedClient } from '../../test/support/robustness/http-client.js';
import { prepareLoad, runLoad, settleAfterLoad, type LoadOptions } from '../../test/support/robustness/load-driver.js';
import { rawExchange } from '../../test/support/robustness/raw-http.js';
import { startFakeProcess } from '../fake-process.js';

function option(name: string, fallback: number): number {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : Number(arg.slice(name.length + 3));
}
const log = (line: string): void => void process.stderr.write(`${line}\n`);

interface FaultTally {
  [kind: string]: { tried: number; asExpected: number };
}

/** Faulty clients next to the load, until `until`: each kind checks what the server did. */
async function faults(port: number, until: number): Promise<FaultTally> {
  const tally: FaultTally = {};
  const mark = (kind: string, ok: boolean): void => {
    const t = (tally[kind] ??= { tried: 0, asExpected: 0 });
    t.tried++;
    if (ok) t.asExpected++;
  };
  const kinds = [
    async () => {
      // Upload cut off halfway: the server must simply drop it.
      await new Promise<void>((resolve) => {
        const s = connect(port, '127.0.0.1', () => {
          s.write('POST /api/v1/spot/order HTTP/1.1\r\nHost: localhost\r\nAPI-KEY: demo-trade-key\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"market":');
          setTimeout(() => s.destroy(), 20);
        });
        s.on('error', () => {});
        s.on('close', () => resolve());
      });
      mark('upload aborted halfway', true);
    },
    async () => {
      const answer = await rawExchange(port, { ...oversizeCase(FUZZ_OPERATIONS.find((o) => o.name === 'placeSpotOrder')!), headers: [['API-KEY', 'demo-trade-key'], ['Content-Type', 'application/json']] });
      mark('body over 1 MiB (→ 413)', answer.status === 413 && answer.text.includes('payload_too_large'));
    },
    async () => {
      const answer = await rawExchange(port, { method: 'GET', target: '/api/v1/prices', headers: [['X-Bad\u0001', 'x']] });
      mark('malformed HTTP (→ 400 envelope)', answer.status === 400 && answer.text.includes('malformed_request'));
    },
    async () => {
      const answer = await rawExchange(port, { method: 'GET', target: '/api/v1/prices', headers: [['X-Huge', 'h'.repeat(20_000)]] });
      mark('headers over 16 KiB (→ 431 envelope)', answer.status === 431 && answer.text.includes('headers_too_large'));
    },
    async () => {
      // Slowloris: headers a byte at a time; the server must cut it within its headers timeout.
      const started = Date.now();
      const answer = await new Promise<string>((resolve) => {
        let out = '';
        const s = connect(port, '127.0.0.1', () => s.write('GET /api/v1/prices HTTP/1.1\r\nHost: localhost\r\n'));
        const timer = setInterval(() => !s.destroyed && s.write('X'), 200);
        s.on('data', (d: Buffer) => (out += d.toString()));
        s.on('error', () => {});
        s.on('close', () => {
          clearInterval(timer);
          resolve(out);
        });
      });
      mark('slowloris headers (→ 408 within 4 s; headers timeout 2 s)', answer.startsWith('HTTP/1.1 408') && Date.now() - started < 4000);
    },
    async () => {
      await new Promise<void>((resolve) => {
        const s = connect(port, '127.0.0.1', () => s.destroy());
        s.on('error', () => {});
        s.on('close', () => resolve());
      });
      mark('connect and hang up', true);
    },
  ];
  let i = 0;
  const worker = async (): Promise<void> => {
    while (Date.now() < until) await (kinds[i++ % kinds.length] as () => Promise<void>)();
  };
  await Promise.all([worker(), worker(), worker(), worker()]);
  return tally;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

async function main(): Promise<void> {
  const seconds = option('seconds', 60);
  const load: LoadOptions = { clients: option('clients', 64), durationMs: seconds * 1000, seed: option('seed', 1), accounts: 8, walletUsers: 8 };
  const fuzzCases = option('fuzz', 20_000);
  const lines: string[] = [];
  const out = (line = ''): void => void lines.push(line);

  // 1. Load with faulty clients alongside.
  log(`load: ${load.clients} clients for ${seconds} s on ${load.accounts} trading keys and ${load.walletUsers} wallet users, with faulty clients`);
  const server = await startFakeProcess({ walletRateLimit: 1_000_000_000, headersTimeoutMs: 2000, requestTimeoutMs: 5000 });
  const http = createCheckedClient({ tradingUrl: server.trading.url, walletUrl: server.wallet.url, connections: load.clients });
  const world = await prepareLoad(http, load);
  const before = await server.audit();
  const rssBefore = server.rssMiB();
  const [record, faultTally] = await Promise.all([runLoad(http, world, load), faults(server.trading.port, Date.now() + seconds * 1000)]);
  await settleAfterLoad(http);
  const after = await server.audit();
  const report = checkInvariants(world, record, before, after);
  const rssAfter = server.rssMiB();
  await http.close();
  await server.stop();
  const sorted = [...http.latenciesMs].sort((a, b) => a - b);
  const acked = (op: string): number => record.statuses.get(op)?.get(200) ?? 0;
  const statusTotals = new Map<number, number>();
  for (const byStatus of record.statuses.values()) for (const [s, n] of byStatus) statusTotals.set(s, (statusTotals.get(s) ?? 0) + n);

  out(`# Robustness run`);
  out();
  out(`${new Date().toISOString().slice(0, 10)}, Node ${process.version}, ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}; the load's server in a child process of its own, its clients in the bench process (\`npm run bench:robustness\`).`);
  out();
  out(`## Load held`);
  out();
  out(`| figure | value |`);
  out(`|---|---|`);
  out(`| clients, shared accounts | ${load.clients} clients on ${load.accounts} trading keys and ${load.walletUsers} wallet users (${load.clients / load.accounts} clients per key) |`);
  out(`| duration | ${(record.elapsedMs / 1000).toFixed(1)} s |`);
  out(`| requests | ${http.requests} (${Math.round(http.requests / (record.elapsedMs / 1000))}/s) |`);
  out(`| latency p50 / p99 / max | ${percentile(sorted, 50).toFixed(1)} / ${percentile(sorted, 99).toFixed(1)} / ${(sorted.at(-1) ?? 0).toFixed(1)} ms |`);
  out(`| answers by status | ${[...statusTotals].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ')} |`);
  out(`| 5xx, answers off the documents, requests without an answer | ${http.problemCount} |`);
  out(`| acknowledged orders (spot, margin, futures, binary) | ${record.orders.size} (${acked('placeSpotOrder')}, ${acked('placeMarginOrder')}, ${acked('placeFuturesOrder')}, ${acked('placeBinaryOrder')}) |`);
  out(`| acknowledged cancels, copy starts, copy stops | ${acked('cancelSpotOrder')}, ${acked('startCopy')}, ${acked('stopCopy')} |`);
  out(`| acknowledged sends (failed by admin), deposits, new wallets | ${record.sends.size} (${record.failed.size}), ${record.deposits.length}, ${record.createdWallets.length} |`);
  out(`| admin clock moves, price pins | ${record.clockMoves}, ${record.priceSets} |`);
  out(`| server RSS before → after | ${rssBefore.toFixed(0)} → ${rssAfter.toFixed(0)} MiB |`);
  out();
  out(`## Nothing lost`);
  out();
  out(`| check | result |`);
  out(`|---|---|`);
  out(`| orders acknowledged and found as acknowledged | ${report.figures.ordersChecked} |`);
  out(`| trading accounts × currencies conserved to 1e-8 (and locked = what open orders and copies hold) | ${report.figures.tradingCurrenciesConserved} |`);
  out(`| transactions acknowledged and found in their wallets' histories | ${report.figures.transactionsChecked} |`);
  out(`| wallets whose every asset matches the acknowledged operations | ${report.figures.walletsChecked} |`);
  out(`| wallet assets with balances + pending + exported = deposited | ${report.figures.walletAssetsConserved} |`);
  out(`| invariant violations | ${report.violations.length} |`);
  out();
  out(`## Faults tried during the load`);
  out();
  out(`| fault | tried | handled as expected |`);
  out(`|---|---|---|`);
  for (const [kind, t] of Object.entries(faultTally)) out(`| ${kind} | ${t.tried} | ${t.asExpected} |`);
  log(`  ${http.requests} requests, ${report.violations.length} violations, ${http.problemCount} problems`);

  // 2. Long fuzz.
  log(`fuzz: ${fuzzCases} cases over ${FUZZ_OPERATIONS.length} operations`);
  const fuzzMock = await startMock({ tradingPort: 0, walletPort: 0, clock: 'manual', quiet: true, walletRateLimit: 1_000_000_000 });
  const tally = newTally();
  const fuzzStarted = performance.now();
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...FUZZ_OPERATIONS).chain((op) => fuzzCaseArb(op)), async (c) => {
      await runFuzzCase(fuzzMock, c, tally);
    }),
    { numRuns: fuzzCases, seed: load.seed },
  );
  for (const op of FUZZ_OPERATIONS) if (op.method !== 'GET') await runFuzzCase(fuzzMock, oversizeCase(op), tally);
  await fuzzMock.close();
  out();
  out(`## Inputs fuzzed`);
  out();
  out(`${tally.cases} cases over the ${FUZZ_OPERATIONS.length} operations of both interfaces (admin included) in ${((performance.now() - fuzzStarted) / 1000).toFixed(1)} s; ` +
    `${tally.accepted} accepted as valid, the rest refused; problems (5xx, off-envelope, no answer, a refused request that changed state, an accepted must-refuse, a crash, prototype pollution): ${tally.problems.length}.`);
  out();
  out(`| damage | cases |`);
  out(`|---|---|`);
  for (const [kind, n] of [...tally.byKind].sort()) out(`| ${kind} | ${n} |`);
  out();
  out(`Answers by status: ${[...tally.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`).join(', ')}.`);
  const problems = [...http.problems, ...report.violations, ...tally.problems];
  if (problems.length > 0) {
    out();
    out(`## Problems`);
    out();
    for (const p of problems.slice(0, 50)) out(`- ${p}`);
  }
  const markdown = lines.join('\n');
  process.stdout.write(`${markdown}\n`);
  if (!process.argv.includes('--no-write')) {
    writeFileSync(new URL('../../../bench/robustness/RESULTS.md', import.meta.url), `${markdown}\n`);
    log('wrote bench/robustness/RESULTS.md');
  }
  if (problems.length > 0) process.exitCode = 1;
}

await main();
