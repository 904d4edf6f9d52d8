// `npm run bench:profile`: profile before optimising. Runs `doppel mock` under `node --cpu-prof`,
// puts a wrk load (autocannon when wrk is missing) on one route, stops the server gracefully so
// that node writes the .cpuprofile, and prints the functions and files with the most self time.
// Options: --route=balances|prices|order (default balances: the authenticated read),
// --seconds=N (10), --connections=N (10), --top=N (15), --keep (keep the .cpuprofile and print
// its path; open it in Chrome DevTools or speedscope for the call tree).
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { benchKey, spotOrderBody } from './http-section.js';
import { autocannonLoad, findWrk, wrkLoad, type LoadTarget } from './load.js';
import { DOPPEL_BIN, ROOT, freePort, startServer } from './processes.js';

/** The parts of V8's .cpuprofile (the Chrome DevTools Profile object) read here. */
interface CpuProfile {
  nodes: { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface SelfTime {
  name: string;
  where: string;
  selfMs: number;
  share: number;
}

function option(name: string, fallback: string): string {
  const arg = process.argv.find((a) => a.startsWith(`--${name}=`));
  return arg === undefined ? fallback : arg.slice(name.length + 3);
}

/** Where a function lives, short: a repo file, a package, or node's own code. */
function place(url: string): string {
  if (url === '') return '';
  const path = url.startsWith('file://') ? decodeURIComponent(url.slice('file://'.length)) : url;
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return `npm:${pkg[1]}`;
  if (path.startsWith(ROOT)) return relative(ROOT, path);
  return path;
}

/**
 * Self time per function and per file, from the samples: each sample's time delta is the time
 * until it, spent in the node it names (V8 records the top of the stack only).
 */
export function selfTimes(profile: CpuProfile): { functions: SelfTime[]; files: SelfTime[]; totalMs: number } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const fn = new Map<string, SelfTime>();
  const file = new Map<string, SelfTime>();
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const node = byId.get(profile.samples[i]!);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (node === undefined) continue;
    total += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = place(url);
    const name = functionName || (where === '' ? '(anonymous)' : '(anonymous function)');
    const key = `${name} ${url}:${lineNumber}`;
    const entry = fn.get(key) ?? { name, where: where === '' ? '' : `${where}:${lineNumber + 1}`, selfMs: 0, share: 0 };
    entry.selfMs += ms;
    fn.set(key, entry);
    const fileKey = where === '' ? name : where;
    const f = file.get(fileKey) ?? { name: fileKey, where: '', selfMs: 0, share: 0 };
    f.selfMs += ms;
    file.set(fileKey, f);
  }
  const sorted = (m: Map<string, SelfTime>) => [...m.values()].map((e) => ({ ...e, share: e.selfMs / total })).sort((a, b) => b.selfMs - a.selfMs);
  return { functions: sorted(fn), files: sorted(file), totalMs: total };
}

async function main(): Promise<void> {
  const route = option('route', 'balances');
  const seconds = Number(option('seconds', '10'));
  const connections = Number(option('connections', '10'));
  const top = Number(option('top', '15'));
  const dir = mkdtempSync(join(tmpdir(), 'doppel-profile-'));
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  try {
    const tradingPort = await freePort();
    const walletPort = await freePort();
    const server = await startServer({
      name: 'doppel mock --cpu-prof',
      command: process.execPath,
      args: ['--cpu-prof', '--cpu-prof-dir', dir, DOPPEL_BIN, 'mock', '--trading-port', String(tradingPort), '--wallet-port', String(walletPort), '--log-level', 'error'],
      probeUrl: `http://127.0.0.1:${tradingPort}/api/v1/prices`,
    });
    const base = `http://127.0.0.1:${tradingPort}`;
    let target: LoadTarget;
    if (route === 'balances') target = { url: `${base}/api/v1/account/balances`, headers: { 'API-KEY': 'demo-trade-key' } };
    else if (route === 'prices') target = { url: `${base}/api/v1/prices` };
    else if (route === 'order') target = { url: `${base}/api/v1/spot/order`, method: 'POST', headers: { 'API-KEY': await benchKey(base) }, body: await spotOrderBody(base) };
    else throw new Error(`unknown --route=${route}; routes: balances, prices, order`);
    const settings = { connections, durationS: seconds, warmupS: 0 };
    const load = findWrk() !== null ? await wrkLoad(target, settings) : await autocannonLoad(target, settings);
    await server.stop();
    const file = readdirSync(dir).find((f) => f.endsWith('.cpuprofile'));
    if (file === undefined) throw new Error(`no .cpuprofile written (did the server exit gracefully?):\n${server.output().slice(-1_000)}`);
    const { functions, files, totalMs } = selfTimes(JSON.parse(readFileSync(join(dir, file), 'utf8')) as CpuProfile);
    const busy = functions.filter((f) => f.name !== '(idle)').reduce((sum, f) => sum + f.selfMs, 0);
    const out: string[] = [];
    out.push(`# CPU profile: ${target.method ?? 'GET'} ${new URL(target.url).pathname}, ${load.generator} ${connections} connections for ${seconds} s`);
    out.push('');
    out.push(`${Math.round(load.rps)} req/s, ${load.failures} failed; profile ${(totalMs / 1000).toFixed(1)} s of which ${(busy / 1000).toFixed(1)} s not idle (start-up and shutdown included).`);
    out.push('');
    out.push(`| # | self ms | % of all | % of busy | function | where |`);
    out.push(`|---|---|---|---|---|---|`);
    functions.slice(0, top).forEach((f, i) =>
      out.push(`| ${i + 1} | ${f.selfMs.toFixed(0)} | ${(f.share * 100).toFixed(1)} | ${f.name === '(idle)' ? '' : ((f.selfMs / busy) * 100).toFixed(1)} | ${f.name} | ${f.where} |`),
    );
    out.push('');
    out.push(`| self ms | % of all | file or package |`);
    out.push(`|---|---|---|`);
    for (const f of files.slice(0, top)) out.push(`| ${f.selfMs.toFixed(0)} | ${(f.share * 100).toFixed(1)} | ${f.name} |`);
    process.stdout.write(`${out.join('\n')}\n`);
    if (process.argv.includes('--keep')) {
      const kept = join(tmpdir(), `doppel-${route}-${Date.now()}.cpuprofile`);
      copyFileSync(join(dir, file), kept);
      log(`kept ${kept}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith('profile.js')) await main();
