// `doppel check`: options → runConformance (or, with --from-har, a recording judged offline) →
// reporters → exit status (0 no failure, 1 a check failed (with --baseline: a failure not in the
// baseline), 2 a usage, connection or preflight problem, with what to fix). Option shapes are
// checked by yargs (bin/commands/check.ts); what needs the registry or the file system (a
// profile's, a baseline's content) is checked here, before any request.
import { readProfileOption } from './profile-option.js';
import { readFileSync } from 'node:fs';
import { BaselineError, readBaseline, type Baseline } from '../report/baseline-file.js';
import { CHECKS } from '../checks/index.js';
import { kindsOf } from '../checks/check.js';
import { compareWithBaseline } from '../report/compare-with-baseline.js';
import { PreflightError } from './preflight.js';
import { reportPathProblem } from '../report/report-paths.js';
import { progressLine } from '../report/console.js';
import { HarError, readHarText } from '../traffic/har.js';
import { withoutApiPath } from './target-base.js';
import { judgeRecording } from '../traffic/judge-recording.js';
import { writeReports } from '../report/write-reports.js';
import type { RunReport } from '../types.js';
import { runConformance, type ConformanceTargets } from './run-conformance.js';
import { TransportError } from '../exchange/transport.js';
import { interruptOnSignals } from './interrupt-on-signals.js';
import { plainText } from '../report/plain-text.js';

export interface CheckCliOptions {
  tradingUrl?: string | undefined;
  tradingKey?: string | undefined;
  tradingReadKey?: string | undefined;
  /** A key the target refuses for the checker's address (IP whitelist). */
  tradingIpLockedKey?: string | undefined;
  walletUrl?: string | undefined;
  /** --wallet-key, repeatable: the first one's wallets are read and sent from. */
  walletKeys?: string[] | undefined;
  allowWrites?: boolean | undefined;
  rateLimit?: boolean | undefined;
  concurrency?: number | undefined;
  walletRateLimit?: number | undefined;
  strict?: boolean | undefined;
  requireAll?: boolean | undefined;
  seed?: number | undefined;
  runs?: number | undefined;
  only?: string[] | undefined;
  skip?: string[] | undefined;
  listChecks?: boolean | undefined;
  showSecrets?: boolean | undefined;
  quiet?: boolean | undefined;
  json?: string | undefined;
  junit?: string | undefined;
  html?: string | undefined;
  /** A shell script that re-sends every failure's requests. */
  replay?: string | undefined;
  /** Write the observed decision points as a profile to this file (spec/profile.ts). */
  learn?: string | undefined;
  /** A profile file: decision checks compare with its values. */
  profile?: string | undefined;
  /** An earlier --json report: only failures not in it fail the run. */
  baseline?: string | undefined;
  /** Judge this HAR recording (doppel proxy --har) instead of sending requests; several files are judged as one stream. */
  fromHar?: string | readonly string[] | undefined;
  /** Where output goes; default process.stdout / process.stderr. */
  out?: ((line: string) => void) | undefined;
  err?: ((line: string) => void) | undefined;
  /** Where SIGINT and SIGTERM come from (tests: an EventEmitter); default the process. */
  signals?: NodeJS.EventEmitter | undefined;
}

/** One line per check, then one per assertion when it has several (seed: fails by default; decision: under --strict). */
export function listChecks(): string[] {
  const width = Math.max(...CHECKS.map((c) => c.id.length));
  return CHECKS.flatMap((c) => [
    `${c.id.padEnd(width)}  ${kindsOf(c).padEnd(13)}  ${c.appliesTo.join(', ').padEnd(15)}  ${c.title}${c.assertions.length === 1 ? ` [${(c.assertions[0] as { source: string }).source}]` : ''}`,
    ...(c.assertions.length > 1 ? c.assertions.map((a) => `${''.padEnd(width)}    ${a.kind.padEnd(8)} ${a.id}: ${a.says} [${a.source}]`) : []),
  ]);
}

function unknownIds(ids: string[] | undefined): string[] {
  return (ids ?? []).filter((id) => !CHECKS.some((c) => c.id === id));
}

