// Sizing a fleet of `doppel mock` processes behind nginx (docs/guides/operating.md, "Sharing one
// stub across a CI fleet"): what one process serves and what a namespace costs it.
// Runnable alone, after `tsc -p bench/tsconfig.json`: `node dist/bench-build/bench/sizing.js`
// (`--quick`: short loads, one round); prints the markdown section on stderr and one JSON line
// (SizingResult) on stdout; `npm run bench` runs it as its `sizing` section.
// - Requests per second of one process (the CLI, as the fleet runs it: `--trust-proxy 127.0.0.1`,
//   every request with X-Forwarded-For and X-Doppel-Namespace as nginx sends them): an
//   authenticated read and a spot market order, autocannon 10 connections, rounds alternating.
// - Memory per namespace: one process (startMock in a child with --expose-gc) with 1, 100 and
//   1,000 namespaces besides the default one, each created with the demo data by a read of each interface, RSS
//   and heap after a forced GC.
import { pathToFileURL } from 'node:url';
import { startFakeProcess } from './fake-process.js';
import { benchKey, spotOrderBody } from './http-section.js';
import { autocannonLoad, type LoadSettings, type LoadTarget } from './load.js';
import { DOPPEL_BIN, freePort, startServer } from './processes.js';
import { median } from '../test/support/percentile.js';

export interface SizingResult {
  load: LoadSettings & { rounds: number };
  throughput: { operation: string; rps: number[]; best: number; median: number; p99Ms: number; failures: number }[];
  memory: { namespaces: number; rssMiB: number; heapUsedMiB: number; externalMiB: number }[];
  /** (figure at the most namespaces − figure with the default one only) / namespaces. */
  perNamespaceKiB: { heap: number; rss: number };
  gcExposed: boolean;
  loadAverage: number[];
}

const MiB = 1_048_576;

/** What nginx adds to every request (deploy/nginx/doppel.conf), in one namespace. */
const AS_BEHIND_NGINX = { 'X-Forwarded-For': '127.0.0.1', 'X-Doppel-Namespace': 'ci-job-1' };

async function throughput(quick: boolean, log: (line: string) => void): Promise<Pick<SizingResult, 'load' | 'throughput'>> {
  const load: LoadSettings = quick ? { connections: 10, durationS: 2, warmupS: 0.5 } : { connections: 10, durationS: 5, warmupS: 1 };
  const rounds = quick ? 1 : 3;
  const [tradingPort, walletPort] = [await freePort(), await freePort()];
  const server = await startServer({
    name: 'doppel mock',
    command: process.execPath,
    args: [DOPPEL_BIN, 'mock', '--trading-port', String(tradingPort), '--wallet-port', String(walletPort), '--log-level', 'error', '--trust-proxy', '127.0.0.1'],
    probeUrl: `http://127.0.0.1:${tradingPort}/api/v1/prices`,
  });
  try {
    const base = server.baseUrl;
    // The write load's own key, funded beyond what the run can spend, and the market's minimum order.
    const writer = await benchKey(base, { 'X-Doppel-Namespace': AS_BEHIND_NGINX['X-Doppel-Namespace'] });
    const order = await spotOrderBody(base);
    const targets: [string, LoadTarget][] = [
      ['GET /api/v1/account/balances (auth read)', { url: `${base}/api/v1/account/balances`, headers: { 'API-KEY': 'demo-trade-key', ...AS_BEHIND_NGINX } }],
      ['POST /api/v1/spot/order (write)', { url: `${base}/api/v1/spot/order`, method: 'POST', headers: { 'API-KEY': writer, ...AS_BEHIND_NGINX }, body: order }],
    ];
    const results = targets.map(([operation]) => ({ operation, rps: [] as number[], p99: [] as number[], failures: 0 }));
    for (let round = 0; round < rounds; round++) {
      // Alternate the order: a drift of the shared machine's load favours neither.
      const order = round % 2 === 0 ? [0, 1] : [1, 0];
      for (const i of order) {
        const [operation, target] = targets[i] as [string, LoadTarget];
        const r = await autocannonLoad(target, load);
        const row = results[i]!;
        row.rps.push(Math.round(r.rps));
        row.p99.push(r.p99Ms);
        row.failures += r.failures;
        log(`  ${operation}: ${Math.round(r.rps)} req/s, p99 ${r.p99Ms.toFixed(2)} ms, ${r.failures} failed`);
      }
    }
    return {
      load: { ...load, rounds },
      throughput: results.map((r) => ({ operation: r.operation, rps: r.rps, best: Math.max(...r.rps), median: median(r.rps), p99Ms: median(r.p99), failures: r.failures })),
    };
  } finally {
    await server.stop();
  }
}

