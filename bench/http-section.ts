// Section (a)–(c): the node:http ceiling, doppel's fake over HTTP and Prism's mock, one at a time
// under the same bounded load, with startup time and RSS.
import { autocannonLoad, findWrk, wrkLoad, type LoadResult, type LoadSettings, type LoadTarget } from './load.js';

/** wrk's connections (the throughput targets are read with wrk -t1 -c32: enough to keep one server core busy). */
export const WRK_CONNECTIONS = 32;
import { PRISM_BIN, freePort, rssMiB, startCeiling, startDoppelMock, startServer, type Server } from './processes.js';
import { interleavedStartups, startupByNode, type StartupOnNode } from './startup-by-node.js';
import { cpuPinning } from './cpu-pinning.js';

export interface LoadRow {
  server: 'node:http' | 'doppel' | 'prism';
  operation: string;
  /** The round with the most req/s (the least disturbed by other jobs on a shared machine). */
  autocannon: LoadResult;
  /** req/s of every round, in order. */
  autocannonRounds: number[];
  wrk?: LoadResult;
  wrkRounds?: number[];
}

export interface ServerRow {
  server: 'node:http' | 'doppel' | 'prism';
  /**
   * Spawn to the first answered request, ms: the best and every sample (doppel and node:http
   * interleaved, polled every 1 ms; Prism apart, every 5 ms).
   */
  startupMs: number;
  startupSamplesMs: number[];
  rssIdleMiB: number;
  rssAfterLoadMiB: number;
}

export interface HttpSection {
  settings: LoadSettings;
  rounds: number;
  wrk: boolean;
  /** The body the ceiling answers (a copy of doppel's balances answer), and its bytes. */
  ceilingBody: string;
  ceilingBodyBytes: number;
  loads: LoadRow[];
  servers: ServerRow[];
  /** The cores the loaded servers and the load generators ran on (./cpu-pinning.ts); null: unpinned. */
  pinned: { serverCpu: number; clientCpu: number } | null;
  /** The start-up target's figures: the same two starts on each pinned Node version (./startup-by-node.ts). */
  startupByNode: StartupOnNode[];
}

const BALANCES = '/api/v1/account/balances';
const PRICES = '/api/v1/prices';
const SPOT_ORDER = '/api/v1/spot/order';

interface Planned {
  server: LoadRow['server'];
  operation: string;
  target: LoadTarget;
  crossCheck: boolean;
  /** Loaded in every round (the ceilings and doppel, whose ratios are the speed targets); Prism in the first only. */
  everyRound: boolean;
}

/**
 * All the servers run side by side (idle ones cost nothing) and the loads go round-robin, one
 * target at a time, `rounds` times for each generator; each target keeps its best round. On a
 * shared machine a burst of other work then hits one round of one target, not the whole comparison.
 */
