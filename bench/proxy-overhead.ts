// What `doppel proxy` costs a client (docs/guides/checking-a-deployment.md, "Checking real traffic"):
// the latency it adds to one request and the share of the target's throughput that passes through
// it, with every exchange checked. Runnable alone, after `tsc -p bench/tsconfig.json`:
// `node dist/bench-build/bench/proxy-overhead.js` (`--quick`: short loads, one round); prints the
// markdown section on stderr and one JSON line (ProxyOverheadResult) on stdout; `npm run bench`
// runs it as its `doppel-proxy` section.
// - The target: a node:http server answering a constant 1 kB body, a real getMarkets answer of
//   doppel's fake (so that the checks judge what they judge in production: schema, envelope,
//   decimals), on GET /api/v1/markets.
// - The proxy: the CLI, as a user runs it, in front of it: once checking every exchange, once with
//   --max-check-bytes 0 (forwarding only: every answer over the cap), which splits the cost of
//   forwarding from the cost of judging.
// - Added latency: one connection, requests one after another, direct and through the proxy in
//   alternating rounds; the difference of the medians.
// - Throughput: wrk -t1 -c32 (autocannon with 32 connections where wrk is missing), direct and
//   through the proxy in alternating rounds; each keeps its best round.
// - The anchor: nginx proxy_pass (bench/nginx-anchor.ts) in front of the same target in the same
//   rounds, when nginx is installed: the goals are ratios of its requests per second.
import { loadavg } from 'node:os';
import { pathToFileURL } from 'node:url';
import { Pool } from 'undici';
import { autocannonLoad, findWrk, wrkLoad, type LoadResult, type LoadSettings } from './load.js';
import { DOPPEL_BIN, freePort, startServer, type Server } from './processes.js';
import { findNginx, startNginxProxy } from './nginx-anchor.js';

export interface ProxyOverheadRow {
  /** What the proxy stands in front of. */
  target: string;
  bodyBytes: number;
  latency: { requests: number; rounds: number; directP50Ms: number; proxiedP50Ms: number; forwardOnlyP50Ms: number; addedP50Ms: number; addedForwardOnlyP50Ms: number };
  throughput: { generator: string; load: LoadSettings; rounds: number; directRps: number; proxiedRps: number; forwardOnlyRps: number; ratio: number; forwardOnlyRatio: number; failures: number };
  /** The proxy's own report: exchanges judged and violations (valid answers: 0 expected). */
  judged: { exchanges: number; violations: number };
  /** nginx proxy_pass in front of the same target, measured in the same rounds (absent without nginx). */
  nginx?: { p50Ms: number; addedP50Ms: number; rps: number; proxiedRatio: number; forwardOnlyRatio: number } | undefined;
}

export interface ProxyOverheadResult {
  /** First the 1 kB node:http target (the goals are its), then doppel's fake on the same operation. */
  rows: ProxyOverheadRow[];
  loadAverage: number[];
}

const MARKETS = '/api/v1/markets';
const ONE_KB = 1024;

/** A getMarkets answer of doppel's fake cut to about 1 kB (whole markets, still valid). */
async function oneKilobyteAnswer(): Promise<string> {
  const [tradingPort, walletPort] = [await freePort(), await freePort()];
  const mock = await startServer({ name: 'doppel mock', command: process.execPath, args: [DOPPEL_BIN, 'mock', '--trading-port', String(tradingPort), '--wallet-port', String(walletPort), '--log-level', 'error'], probeUrl: `http://127.0.0.1:${tradingPort}${MARKETS}` });
  try {
    const body = (await (await fetch(`${mock.baseUrl}${MARKETS}`)).json()) as { success: true; data: unknown[] };
    let n = 1;
    while (n < body.data.length && JSON.stringify({ ...body, data: body.data.slice(0, n + 1) }).length <= ONE_KB) n++;
    return JSON.stringify({ ...body, data: body.data.slice(0, n) });
  } finally {
    await mock.stop();
  }
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] as number;
};

/** Medians of `n` sequential requests on one kept-alive connection. */
async function sequentialP50(base: string, n: number): Promise<number> {
  const pool = new Pool(base, { connections: 1 });
  try {
    const times: number[] = [];
    for (let i = 0; i < n + 50; i++) {
      const t0 = performance.now();
      const res = await pool.request({ path: MARKETS, method: 'GET' });
      await res.body.arrayBuffer();
      if (i >= 50) times.push(performance.now() - t0); // the first 50 warm up
    }
    return median(times);
  } finally {
    await pool.close();
  }
}

async function startProxy(target: string, extra: string[]): Promise<Server> {
  const port = await freePort();
  return startServer({ name: 'doppel proxy', command: process.execPath, args: [DOPPEL_BIN, 'proxy', '--trading-target', target, '--trading-port', String(port), ...extra], probeUrl: `http://127.0.0.1:${port}/__doppel/violations` });
}