async function memory(log: (line: string) => void): Promise<Pick<SizingResult, 'memory' | 'perNamespaceKiB' | 'gcExposed'>> {
  const steps = [0, 1, 100, 1000];
  const fake = await startFakeProcess({ tradingPort: 0, walletPort: 0, quiet: true, maxNamespaces: 1001 });
  try {
    const rows: SizingResult['memory'] = [];
    let gcExposed = false;
    let created = 0;
    for (const target of steps) {
      for (; created < target; created++) {
        // One request creates the namespace (its clock, price book and trading demo data); a read
        // of the wallet makes the wallet's demo data, which waits for its first call.
        const namespace = `ci-job-${created + 1}`;
        for (const [url, headers] of [
          [`${fake.trading.url}/api/v1/account/balances`, { 'API-KEY': 'demo-trade-key', 'X-Doppel-Namespace': namespace }],
          [`${fake.wallet.url}/api/v1/wallets`, { 'X-API-Key': 'demo-wallet-key', 'X-Doppel-Namespace': namespace }],
        ] as const) {
          const res = await fetch(url, { headers });
          if (res.status !== 200) throw new Error(`namespace ${namespace}: ${res.status} ${await res.text()}`);
          await res.arrayBuffer();
        }
      }
      const usage = await fake.gc();
      gcExposed = (usage as NodeJS.MemoryUsage & { gcExposed?: boolean }).gcExposed === true;
      rows.push({ namespaces: target, rssMiB: fake.rssMiB(), heapUsedMiB: usage.heapUsed / MiB, externalMiB: usage.external / MiB });
      log(`  ${target} namespaces besides the default one: RSS ${fake.rssMiB().toFixed(1)} MiB, heap used ${(usage.heapUsed / MiB).toFixed(1)} MiB`);
    }
    const first = rows[0]!;
    const last = rows[rows.length - 1]!;
    const per = (a: number, b: number): number => Math.round(((b - a) * 1024) / last.namespaces);
    return { memory: rows, perNamespaceKiB: { heap: per(first.heapUsedMiB, last.heapUsedMiB), rss: per(first.rssMiB, last.rssMiB) }, gcExposed };
  } finally {
    await fake.stop();
  }
}

export async function runSizing(quick: boolean, log: (line: string) => void): Promise<SizingResult> {
  const loadAverage = (await import('node:os')).loadavg().map((n) => Number(n.toFixed(2)));
  log('sizing: one doppel mock process under load, then memory per namespace');
  const t = await throughput(quick, log);
  const m = await memory(log);
  return { ...t, ...m, loadAverage };
}

const n0 = (n: number): string => Math.round(n).toLocaleString('en-US');

/** The markdown section (bench/RESULTS.md and the standalone run). */
export function renderSizing(r: SizingResult): string {
  const read = r.throughput[0];
  const write = r.throughput[1];
  return [
    '## Sizing a fleet (one process, memory per namespace)',
    '',
    `\`bench/sizing.ts\` (alone: \`node dist/bench-build/bench/sizing.js\`). One \`doppel mock --log-level error --trust-proxy 127.0.0.1\` process, each request carrying X-Forwarded-For and X-Doppel-Namespace as nginx sends them; autocannon ${r.load.connections} connections, ${r.load.warmupS} s warm-up + ${r.load.durationS} s, ${r.load.rounds} rounds alternating; load average at the start ${r.loadAverage.join(' / ')}.`,
    '',
    '| operation | req/s per process (median) | best round | rounds | p99 ms | failed |',
    '|---|---|---|---|---|---|',
    ...r.throughput.map((t) => `| ${t.operation} | ${n0(t.median)} | ${n0(t.best)} | ${t.rps.map(n0).join(' / ')} | ${t.p99Ms.toFixed(2)} | ${t.failures} |`),
    '',
    `Memory of one process (startMock in a child, forced GC${r.gcExposed ? '' : ' NOT available: figures without GC'}) with namespaces created by a read of each interface (demo data of both):`,
    '',
    '| namespaces besides the default | RSS MiB | heap used MiB | external MiB |',
    '|---|---|---|---|',
    ...r.memory.map((m) => `| ${n0(m.namespaces)} | ${m.rssMiB.toFixed(1)} | ${m.heapUsedMiB.toFixed(1)} | ${m.externalMiB.toFixed(1)} |`),
    '',
    `Per namespace: ${r.perNamespaceKiB.heap} KiB of heap, ${r.perNamespaceKiB.rss} KiB of RSS.` +
      (read && write ? ` A process serves about ${n0(read.median)} authenticated reads or ${n0(write.median)} spot orders a second on one core.` : ''),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const result = await runSizing(process.argv.includes('--quick'), log);
  log('');
  log(renderSizing(result));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
