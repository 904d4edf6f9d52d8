// doppel proxy at production traffic (docs/guides/checking-a-deployment.md, "Under production
// load"): what it forwards against nginx proxy_pass in the same run, on the two requests that
// matter most, the authenticated read (GET /api/v1/account/balances with API-KEY) and the spot order
// (POST /api/v1/spot/order). Runnable alone, after `tsc -p bench/tsconfig.json`:
// `node dist/bench-build/bench/proxy-production.js` (`--quick`: short loads, one round); prints the
// markdown section on stderr and one JSON line (ProxyProductionResult) on stdout; `npm run bench`
// runs it as its `proxy-production` section.
// - The target: a node:http server answering each of the two with a constant real answer of
//   doppel's fake (the checks judge what they judge in production; the same order id each time is
//   a violation the judges count, which is judging work too).
// - The proxies: nginx proxy_pass (bench/nginx-anchor.ts: one worker, upstream keep-alive); doppel
//   proxy, the CLI as a user runs it, judging (--judges: its default, the cores minus one) and
//   --record-only --har (forwarding and recording only).
// - req/s: the load generator's best of the rounds, alternating; each ratio is against nginx's.
// - Added p99: at half the judging proxy's best rate (autocannon's overallRate), the p99 through it
//   minus the p99 direct at the same rate.
// - 100,000 keys: the authenticated read through the judging proxy, each request with another of
//   100,000 API keys in turn, against the same with one key: the share of throughput kept.
import { loadavg, tmpdir } from 'node:os';
import { mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { autocannonLoad, findWrk, wrkLoad, type LoadResult, type LoadSettings, type LoadTarget } from './load.js';
import { DOPPEL_BIN, freePort, startServer, type Server } from './processes.js';
import { findNginx, startNginxProxy } from './nginx-anchor.js';

const READ = '/api/v1/account/balances';
const ORDER = '/api/v1/spot/order';
const KEY = 'demo-trade-key';
const ORDER_BODY = JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' });
const KEYS = 100_000;

export interface ProxyProductionRow {
  request: 'authenticated read' | 'spot order';
  rps: { direct: number; nginx: number | null; judging: number; recordOnly: number };
  /** Against nginx proxy_pass (null without nginx). */
  ratio: { judging: number | null; recordOnly: number | null };
}

export interface ProxyProductionResult {
  generator: string;
  load: LoadSettings;
  rounds: number;
  judges: string;
  rows: ProxyProductionRow[];
  /** At half the judging proxy's best rate on the authenticated read. */
  p99: { rate: number; directMs: number; judgingMs: number; addedMs: number };
  /** The authenticated read through the judging proxy with 100,000 keys in turn, and with one. */
  keys: { count: number; oneKeyRps: number; manyKeysRps: number; kept: number };
  /** Exchanges the judging proxy judged, and those it could not (judges behind). */
  judged: { exchanges: number; violations: number };
  failures: number;
  loadAverage: number[];
}

/** The fake's own answers to the two requests. */
async function realAnswers(): Promise<Record<string, string>> {
  const [tradingPort, walletPort] = [await freePort(), await freePort()];
  const mock = await startServer({ name: 'doppel mock', command: process.execPath, args: [DOPPEL_BIN, 'mock', '--trading-port', String(tradingPort), '--wallet-port', String(walletPort), '--log-level', 'error'], probeUrl: `http://127.0.0.1:${tradingPort}/api/v1/markets` });
  try {
    const read = await (await fetch(`${mock.baseUrl}${READ}`, { headers: { 'api-key': KEY } })).text();
    const order = await (await fetch(`${mock.baseUrl}${ORDER}`, { method: 'POST', headers: { 'api-key': KEY, 'content-type': 'application/json' }, body: ORDER_BODY })).text();
    return { [READ]: read, [ORDER]: order };
  } finally {
    await mock.stop();
  }
}

async function startDoppelProxy(target: string, extra: string[]): Promise<Server> {
  const port = await freePort();
  return startServer({ name: 'doppel proxy', command: process.execPath, args: [DOPPEL_BIN, 'proxy', '--trading-target', target, '--trading-port', String(port), '--wallet-port', '0', ...extra], probeUrl: `http://127.0.0.1:${port}/__doppel/violations` });
}

export async function runProxyProduction(quick: boolean, log: (line: string) => void): Promise<ProxyProductionResult> {
  const port = await freePort();
  const target = await startServer({ name: 'node:http target', command: process.execPath, args: [new URL('./ceiling-server.js', import.meta.url).pathname], env: { CEILING_BODIES: JSON.stringify(await realAnswers()), PORT: String(port) }, probeUrl: `http://127.0.0.1:${port}${READ}` });
  const dir = mkdtempSync(join(tmpdir(), 'doppel-bench-record-'));
  const judging = await startDoppelProxy(target.baseUrl, []);
  const recording = await startDoppelProxy(target.baseUrl, ['--record-only', '--har', join(dir, 'traffic.har')]);
  const nginxBin = findNginx();
  const nginx = nginxBin ? await startNginxProxy(nginxBin, target.baseUrl) : undefined;
  if (!nginx) log('  no nginx found: no ratios (CI has one: apt-get install nginx-light)');
  const rounds = quick ? 1 : 3;
  const load: LoadSettings = quick ? { connections: 32, durationS: 2, warmupS: 0.5 } : { connections: 32, durationS: 5, warmupS: 1 };
  const wrk = findWrk() !== null;
  let failures = 0;
  const run = async (t: LoadTarget, settings: LoadSettings = load): Promise<LoadResult> => {
    // wrk takes no body or header of its own here; autocannon does, and keeps a rate.
    const r = wrk && t.method !== 'POST' && !t.distinct && !settings.rate ? await wrkLoad(t, settings) : await autocannonLoad(t, settings);
    failures += r.failures;
    return r;
  };
  const requestAt = (base: string, request: ProxyProductionRow['request']): LoadTarget =>
    request === 'spot order' ? { url: `${base}${ORDER}`, method: 'POST', headers: { 'api-key': KEY }, body: ORDER_BODY } : { url: `${base}${READ}`, headers: { 'api-key': KEY } };
  try {
    const rows: ProxyProductionRow[] = [];
    for (const request of ['authenticated read', 'spot order'] as const) {
      const best = { direct: 0, nginx: 0, judging: 0, recordOnly: 0 };
      for (let round = 0; round < rounds; round++) {
        const bases = [['direct', target.baseUrl], ['judging', judging.baseUrl], ['recordOnly', recording.baseUrl], ...(nginx ? [['nginx', nginx.baseUrl] as const] : [])] as const;
        for (const [key, base] of bases) best[key] = Math.max(best[key], (await run(requestAt(base, request))).rps);
        log(`  ${request}, round ${round + 1} (best so far): direct ${best.direct.toFixed(0)} req/s, nginx ${nginx ? best.nginx.toFixed(0) : '-'}, doppel proxy judging ${best.judging.toFixed(0)}, --record-only ${best.recordOnly.toFixed(0)}`);
      }
      rows.push({ request, rps: { ...best, nginx: nginx ? best.nginx : null }, ratio: { judging: nginx ? best.judging / best.nginx : null, recordOnly: nginx ? best.recordOnly / best.nginx : null } });
    }
    const half = Math.max(1, Math.round((rows[0] as ProxyProductionRow).rps.judging / 2));
    const paced: LoadSettings = { ...load, rate: half };
    const direct = await run(requestAt(target.baseUrl, 'authenticated read'), paced);
    const through = await run(requestAt(judging.baseUrl, 'authenticated read'), paced);
    log(`  p99 at ${half} req/s: direct ${direct.p99Ms.toFixed(2)} ms, through the judging proxy ${through.p99Ms.toFixed(2)} ms`);
    const one = await autocannonLoad(requestAt(judging.baseUrl, 'authenticated read'), load);
    const many = await autocannonLoad({ ...requestAt(judging.baseUrl, 'authenticated read'), distinct: { header: 'api-key', count: KEYS } }, load);
    failures += one.failures + many.failures;
    log(`  ${KEYS} keys: ${many.rps.toFixed(0)} req/s against ${one.rps.toFixed(0)} with one key`);
    const seen = (await (await fetch(`${judging.baseUrl}/__doppel/violations`)).json()) as { exchanges: number; violations: number };
    return {
      generator: wrk ? 'wrk -t1 (GET), autocannon (POST, paced, many keys)' : 'autocannon',
      load,
      rounds,
      judges: 'the default: the cores available minus one, at least 1',
      rows,
      p99: { rate: half, directMs: direct.p99Ms, judgingMs: through.p99Ms, addedMs: through.p99Ms - direct.p99Ms },
      keys: { count: KEYS, oneKeyRps: one.rps, manyKeysRps: many.rps, kept: many.rps / one.rps },
      judged: { exchanges: seen.exchanges, violations: seen.violations },
      failures,
      loadAverage: loadavg().map((x) => Number(x.toFixed(2))),
    };
  } finally {
    await nginx?.stop();
    await recording.stop();
    await judging.stop();
    await target.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

const n0 = (n: number): string => Math.round(n).toLocaleString('en-US');
const x2 = (n: number | null): string => (n === null ? 'n/a' : `${n.toFixed(2)}×`);

/** The goals of the section (the targets of doppel proxy at production traffic). */
export function proxyProductionTargets(r: ProxyProductionResult): { name: string; goal: string; value: string; met: boolean }[] {
  return [
    ...r.rows.flatMap((row) => [
      { name: `doppel proxy judging, ${row.request}: req/s vs nginx proxy_pass`, goal: '≥ 0.5×', value: x2(row.ratio.judging), met: (row.ratio.judging ?? 0) >= 0.5 },
      { name: `doppel proxy --record-only, ${row.request}: req/s vs nginx proxy_pass`, goal: '≥ 0.8×', value: x2(row.ratio.recordOnly), met: (row.ratio.recordOnly ?? 0) >= 0.8 },
    ]),
    { name: `doppel proxy judging: added p99 at half its maximum rate (${n0(r.p99.rate)} req/s)`, goal: '≤ 2 ms', value: `${r.p99.addedMs.toFixed(2)} ms`, met: r.p99.addedMs <= 2 },
    { name: `doppel proxy judging: throughput kept with ${n0(r.keys.count)} distinct keys`, goal: '≥ 90%', value: `${(r.keys.kept * 100).toFixed(0)}%`, met: r.keys.kept >= 0.9 },
  ];
}

export function renderProxyProduction(r: ProxyProductionResult): string {
  return [
    '## doppel proxy: production traffic',
    '',
    `\`bench/proxy-production.ts\` (alone: \`node dist/bench-build/bench/proxy-production.js\`). A node:http target answering the fake's own answers to the authenticated read and the spot order; nginx proxy_pass (one worker, upstream keep-alive), \`doppel proxy\` judging (--judges: ${r.judges}) and \`doppel proxy --record-only --har\` in front of it. ${r.generator}, ${r.load.connections} connections, ${r.load.warmupS} s warm-up + ${r.load.durationS} s, best of ${r.rounds} rounds alternating. Target, proxies, judges and load generator share the machine's cores; load average at the end ${r.loadAverage.join(' / ')}.`,
    '',
    '| request | req/s direct | req/s nginx | req/s judging | req/s --record-only | judging / nginx | --record-only / nginx |',
    '|---|---|---|---|---|---|---|',
    ...r.rows.map((row) => `| ${row.request} | ${n0(row.rps.direct)} | ${row.rps.nginx === null ? 'n/a' : n0(row.rps.nginx)} | ${n0(row.rps.judging)} | ${n0(row.rps.recordOnly)} | ${x2(row.ratio.judging)} | ${x2(row.ratio.recordOnly)} |`),
    '',
    `- p99 at ${n0(r.p99.rate)} req/s (half the judging proxy's best on the authenticated read): direct ${r.p99.directMs.toFixed(2)} ms, through the judging proxy ${r.p99.judgingMs.toFixed(2)} ms.`,
    `- ${n0(r.keys.count)} distinct keys: ${n0(r.keys.manyKeysRps)} req/s against ${n0(r.keys.oneKeyRps)} with one key.`,
    `- The judging proxy judged ${n0(r.judged.exchanges)} exchanges (${r.judged.violations} violations: the constant order answer repeats its id); ${r.failures} failed requests in all.`,
    ...proxyProductionTargets(r).map((t) => `- ${t.name}: ${t.value} (goal ${t.goal}): ${t.met ? 'met' : 'NOT met'}`),
  ].join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const result = await runProxyProduction(process.argv.includes('--quick'), log);
  log('');
  log(renderProxyProduction(result));
  process.stdout.write(`${JSON.stringify(result)}\n`);
}
