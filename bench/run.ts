// `npm run bench`: every measurement (speed, scale, memory, the stub features, Prism as referee, the long-lived stub) in one run, printed as tables with each
// target met or not (goals in speed-goals.ts), and written to bench/RESULTS.md. Under a missed speed
// target it prints the measured cause: the top self-time frames of a CPU profile of the fake under
// the same load, by kind of code (speed-causes.ts, profile-summary.ts). Options: --quick (short loads, a smaller
// scale state, a 20-s soak; prints only), --only=http,inprocess,scale,stall,upload413,soak,check,proxy,prism-mock,stub,sizing,doppel-proxy
// (prints only), --soak-seconds=N (default 600), --soak-skip=a,b (kinds left out of the soak's mix;
// default state, none keeps all: see soak.ts), --write (write
// RESULTS.md anyway).
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, platform, release, totalmem } from 'node:os';
import { join } from 'node:path';
import { runDoppelCheck } from './check-runs.js';
import { runHttpSection } from './http-section.js';
import { profileMissedHttpTargets } from './speed-causes.js';
import type { InProcessResult } from './in-process.js';
import { DEFAULT_LOAD, type LoadSettings } from './load.js';
import { ROOT, runJsonChild } from './processes.js';
import { runReferee } from './referee.js';
import { renderReport, type BenchReport } from './render-report.js';
import type { ScaleResult } from './scale.js';
import type { SoakResult } from './soak.js';
import { runUpload413 } from './upload-413.js';
import type { StubFeaturesResult } from './stub-features.js';
import type { SizingResult } from './sizing.js';
import type { ProxyOverheadResult } from './proxy-overhead.js';
import type { ProxyProductionResult } from './proxy-production.js';
import { longLivedTargets, type LongLivedResult } from './long-lived.js';

const SECTIONS = ['http', 'inprocess', 'scale', 'stall', 'upload413', 'soak', 'check', 'proxy', 'prism-mock', 'stub', 'sizing', 'doppel-proxy', 'proxy-production'] as const;
type Section = (typeof SECTIONS)[number];

function parseArgs(argv: string[]): { quick: boolean; only: Set<Section>; write: boolean; soakSeconds: number | undefined } {
  let quick = false;
  let soakSeconds: number | undefined;
  let write: boolean | undefined;
  let only = new Set<Section>(SECTIONS);
  for (const arg of argv) {
    if (arg === '--quick') quick = true;
    else if (arg === '--write') write = true;
    else if (arg.startsWith('--soak-seconds=')) soakSeconds = Number(arg.slice('--soak-seconds='.length));
    else if (arg.startsWith('--soak-skip=')) continue; // read by the soak section
    else if (arg.startsWith('--only=')) {
      const names = arg.slice('--only='.length).split(',');
      for (const name of names) if (!SECTIONS.includes(name as Section)) throw new Error(`unknown section ${name}; sections: ${SECTIONS.join(', ')}`);
      only = new Set(names as Section[]);
    } else throw new Error(`unknown option ${arg}; options: --quick, --only=${SECTIONS.join(',')}, --soak-seconds=N, --write`);
  }
  return { quick, only, soakSeconds, write: write ?? (!quick && soakSeconds === undefined && only.size === SECTIONS.length) };
}