export async function runCheckCli(options: CheckCliOptions): Promise<number> {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (options.listChecks) {
    listChecks().forEach((l) => out(l));
    return 0;
  }
  const unknown = [...unknownIds(options.only), ...unknownIds(options.skip)];
  if (unknown.length) {
    err(`doppel check: unknown check id ${unknown.join(', ')}; doppel check --list-checks lists them`);
    return 2;
  }
  const pathProblem = reportPathProblem([
    { flag: '--json', file: options.json },
    { flag: '--junit', file: options.junit },
    { flag: '--html', file: options.html },
    { flag: '--replay', file: options.replay },
    { flag: '--learn', file: options.learn },
  ]);
  if (pathProblem) {
    err(`doppel check: ${pathProblem}`);
    return 2;
  }
  const read = readProfileOption(options.profile, 'doppel check', err);
  if (!read) return 2;
  const { profile } = read;
  let baseline: Baseline | undefined;
  if (options.baseline !== undefined) {
    try {
      baseline = readBaseline(JSON.parse(readFileSync(options.baseline, 'utf8')), options.baseline);
    } catch (error) {
      err(`doppel check: ${error instanceof BaselineError ? error.message : `--baseline ${options.baseline}: ${(error as Error).message}`}`);
      return 2;
    }
  }
  if (options.fromHar !== undefined) return checkRecording(options.fromHar, profile, baseline, options, out, err);
  const [walletKey, ...extraKeys] = options.walletKeys ?? [];
  const targets: ConformanceTargets = {};
  const base = (url: string, option: string): string => {
    const { url: stripped, line } = withoutApiPath(url, option, 'doppel check');
    if (line) err(line);
    return stripped;
  };
  if (options.tradingUrl) targets.trading = { url: base(options.tradingUrl, '--trading-url'), key: options.tradingKey, readKey: options.tradingReadKey, ipLockedKey: options.tradingIpLockedKey };
  if (options.walletUrl) targets.wallet = { url: base(options.walletUrl, '--wallet-url'), key: walletKey, extraKeys };
  const embedded = !targets.trading && !targets.wallet;
  out(embedded ? 'doppel check: the embedded fake (writes on)' : `doppel check: ${[targets.trading?.url, targets.wallet?.url].filter(Boolean).join(', ')}${options.allowWrites ? ' (writes allowed)' : ' (read-only)'}`);
  if (baseline) announceBaseline(baseline, out);
  const progress = options.quiet ? () => {} : out;
  const interrupt = interruptOnSignals(options.signals);
  try {
    const ran = await runConformance({
      targets: embedded ? undefined : targets,
      seed: options.seed,
      runs: options.runs,
      allowWrites: options.allowWrites,
      rateLimit: options.rateLimit,
      concurrency: options.concurrency,
      walletRateLimit: options.walletRateLimit,
      strict: options.strict,
      requireAll: options.requireAll,
      checks: options.only,
      skip: options.skip,
      showSecrets: options.showSecrets,
      profile,
      profileName: options.profile,
      log: progress,
      // A wait line quotes the target (a 429's Retry-After): data, escaped before the terminal sees it.
      onWait: (line) => err(`doppel check: ${plainText(line)}`),
      signal: interrupt.signal,
      onCheck: (result) => progress(progressLine(result)),
    });
    const report = baseline ? compareWithBaseline(ran, baseline) : ran;
    if (report.partial) err(`doppel check: ${report.partial.interrupted}: the run stopped; writing the reports of what it did, marked partial`);
    writeReports(report, options, out, 'doppel check');
    return interrupt.exitCode() ?? (report.failed ? 1 : 0);
  } catch (error) {
    if (error instanceof TransportError || error instanceof PreflightError) {
      err(`doppel check: ${error.message}`);
      return 2;
    }
    throw error;
  } finally {
    interrupt.dispose();
  }
}

/**
 * --from-har: the recording judged offline; --trading-url and --wallet-url only name origins.
 * Several files are one stream; a file a killed proxy left unclosed is read up to its last whole
 * entry, and said so.
 */
function checkRecording(given: string | readonly string[], profile: unknown, baseline: Baseline | undefined, options: CheckCliOptions, out: (line: string) => void, err: (line: string) => void): number {
  const files = typeof given === 'string' ? [given] : [...given];
  const named = files.join(', ');
  let judged: RunReport;
  const docs: unknown[] = [];
  for (const file of files) {
    try {
      const { doc, cut } = readHarText(readFileSync(file, 'utf8'));
      if (cut) err(`doppel check: --from-har ${file}: ${cut}`);
      docs.push(doc);
    } catch (error) {
      if (error instanceof SyntaxError || (error as { code?: string }).code === 'ENOENT' || (error as { code?: string }).code === 'EISDIR') {
        err(`doppel check: --from-har ${file}: ${error instanceof SyntaxError ? `not JSON, nor a HAR file doppel proxy left unclosed (${error.message})` : (error as Error).message}`);
        return 2;
      }
      throw error;
    }
  }
  try {
    const origins = { ...(options.tradingUrl ? { trading: options.tradingUrl } : {}), ...(options.walletUrl ? { wallet: options.walletUrl } : {}) };
    judged = judgeRecording(files.length === 1 ? docs[0] : docs, { file: named, origins, strict: options.strict, profile, profileName: options.profile, showSecrets: options.showSecrets });
  } catch (error) {
    if (error instanceof HarError) {
      err(`doppel check: --from-har ${named}: ${error.message.replace(/^file (\d+)/, (_, k: string) => files[Number(k) - 1] as string)}`);
      return 2;
    }
    throw error;
  }
  out(`doppel check: the recording${files.length > 1 ? `s of ${files.length} files,` : ''} ${named} (${judged.traffic?.exchanges ?? 0} exchanges${files.length > 1 ? ' judged as one stream, in the order they ended' : ''}; no request sent)`);
  if (baseline) announceBaseline(baseline, out);
  const report = baseline ? compareWithBaseline(judged, baseline) : judged;
  writeReports(report, options, out, 'doppel check');
  return report.failed ? 1 : 0;
}

/** One line saying which baseline the run is compared with (and a note if another doppel wrote it). */
function announceBaseline(baseline: Baseline, out: (line: string) => void): void {
  const counting = baseline.failures.filter((f) => f.severity === 'failure').length;
  const observations = baseline.failures.length - counting;
  out(`doppel check: baseline ${baseline.file} (doppel ${baseline.doppelVersion}, seed ${baseline.seed}, ${baseline.startedAt}): ${counting} known failure${counting === 1 ? '' : 's'}${observations ? `, ${observations} observation${observations === 1 ? '' : 's'}` : ''}`);
  if (baseline.note) out(`doppel check: note: ${baseline.note}`);
}