export async function runHttpSection(settings: LoadSettings, rounds: number, startupSamples: number, log: (line: string) => void): Promise<HttpSection> {
  const wrk = findWrk() !== null;
  const servers: ServerRow[] = [];
  const running: Server[] = [];
  try {
    const tradeKey = { 'API-KEY': 'demo-trade-key' };
    // doppel's balances answer sizes the ceiling's constant body.
    const sizer = await startDoppelMock(process.execPath);
    let balancesBody: string;
    try {
      balancesBody = await (await fetch(`${sizer.baseUrl}${BALANCES}`, { headers: tradeKey })).text();
    } finally {
      await sizer.stop();
    }

    // Start-up on this machine's Node, polled every 1 ms (./startup-by-node.ts).
    const times = await interleavedStartups(startupSamples, () => startDoppelMock(process.execPath, { pollMs: 1 }), () => startCeiling(process.execPath, balancesBody, { pollMs: 1 }));
    const startup: Record<'doppel' | 'node:http', number[]> = { doppel: times.doppelMs, 'node:http': times.nodeMs };
    log(`  start-up to first answer, interleaved: doppel mock ${startup.doppel.map((ms) => ms.toFixed(0)).join(', ')} ms; node:http ${startup['node:http'].map((ms) => ms.toFixed(0)).join(', ')} ms`);
    const byNode = await startupByNode(startupSamples, balancesBody, log);

    // The loaded servers start after the start-up samples, right before their loads. Started
    // first, doppel sat idle through the samples (about a minute), and at its first collection
    // after an idle spell Node 20's V8 shrinks the young generation (42.9 to 11.9 MB committed,
    // --trace-gc; Node 24's keeps it), which reads' allocation then never grows back: three times
    // the scavenges, and 15-25 % fewer reads a second than a process started with
    // --min-semi-space-size=16 and idle as long. On one core, the load generators on the other
    // (./cpu-pinning.ts); the start-up samples above run unpinned, as a user's start does.
    const pinning = cpuPinning();
    const serverCpu = pinning !== null ? { cpu: pinning.serverCpu } : {};
    const prism = await startSampled(Math.min(2, startupSamples), async () => {
      const port = await freePort();
      return startServer({
        name: 'prism mock',
        command: process.execPath,
        args: [PRISM_BIN, 'mock', 'spec/trading.openapi.yaml', '-h', '127.0.0.1', '-p', String(port), '-v', 'error'],
        ...serverCpu,
        probeUrl: `http://127.0.0.1:${port}${PRICES}`,
        timeoutMs: 60_000,
      });
    });
    running.push(prism.server);
    log(`  prism mock answered after ${prism.samples.map((ms) => ms.toFixed(0)).join(', ')} ms`);
    const doppelServer = await startDoppelMock(process.execPath, serverCpu);
    running.push(doppelServer);
    const doppelUrl = doppelServer.baseUrl;
    // The writes go to a doppel of their own: the rounds leave a few hundred thousand orders, and
    // in the readers' process every later read round would carry the collector's cost of that
    // state (the 1,000,000-order listings are the scale section's). Reads measure reads.
    const writerServer = await startDoppelMock(process.execPath, serverCpu);
    running.push(writerServer);
    const writerUrl = writerServer.baseUrl;
    const writer = await benchKey(writerUrl);
    const order = await spotOrderBody(writerUrl);
    const ceilingServer = await startCeiling(process.execPath, balancesBody, serverCpu);
    running.push(ceilingServer);
    const ceiling = { server: ceilingServer, url: ceilingServer.baseUrl };

    const idle = new Map(running.map((sv) => [sv, rssMiB(sv.child.pid)]));
    // Each doppel load next to its ceiling's, so that a round's ratio compares loads seconds apart
    // (speed-goals.ts takes the median of the rounds' ratios).
    const plan: Planned[] = [
      { server: 'node:http', operation: 'constant JSON', target: { url: `${ceiling.url}${BALANCES}` }, crossCheck: true, everyRound: true },
      { server: 'doppel', operation: 'GET balances (auth read)', target: { url: `${doppelUrl}${BALANCES}`, headers: tradeKey }, crossCheck: true, everyRound: true },
      { server: 'doppel', operation: 'GET prices (public read)', target: { url: `${doppelUrl}${PRICES}` }, crossCheck: true, everyRound: true },
      // The same POST with the same body and headers: the write's ceiling (the spot order's ratio in the speed targets).
      {
        server: 'node:http',
        operation: 'constant JSON, POST with body',
        target: { url: `${ceiling.url}${SPOT_ORDER}`, method: 'POST', headers: { 'API-KEY': writer }, body: order },
        crossCheck: true,
        everyRound: true,
      },
      {
        server: 'doppel',
        operation: 'POST spot/order (write)',
        target: { url: `${writerUrl}${SPOT_ORDER}`, method: 'POST', headers: { 'API-KEY': writer }, body: order },
        crossCheck: true,
        everyRound: true,
      },
      { server: 'prism', operation: 'GET balances (auth read)', target: { url: `${prism.url}${BALANCES}`, headers: tradeKey }, crossCheck: true, everyRound: false },
      { server: 'prism', operation: 'GET prices (public read)', target: { url: `${prism.url}${PRICES}` }, crossCheck: false, everyRound: false },
    ];
    const results = plan.map(() => ({ ac: [] as LoadResult[], wrk: [] as LoadResult[] }));
    // autocannon runs in this process: on the load generators' core while the loads run.
    pinning?.pin(process.pid, pinning.clientCpu);
    try {
      // One generator at a time: every autocannon round, then every wrk round, so that no load of
      // the other generator comes between a ceiling's load and doppel's.
      const clientCpu = pinning !== null ? { cpu: pinning.clientCpu } : {};
      for (const generator of wrk ? (['autocannon', 'wrk'] as const) : (['autocannon'] as const)) {
        const loadOnce = (target: LoadTarget, durationS: number): Promise<LoadResult> =>
          generator === 'wrk'
            ? wrkLoad(target, { connections: WRK_CONNECTIONS, durationS, warmupS: 0, ...clientCpu })
            : autocannonLoad(target, { connections: settings.connections, durationS, warmupS: 0 });
        const planned = plan.filter((p) => generator === 'autocannon' || p.crossCheck);
        // Every server warmed once (JIT, connections); the rounds' loads are measured from their start.
        for (const p of planned) await loadOnce(p.target, settings.warmupS);
        for (let round = 1; round <= rounds; round++) {
          // Every other round runs the plan backwards: a ceiling's load comes before its doppel loads
          // in one round and after them in the next, so the machine's drift between them, which
          // the rounds' median would otherwise carry, cancels out.
          const order = round % 2 === 1 ? planned : [...planned].reverse();
          for (const p of order) {
            if (!p.everyRound && round > 1) continue;
            const result = await loadOnce(p.target, settings.durationS);
            results[plan.indexOf(p)]![generator === 'wrk' ? 'wrk' : 'ac'].push(result);
            log(`  ${generator} round ${round} ${p.server} ${p.operation}: ${Math.round(result.rps)} req/s${result.failures > 0 ? `, ${result.failures} FAILED` : ''}`);
          }
        }
      }
    } finally {
      pinning?.pin(process.pid, 'all');
    }
    const best = (list: LoadResult[]): LoadResult => list.reduce((a, b) => (b.rps > a.rps ? b : a));
    const loads: LoadRow[] = plan.map((p, i) => {
      const r = results[i]!;
      const row: LoadRow = { server: p.server, operation: p.operation, autocannon: best(r.ac), autocannonRounds: r.ac.map((x) => x.rps) };
      // A failure in any round counts, not only in the best one.
      row.autocannon = { ...row.autocannon, failures: r.ac.reduce((sum, x) => sum + x.failures, 0) };
      if (r.wrk.length > 0) {
        row.wrk = { ...best(r.wrk), failures: r.wrk.reduce((sum, x) => sum + x.failures, 0) };
        row.wrkRounds = r.wrk.map((x) => x.rps);
      }
      return row;
    });
    for (const [name, server, samples] of [
      ['doppel', doppelServer, startup.doppel],
      ['node:http', ceilingServer, startup['node:http']],
      ['prism', prism.server, prism.samples],
    ] as const) {
      servers.push({
        server: name,
        startupMs: Math.min(...samples),
        startupSamplesMs: [...samples],
        rssIdleMiB: idle.get(server) ?? Number.NaN,
        rssAfterLoadMiB: rssMiB(server.child.pid),
      });
    }
    return { settings, rounds, wrk, pinned: pinning !== null ? { serverCpu: pinning.serverCpu, clientCpu: pinning.clientCpu } : null, ceilingBody: balancesBody, ceilingBodyBytes: Buffer.byteLength(balancesBody), loads, servers, startupByNode: byNode };
  } finally {
    await Promise.all(running.map((sv) => sv.stop()));
  }
}