async function main(): Promise<void> {
  const { quick, only, write, soakSeconds } = parseArgs(process.argv.slice(2));
  const log = (line: string): void => void process.stderr.write(`${line}\n`);
  const load: LoadSettings = quick ? { connections: 10, durationS: 2, warmupS: 0.5 } : DEFAULT_LOAD;
  const started = performance.now();
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: {
      cpu: cpus()[0]?.model ?? 'unknown',
      cores: cpus().length,
      memoryGiB: totalmem() / 2 ** 30,
      node: process.version,
      os: `${platform()} ${release()}`,
      loadAverageAtStart: loadavg().map((n) => Number(n.toFixed(2))),
    },
    quick,
  };

  // A section that fails is reported as such; the others still run.
  const section = async (name: Section, title: string, run: () => Promise<void>): Promise<void> => {
    if (!only.has(name)) return;
    log(title);
    try {
      await run();
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`  ${name} FAILED: ${message}`);
      (report.errors ??= []).push({ section: name, message: message.slice(0, 2_000) });
    }
  };
  await section('http', 'HTTP: node:http ceiling, doppel mock, prism mock', async () => {
    // Many short rounds rather than a few long ones: the machine's speed moves between loads, and
    // the median of eight rounds' ratios moves less than that of three (speed-goals.ts).
    const roundLoad: LoadSettings = quick ? { connections: 10, durationS: 1, warmupS: 0.5 } : { connections: 10, durationS: 2, warmupS: 1 };
    report.http = await runHttpSection(roundLoad, quick ? 3 : 8, quick ? 3 : 5, log);
    // A missed speed target names its measured cause: CPU profiles under the same load.
    report.httpCauses = await profileMissedHttpTargets(report.http, load, log);
  });
  await section('inprocess', 'in-process: module load, startMock, App.handle vs msw vs loopback fetch', async () => {
    report.inProcess = await runJsonChild<InProcessResult>('in-process.js');
  });
  await section('scale', 'scale', async () => {
    const env = quick ? { BENCH_ORDERS: '100000', BENCH_TRANSACTIONS: '10000', BENCH_SCALE_SAMPLES: '1000' } : {};
    Object.assign(process.env, env);
    log(`scale: ${process.env.BENCH_ORDERS ?? '1000000'} orders, ${process.env.BENCH_TRANSACTIONS ?? '100000'} transactions (built through App.handle; takes a while)`);
    report.scale = await runJsonChild<ScaleResult>('scale.js', [], ['--max-old-space-size=6144', '--expose-gc']);
  });
  await section('stall', 'a long-lived stub: GET prices behind admin work on a 200,000-order state (export, import, namespace drop, reset, the GC after a drop); a 10,000-wallet listing', async () => {
    report.longLived = await runJsonChild<LongLivedResult>('long-lived.js', quick ? ['--orders=50000'] : []);
    for (const t of longLivedTargets(report.longLived)) log(`  ${t.name}: ${t.value} (${t.met ? 'met' : 'NOT met'})`);
  });
  await section('upload413', '413: oversized uploads to every POST operation', async () => {
    report.upload413 = await runUpload413(quick ? 20 : 100);
    log(`  ${report.upload413.got413} of ${report.upload413.uploads} got the 413 envelope`);
  });
  await section('soak', 'soak: 64 clients against the fake in its own process, then reset; heap per 1,000 records', async () => {
    const seconds = soakSeconds ?? (quick ? 20 : 600);
    const skip = process.argv.find((arg) => arg.startsWith('--soak-skip='))?.slice('--soak-skip='.length);
    report.soak = await runJsonChild<SoakResult>('soak.js', ['--json', `--seconds=${seconds}`, ...(skip ? [`--skip=${skip}`] : [])], [], (seconds + 300) * 1000);
  });
  await section('check', 'conformance speed: doppel check against the embedded fake', async () => {
    report.check = await runDoppelCheck([]);
    log(`  exit ${report.check.exitCode} after ${(report.check.wallMs / 1000).toFixed(1)} s`);
  });
  await section('stub', 'request journal on vs off, heap per journal entry and per namespace', async () => {
    report.stub = await runJsonChild<StubFeaturesResult>('stub-features.js', quick ? ['--quick'] : [], ['--expose-gc']);
  });
  await section('sizing', 'sizing a fleet: one process under load, memory per namespace', async () => {
    report.sizing = await runJsonChild<SizingResult>('sizing.js', quick ? ['--quick'] : []);
  });
  await section('doppel-proxy', 'doppel proxy: added latency and throughput, checks on and off', async () => {
    report.doppelProxy = await runJsonChild<ProxyOverheadResult>('proxy-overhead.js', quick ? ['--quick'] : []);
  });
  await section('proxy-production', 'doppel proxy at production traffic: judging and --record-only against nginx proxy_pass, p99, many keys', async () => {
    report.proxyProduction = await runJsonChild<ProxyProductionResult>('proxy-production.js', quick ? ['--quick'] : []);
  });
  const refereeParts = { proxy: only.has('proxy'), mock: only.has('prism-mock') };
  if (refereeParts.proxy || refereeParts.mock) {
    log('prism as referee: doppel check through prism proxy --errors; doppel check against prism mock');
    try {
      report.referee = await runReferee(log, refereeParts);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`  referee FAILED: ${message}`);
      (report.errors ??= []).push({ section: 'proxy', message: message.slice(0, 2_000) });
    }
  }
  report.totalS = (performance.now() - started) / 1000;

  const markdown = renderReport(report);
  process.stdout.write(`${markdown}\n`);
  if (write) {
    writeFileSync(join(ROOT, 'bench', 'RESULTS.md'), markdown);
    log('wrote bench/RESULTS.md');
  }
}

await main();