/** The three configurations against one target, in alternating rounds. */
async function measure(name: string, target: Server, quick: boolean, log: (line: string) => void): Promise<ProxyOverheadRow> {
  const checking = await startProxy(target.baseUrl, []);
  const forwarding = await startProxy(target.baseUrl, ['--max-check-bytes', '0']);
  const nginxBin = findNginx();
  const nginx = nginxBin ? await startNginxProxy(nginxBin, target.baseUrl) : undefined;
  if (!nginx) log(`  ${name}: no nginx found: no anchor row (CI has one: apt-get install nginx-light)`);
  const rounds = quick ? 1 : 3;
  const requests = quick ? 500 : 3_000;
  const load: LoadSettings = quick ? { connections: 32, durationS: 2, warmupS: 0.5 } : { connections: 32, durationS: 5, warmupS: 1 };
  const wrk = findWrk() !== null;
  try {
    const bodyBytes = (await (await fetch(`${target.baseUrl}${MARKETS}`)).arrayBuffer()).byteLength;
    const lat = { direct: [] as number[], proxied: [] as number[], forward: [] as number[], nginx: [] as number[] };
    for (let round = 0; round < rounds; round++) {
      lat.direct.push(await sequentialP50(target.baseUrl, requests));
      lat.proxied.push(await sequentialP50(checking.baseUrl, requests));
      lat.forward.push(await sequentialP50(forwarding.baseUrl, requests));
      if (nginx) lat.nginx.push(await sequentialP50(nginx.baseUrl, requests));
      log(`  ${name}: latency round ${round + 1}: p50 direct ${lat.direct.at(-1)?.toFixed(3)} ms, through the proxy ${lat.proxied.at(-1)?.toFixed(3)} ms (forwarding only ${lat.forward.at(-1)?.toFixed(3)} ms)`);
    }
    const run = (base: string): Promise<LoadResult> => (wrk ? wrkLoad({ url: `${base}${MARKETS}` }, load) : autocannonLoad({ url: `${base}${MARKETS}` }, load));
    const best = { direct: 0, proxied: 0, forward: 0, nginx: 0 };
    let failures = 0;
    for (let round = 0; round < rounds; round++) {
      const bases = [['direct', target.baseUrl], ['proxied', checking.baseUrl], ['forward', forwarding.baseUrl], ...(nginx ? [['nginx', nginx.baseUrl] as const] : [])] as const;
      for (const [key, base] of bases) {
        const r = await run(base);
        failures += r.failures;
        best[key] = Math.max(best[key], r.rps);
      }
      log(`  ${name}: throughput round ${round + 1} (best so far): direct ${best.direct.toFixed(0)} req/s, through the proxy ${best.proxied.toFixed(0)} (forwarding only ${best.forward.toFixed(0)})${nginx ? `, through nginx ${best.nginx.toFixed(0)}` : ''}`);
    }
    const seen = (await (await fetch(`${checking.baseUrl}/__doppel/violations`)).json()) as { exchanges: number; violations: number };
    const [d, p, f] = [median(lat.direct), median(lat.proxied), median(lat.forward)];
    return {
      target: name,
      bodyBytes,
      latency: { requests, rounds, directP50Ms: d, proxiedP50Ms: p, forwardOnlyP50Ms: f, addedP50Ms: p - d, addedForwardOnlyP50Ms: f - d },
      throughput: { generator: wrk ? 'wrk -t1' : 'autocannon', load, rounds, directRps: best.direct, proxiedRps: best.proxied, forwardOnlyRps: best.forward, ratio: best.proxied / best.direct, forwardOnlyRatio: best.forward / best.direct, failures },
      judged: { exchanges: seen.exchanges, violations: seen.violations },
      ...(nginx ? { nginx: { p50Ms: median(lat.nginx), addedP50Ms: median(lat.nginx) - d, rps: best.nginx, proxiedRatio: best.proxied / best.nginx, forwardOnlyRatio: best.forward / best.nginx } } : {}),
    };
  } finally {
    await nginx?.stop();
    await forwarding.stop();
    await checking.stop();
  }
}

export async function runProxyOverhead(quick: boolean, log: (line: string) => void): Promise<ProxyOverheadResult> {
  const body = await oneKilobyteAnswer();
  const rows: ProxyOverheadRow[] = [];
  const port = await freePort();
  const ceiling = await startServer({ name: 'node:http target', command: process.execPath, args: [new URL('./ceiling-server.js', import.meta.url).pathname], env: { CEILING_BODY: body, PORT: String(port) }, probeUrl: `http://127.0.0.1:${port}${MARKETS}` });
  try {
    rows.push(await measure('node:http answering 1 kB', ceiling, quick, log));
  } finally {
    await ceiling.stop();
  }
  const [tradingPort, walletPort] = [await freePort(), await freePort()];
  const mock = await startServer({ name: 'doppel mock', command: process.execPath, args: [DOPPEL_BIN, 'mock', '--trading-port', String(tradingPort), '--wallet-port', String(walletPort), '--log-level', 'error'], probeUrl: `http://127.0.0.1:${tradingPort}${MARKETS}` });
  try {
    rows.push(await measure('doppel mock', mock, quick, log));
  } finally {
    await mock.stop();
  }
  return { rows, loadAverage: loadavg().map((x) => Number(x.toFixed(2))) };
}