/** Starts a server `samples` times (stopping all but the last) and keeps every startup time. */
async function startSampled(samples: number, start: () => Promise<Server>): Promise<{ server: Server; url: string; samples: number[] }> {
  const times: number[] = [];
  for (let i = 1; ; i++) {
    const server = await start();
    times.push(server.startupMs);
    if (i >= samples) return { server, url: server.baseUrl, samples: times };
    await server.stop();
  }
}

/** A key of its own for the write load, funded far beyond what a bounded run can spend. */
export async function benchKey(baseUrl: string, headers: Record<string, string> = {}): Promise<string> {
  const response = await fetch(`${baseUrl}/__doppel/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify({
      name: 'bench writer',
      permissions: ['read', 'trade'],
      ip_whitelist: [],
      balances: [{ currency: 'USDT', chain: 'tron', balance: '100000000' }],
    }),
  });
  const json = (await response.json()) as { data?: { key?: string } };
  if (!response.ok || typeof json.data?.key !== 'string') throw new Error(`POST /__doppel/keys answered ${response.status}: ${JSON.stringify(json)}`);
  return json.data.key;
}

/** A market buy of the BTC/USDT market's minimum amount (fills at once, so the load never runs dry). */
export async function spotOrderBody(baseUrl: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/v1/markets`);
  const json = (await response.json()) as { data?: { symbol?: string; base?: string; quote?: string; min_amount?: string }[] };
  const btc = json.data?.find((m) => m.symbol === 'BTC/USDT' || (m.base === 'BTC' && m.quote === 'USDT'));
  // Without trailing zeros: amount_precision may be below the 8 digits decimals are answered with.
  const amount = (btc?.min_amount ?? '0.0001').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
  return JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount });
}
