// doppel diff from the command line: the recording read, both sides' URLs and keys, the
// comparison, its console lines and --json report; the exit status (0 no difference that counts,
// 1 a seed difference, or a decision or unexplained one with --strict, 2 a recording that cannot be
// read or a side that gives no answer).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { HarError, interruptOnSignals, plainText, PreflightError, readHarText } from '../conformance/index.js';
import { ProfileError } from '../spec/index.js';
import { compareProfiles, type ProfileDiff } from './compare-profiles.js';
import { createFolders } from '../mock/index.js';
import { diffCheckRuns } from './diff-check-runs.js';
import { diffRecording } from './diff-recording.js';
import { renderConsole } from './render-console.js';
import { renderHtml } from './render-html.js';
import { UnreachableError } from './replay-request.js';
import { sideKeys } from './side-keys.js';
import type { DiffReport, DiffTargets } from './types.js';

export interface DiffCliOptions {
  /** The recording's files (several: one stream, in the order their exchanges ended). */
  fromHar?: string[] | undefined;
  /** The checker's own generated run on each side instead of a recording (doppel check's options below). */
  check?: boolean | undefined;
  seed?: number | undefined;
  runs?: number | undefined;
  rateLimit?: boolean | undefined;
  concurrency?: number | undefined;
  walletRateLimit?: number | undefined;
  only?: string[] | undefined;
  /** Two profile files to compare instead of replaying traffic. */
  profiles?: [string, string] | undefined;
  primary: DiffTargets;
  candidate: DiffTargets;
  /** A second copy of the primary to learn the noise from. */
  secondary?: DiffTargets | undefined;
  tradingKey?: string | undefined;
  tradingReadKey?: string | undefined;
  walletKeys?: string[] | undefined;
  /** A trading key whose whitelist excludes the caller (the whitelist checks of --check; a recording's $DOPPEL_TRADING_IP_LOCKED_KEY). */
  tradingIpLockedKey?: string | undefined;
  candidateTradingIpLockedKey?: string | undefined;
  candidateTradingKey?: string | undefined;
  candidateTradingReadKey?: string | undefined;
  candidateWalletKeys?: string[] | undefined;
  allowWrites?: boolean | undefined;
  strict?: boolean | undefined;
  /** Relative tolerance of moving numbers. */
  tolerance: number;
  /** Seconds two times may be apart. */
  timeTolerance: number;
  json?: string | undefined;
  /** The page with the differing answers side by side. */
  html?: string | undefined;
  showSecrets?: boolean | undefined;
  /** Where SIGINT and SIGTERM come from (tests: an EventEmitter); default the process. */
  signals?: NodeJS.EventEmitter | undefined;
  out?: ((line: string) => void) | undefined;
  err?: ((line: string) => void) | undefined;
}

/** --profiles: the two profiles' changed points as lines (and --json); exit 1 on a change only under --strict. */
function diffProfiles(files: [string, string], options: DiffCliOptions, out: (line: string) => void, err: (line: string) => void): number {
  let result: ProfileDiff;
  try {
    result = compareProfiles(JSON.parse(readFileSync(files[0], 'utf8')), JSON.parse(readFileSync(files[1], 'utf8')));
  } catch (error) {
    if (error instanceof ProfileError || error instanceof SyntaxError || (error as { code?: string }).code === 'ENOENT' || (error as { code?: string }).code === 'EISDIR') {
      err(`doppel diff: --profiles: ${(error as Error).message}`);
      return 2;
    }
    throw error;
  }
  for (const c of result.changed) out(plainText(`decision changed: ${c.point}: ${JSON.stringify(c.primary)} → ${JSON.stringify(c.candidate)}`));
  for (const [only, file] of [[result.onlyPrimary, files[0]], [result.onlyCandidate, files[1]]] as const) {
    if (only.length) out(`only in ${plainText(file)} (not observed in the other): ${only.join(', ')}`);
  }
  out(`doppel diff: ${result.changed.length} decision${result.changed.length === 1 ? '' : 's'} changed between ${plainText(files[0])} and ${plainText(files[1])}`);
  if (options.json) {
    createFolders(dirname(options.json));
    writeFileSync(options.json, `${JSON.stringify({ format: 'doppel-profile-diff/1', primary: files[0], candidate: files[1], ...result }, null, 2)}\n`);
  }
  return options.strict && result.changed.length > 0 ? 1 : 0;
}