const f3 = (n: number): string => n.toFixed(3);
const n0 = (n: number): string => Math.round(n).toLocaleString('en-US');

/** The goals of the section, judged on the 1 kB node:http target. */
export function proxyTargets(r: ProxyOverheadResult): { name: string; goal: string; value: string; met: boolean }[] {
  const row = r.rows[0];
  if (!row) return [];
  return [
    { name: `doppel proxy: added latency, p50, ${row.bodyBytes}-byte answer, checks on`, goal: '≤ 1 ms', value: `${f3(row.latency.addedP50Ms)} ms`, met: row.latency.addedP50Ms <= 1 },
    { name: `doppel proxy: throughput vs direct, ${row.throughput.generator} -c${row.throughput.load.connections}, checks on`, goal: '≥ 50%', value: `${(row.throughput.ratio * 100).toFixed(0)}% (forwarding only ${(row.throughput.forwardOnlyRatio * 100).toFixed(0)}%)`, met: row.throughput.ratio >= 0.5 },
    ...(row.nginx
      ? [
          { name: 'doppel proxy: throughput vs nginx proxy_pass (one worker), checks off', goal: '≥ 0.8×', value: `${row.nginx.forwardOnlyRatio.toFixed(2)}×`, met: row.nginx.forwardOnlyRatio >= 0.8 },
          { name: 'doppel proxy: throughput vs nginx proxy_pass (one worker), checks on', goal: '≥ 0.5×', value: `${row.nginx.proxiedRatio.toFixed(2)}×`, met: row.nginx.proxiedRatio >= 0.5 },
        ]
      : []),
  ];
}

export function renderProxyOverhead(r: ProxyOverheadResult): string {
  const first = r.rows[0];
  return [
    '## doppel proxy: overhead',
    '',
    `\`bench/proxy-overhead.ts\` (alone: \`node dist/bench-build/bench/proxy-overhead.js\`). \`doppel proxy\` (the CLI) in front of a node:http target answering a constant 1 kB getMarkets answer of the fake, then in front of \`doppel mock\` itself, on GET /api/v1/markets: checking every exchange, and with \`--max-check-bytes 0\` (forwarding only). Latency: ${n0(first?.latency.requests ?? 0)} sequential requests on one kept-alive connection per round, ${first?.latency.rounds} rounds alternating, medians. Throughput: ${first?.throughput.generator}, ${first?.throughput.load.connections} connections, ${first?.throughput.load.warmupS} s warm-up + ${first?.throughput.load.durationS} s, best of ${first?.throughput.rounds} rounds. Target, proxy and load generator share the machine's cores; load average at the end ${r.loadAverage.join(' / ')}.`,
    '',
    '| target | answer bytes | p50 direct ms | p50 through the proxy ms | p50 forwarding only ms | req/s direct | req/s through the proxy | req/s forwarding only | exchanges judged | violations |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...r.rows.map((row) => `| ${row.target} | ${row.bodyBytes} | ${f3(row.latency.directP50Ms)} | ${f3(row.latency.proxiedP50Ms)} (+${f3(row.latency.addedP50Ms)}) | ${f3(row.latency.forwardOnlyP50Ms)} (+${f3(row.latency.addedForwardOnlyP50Ms)}) | ${n0(row.throughput.directRps)} | ${n0(row.throughput.proxiedRps)} (${(row.throughput.ratio * 100).toFixed(0)}%) | ${n0(row.throughput.forwardOnlyRps)} (${(row.throughput.forwardOnlyRatio * 100).toFixed(0)}%) | ${n0(row.judged.exchanges)} | ${row.judged.violations} |`),
    '',
    '',
    ...r.rows.map((row) =>
      row.nginx
        ? `- anchor, ${row.target}: nginx proxy_pass (one worker, upstream keep-alive) p50 ${f3(row.nginx.p50Ms)} ms (${row.nginx.addedP50Ms >= 0 ? '+' : ''}${f3(row.nginx.addedP50Ms)} against direct), ${n0(row.nginx.rps)} req/s; doppel proxy ${row.nginx.forwardOnlyRatio.toFixed(2)}× nginx forwarding only, ${row.nginx.proxiedRatio.toFixed(2)}× checking`
        : `- anchor, ${row.target}: no nginx on this machine, no anchor measured`,
    ),
    ...proxyTargets(r).map((t) => `- ${t.name}: ${t.value} (goal ${t.goal}): ${t.met ? 'met' : 'NOT met'}`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const result = await runProxyOverhead(process.argv.includes('--quick'), log);
  log('');
  log(renderProxyOverhead(result));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
