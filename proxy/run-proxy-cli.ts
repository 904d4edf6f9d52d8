// `doppel proxy`: options → startProxy → a line per violation on stderr as it happens → at SIGINT
// or SIGTERM the reports of doppel check (console, --json, --junit, --html, --replay, --learn) →
// exit status 1 when a violation (a failure that counts, a target that gave no readable answer) was
// seen, the traffic gave no verdict (a target never reached, a misaimed one) or an internal error stopped it
// (the reports written all the same), 0 otherwise, 2 for a usage problem before it starts. What needs the file system is checked here; shapes by yargs.
import { readProfileOption } from '../conformance/run/profile-option.js';
import type { EventEmitter } from 'node:events';
import { plainText } from '../conformance/report/plain-text.js';
import { reportPathProblem } from '../conformance/report/report-paths.js';
import { writeReports } from '../conformance/report/write-reports.js';
import type { InterfaceName, ReportedFailure } from '../conformance/types.js';
import { startProxy, VIOLATIONS_PATH, type RunningProxy } from './start-proxy.js';

export interface ProxyCliOptions {
  tradingTarget?: string | undefined;
  walletTarget?: string | undefined;
  tradingPort?: number | undefined;
  walletPort?: number | undefined;
  host?: string | undefined;
  adminToken?: string | undefined;
  allowedHosts?: readonly string[] | undefined;
  adminCors?: readonly string[] | undefined;
  strict?: boolean | undefined;
  profile?: string | undefined;
  showSecrets?: boolean | undefined;
  maxCheckBytes?: number | undefined;
  maxConnections?: number | undefined;
  targetTimeoutMs?: number | undefined;
  har?: string | undefined;
  /** Judges on worker threads (default 0: on the forwarding thread; the command line's default is the cores available minus one). */
  judges?: number | undefined;
  /** Forward and record to `har`, judge nothing. */
  recordOnly?: boolean | undefined;
  json?: string | undefined;
  junit?: string | undefined;
  html?: string | undefined;
  replay?: string | undefined;
  learn?: string | undefined;
  version?: string | undefined;
  out?: ((line: string) => void) | undefined;
  err?: ((line: string) => void) | undefined;
  /** Where SIGINT and SIGTERM (and uncaughtException, unhandledRejection) come from (tests: an emitter of their own). */
  signals?: EventEmitter | undefined;
  /** Told once the proxy listens (tests). */
  onListening?: ((proxy: RunningProxy) => void) | undefined;
}

/** One line per violation or observation, as it is found: what, where, and how to reproduce it (plain text: what the network sent is escaped). */
export function violationLine(f: ReportedFailure): string {
  const label = f.severity === 'failure' ? 'VIOLATION' : 'observation';
  const status = f.exchange ? ` → ${f.exchange.status}` : '';
  return plainText(`doppel proxy: ${label} ${f.checkId}/${f.assertion} [${f.source}] on ${f.iface} ${f.operationId ?? '(unknown path)'}${status}: ${f.title}${f.curl ? ` | ${f.curl}` : ''}`);
}

export async function runProxyCli(options: ProxyCliOptions): Promise<number> {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  const signals = options.signals ?? process;
  if (options.recordOnly && !options.har) {
    err('doppel proxy: --record-only needs --har FILE: the recording is what doppel check --from-har FILE judges later');
    return 2;
  }
  const pathProblem = reportPathProblem(
    (['har', 'json', 'junit', 'html', 'replay', 'learn'] as const).map((name) => ({ flag: `--${name}`, file: options[name] })),
  );
  if (pathProblem) {
    err(`doppel proxy: ${pathProblem}`);
    return 2;
  }
  const read = readProfileOption(options.profile, 'doppel proxy', err);
  if (!read) return 2;
  const { profile } = read;
  const targets: Partial<Record<InterfaceName, string>> = {};
  if (options.tradingTarget) targets.trading = options.tradingTarget;
  if (options.walletTarget) targets.wallet = options.walletTarget;
  // The signal handlers go in before the listeners start: a stop sent as soon as the ready lines
  // appear still gets the reports.
  // An internal error (an exception nothing caught) stops it the same way: the reports and a whole
  // HAR are what a person needs most when something went wrong.
  let stop: () => void = () => undefined;
  const stopped = new Promise<string>((resolve) => {
    const on = (signal: NodeJS.Signals): void => {
      stop();
      resolve(signal);
    };
    const failed = (error: unknown): void => {
      stop();
      err(`doppel proxy: internal error, stopping with the reports: ${error instanceof Error ? error.message : String(error)}`);
      resolve('internal error');
    };
    stop = () => {
      signals.off('SIGINT', on);
      signals.off('SIGTERM', on);
      signals.off('uncaughtException', failed);
      signals.off('unhandledRejection', failed);
    };
    signals.on('SIGINT', on);
    signals.on('SIGTERM', on);
    signals.on('uncaughtException', failed);
    signals.on('unhandledRejection', failed);
  });
  let proxy: RunningProxy;
  try {
    proxy = await startProxy({
      targets,
      ports: { trading: options.tradingPort, wallet: options.walletPort },
      host: options.host,
      adminToken: options.adminToken,
      allowedHosts: options.allowedHosts,
      adminCors: options.adminCors,
      strict: options.strict,
      profile,
      profileName: options.profile,
      showSecrets: options.showSecrets,
      maxCheckBytes: options.maxCheckBytes,
      maxConnections: options.maxConnections,
      targetTimeoutMs: options.targetTimeoutMs,
      har: options.har,
      judges: options.judges,
      recordOnly: options.recordOnly,
      version: options.version,
      onFailure: (f) => err(violationLine(f)),
      onNote: err,
    });
  } catch (error) {
    stop();
    throw error;
  }
  for (const [iface, l] of Object.entries(proxy.listening)) out(`doppel proxy: ${iface} ${l.url} → ${l.target}`);
  if (options.recordOnly) out(`doppel proxy: every exchange is recorded to ${options.har}, none judged (doppel check --from-har ${options.har} judges them); SIGINT or SIGTERM stops it`);
  else out(`doppel proxy: every exchange is checked; violations are printed as they happen and listed at GET ${VIOLATIONS_PATH}; SIGINT or SIGTERM stops it with the reports`);
  options.onListening?.(proxy);
  const signal = await stopped;
  out(`doppel proxy: ${signal}, stopping`);
  const report = await proxy.close();
  writeReports(report, options, out, 'doppel proxy');
  if (options.har) out(`doppel proxy: the traffic is in ${options.har} (HAR 1.2${options.showSecrets ? '' : ', secrets masked'}); doppel check --from-har ${options.har} judges it again`);
  // Recording only gives no verdict to fail on: what it was asked to do is done.
  return signal === 'internal error' || (!options.recordOnly && (report.failed || report.inconclusive)) ? 1 : 0;
}