export async function runDiffCli(options: DiffCliOptions): Promise<number> {
  const out = options.out ?? ((line: string) => process.stdout.write(`${line}\n`));
  const err = options.err ?? ((line: string) => process.stderr.write(`${line}\n`));
  if (options.profiles) return diffProfiles(options.profiles, options, out, err);
  // SIGINT, SIGTERM: the comparison stops and writes what it compared, marked partial (exit 130, 143), as doppel check does.
  const interrupt = interruptOnSignals(options.signals);
  try {
    const code = await compare(options, out, err, interrupt.signal);
    return interrupt.exitCode() ?? code;
  } finally {
    interrupt.dispose();
  }
}

/** The comparison of a recording or of the checker's runs, its lines and files; the exit status. */
async function compare(options: DiffCliOptions, out: (line: string) => void, err: (line: string) => void, signal: AbortSignal): Promise<number> {
  const primary = sideKeys(options.tradingKey, options.tradingReadKey, options.walletKeys, options.tradingIpLockedKey);
  const candidate = sideKeys(options.candidateTradingKey ?? options.tradingKey, options.candidateTradingReadKey ?? options.tradingReadKey, options.candidateWalletKeys ?? options.walletKeys, options.candidateTradingIpLockedKey ?? options.tradingIpLockedKey);
  const tolerance = { relative: options.tolerance, seconds: options.timeTolerance };
  let report: DiffReport;
  if (options.check) {
    const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
    err(`doppel diff: the checker's run with --seed ${seed} on each side`);
    try {
      report = await diffCheckRuns({ ...options, keys: { primary, candidate }, seed, checks: options.only, tolerance, onWait: (line) => err(plainText(`doppel diff: ${line}`)), log: (line) => err(plainText(line)), signal });
    } catch (error) {
      if (!(error instanceof PreflightError || error instanceof UnreachableError)) throw error;
      err(plainText(`doppel diff: ${error.message}`));
      return 2;
    }
    return writeReport(report, options, out, err);
  }
  if (options.fromHar === undefined || options.fromHar.length === 0) {
    err('doppel diff: give --from-har FILE (a recording to replay), --check (the checker\'s run) or --profiles A B');
    return 2;
  }
  const docs: unknown[] = [];
  for (const file of options.fromHar) {
    try {
      const read = readHarText(readFileSync(file, 'utf8'));
      if (read.cut) err(`doppel diff: --from-har ${file}: ${read.cut}`);
      docs.push(read.doc);
    } catch (error) {
      if (error instanceof SyntaxError || (error as { code?: string }).code === 'ENOENT' || (error as { code?: string }).code === 'EISDIR') {
        err(`doppel diff: --from-har ${file}: ${(error as Error).message}`);
        return 2;
      }
      throw error;
    }
  }
  const doc = docs.length === 1 ? docs[0] : docs;
  const files = options.fromHar.join(', ');
  try {
    report = await diffRecording({
      file: files,
      doc,
      primary: options.primary,
      candidate: options.candidate,
      secondary: options.secondary,
      keys: { primary, candidate },
      allowWrites: options.allowWrites,
      strict: options.strict,
      tolerance,
      showSecrets: options.showSecrets,
      signal,
    });
  } catch (error) {
    if (error instanceof HarError) {
      err(`doppel diff: --from-har ${files}: ${error.message}`);
      return 2;
    }
    if (error instanceof UnreachableError) {
      err(plainText(`doppel diff: ${error.message}`));
      return 2;
    }
    throw error;
  }
  return writeReport(report, options, out, err);
}

/** The console lines, the --json and --html files; the exit status. */
function writeReport(report: DiffReport, options: DiffCliOptions, out: (line: string) => void, err: (line: string) => void): number {
  if (report.partial) err(`doppel diff: ${report.partial.interrupted}: the comparison stopped; writing what it compared, marked partial`);
  out(renderConsole(report));
  if (options.json) {
    createFolders(dirname(options.json));
    writeFileSync(options.json, `${JSON.stringify(report, null, 2)}\n`);
  }
  if (options.html) {
    createFolders(dirname(options.html));
    writeFileSync(options.html, renderHtml(report));
  }
  return report.failed ? 1 : 0;
}
