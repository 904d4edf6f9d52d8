// What the target ran is in the HAR: `doppel proxy --har` (the built CLI, a process of its own) in
// front of doppel mock, under load (reads and orders on kept-alive connections), stopped at a
// random moment by SIGINT, SIGTERM or kill -9. After a SIGINT or SIGTERM the HAR's entries are the
// mock's journal, one for one; after kill -9 the file reads back to its last whole entry and lacks
// at most the requests in flight at the kill (at most the clients' concurrency), never has more.
// Shared by test/proxy-hostile/ (a few rounds) and bench/proxy-har-invariant.ts (20,000 requests).
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Pool, request } from 'undici';
import { readHarText } from '../../conformance/traffic/har.js';
import { startMock } from '../../mock/index.js';

export type Stop = 'SIGINT' | 'SIGTERM' | 'SIGKILL';

export interface InvariantRound {
  stop: Stop;
  /** Requests sent before the stop, and answered to their client (any status). */
  sent: number;
  answered: number;
  /** The mock's journal, and the HAR's entries. */
  journal: number;
  har: number;
  /** What the HAR reader said was cut (kill -9), if anything. */
  cut: string | undefined;
  /** Why the round breaks the invariant; undefined when it holds. */
  broken: string | undefined;
}

export interface InvariantOptions {
  /** Requests a round sends at most (the stop comes at a random point of them). */
  requests: number;
  concurrency?: number;
  stops?: readonly Stop[];
  /** Random source (a seeded one in tests). */
  random?: () => number;
  /** How to start doppel (test/robustness/built-cli.ts's doppelCommand, or the bench's dist/bin/doppel.js). */
  doppel: { file: string; args: string[]; env?: NodeJS.ProcessEnv };
}

const ORDER = JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.001', price: '1000' });

async function startProxyProcess(doppel: InvariantOptions['doppel'], target: string, har: string): Promise<{ url: string; exited: Promise<number | null>; kill: (s: Stop) => void }> {
  const child = spawn(doppel.file, [...doppel.args, 'proxy', '--trading-target', target, '--trading-port', '0', '--har', har], { env: doppel.env ?? process.env, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  child.stderr.resume();
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /doppel proxy: trading (http:\/\/\S+) →/.exec(out);
      if (m) resolve(m[1] as string);
    });
    void exited.then(() => reject(new Error(`the proxy exited before listening: ${out}`)));
  });
  return { url, exited, kill: (s) => child.kill(s) };
}

async function round(stop: Stop, options: Required<InvariantOptions>, dir: string, n: number): Promise<InvariantRound> {
  const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: n, quiet: true, journalSize: options.requests + 1_000 });
  const har = join(dir, `round-${n}.har`);
  try {
    const proxy = await startProxyProcess(options.doppel, mock.trading.url, har);
    const pool = new Pool(proxy.url, { connections: options.concurrency });
    const stopAt = Math.floor(options.requests * (0.1 + 0.8 * options.random()));
    let sent = 0;
    let answered = 0;
    let stopped = false;
    const worker = async (): Promise<void> => {
      while (!stopped && sent < options.requests) {
        const i = sent++;
        if (i === stopAt) {
          stopped = true;
          proxy.kill(stop);
        }
        const write = i % 4 === 3;
        try {
          const res = await pool.request({ path: write ? '/api/v1/spot/order' : i % 2 ? '/api/v1/prices' : '/api/v1/price/BTC', method: write ? 'POST' : 'GET', headers: write ? { 'api-key': 'demo-trade-key', 'content-type': 'application/json' } : {}, body: write ? ORDER : undefined });
          await res.body.text();
          answered++;
        } catch {
          // The proxy stopped under this request: not answered.
        }
      }
    };
    await Promise.all(Array.from({ length: options.concurrency }, worker));
    await proxy.exited;
    await pool.destroy();
    const journal = ((await (await request(`${mock.trading.url}/__doppel/requests?limit=${options.requests + 1_000}`)).body.json()) as { data: { requests: unknown[] } }).data.requests.length;
    const { doc, cut } = readHarText(readFileSync(har, 'utf8'));
    const entries = (doc as { log: { entries: unknown[] } }).log.entries.length;
    let broken: string | undefined;
    if (stop !== 'SIGKILL' && entries !== journal) broken = `after ${stop} the HAR has ${entries} entries, the target's journal ${journal}`;
    if (stop !== 'SIGKILL' && cut) broken = `after ${stop} the HAR was not closed: ${cut}`;
    if (stop === 'SIGKILL' && (entries > journal || journal - entries > options.concurrency)) broken = `after kill -9 the HAR has ${entries} entries, the target's journal ${journal} (at most ${options.concurrency} may be in flight)`;
    // An answer's body goes out as it comes, before its entry is written: at a kill -9, those in
    // flight may have reached their client and not the HAR.
    if (entries < answered - (stop === 'SIGKILL' ? options.concurrency : 0)) broken ??= `${answered} answers reached their clients, the HAR has ${entries}`;
    return { stop, sent: Math.min(sent, options.requests), answered, journal, har: entries, cut, broken };
  } finally {
    await mock.close();
  }
}

/** Rounds of `requests` each, one per stop in turn, until `requests` in all have been sent at least once per stop. */
export async function proxyHarInvariant(options: InvariantOptions): Promise<InvariantRound[]> {
  const o: Required<InvariantOptions> = { concurrency: 32, stops: ['SIGINT', 'SIGTERM', 'SIGKILL'], random: Math.random, ...options };
  const dir = mkdtempSync(join(tmpdir(), 'doppel-proxy-invariant-'));
  try {
    const rounds: InvariantRound[] = [];
    for (const [n, stop] of o.stops.entries()) rounds.push(await round(stop, o, dir, n + 1));
    return rounds;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
