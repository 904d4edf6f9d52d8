// doppel diff --check: the checker's own generated run, one seed, on each side (runConformance,
// the run doppel check makes), instead of a recording. The same seed against targets that answer
// alike sends the same requests, so the two runs' exchanges are aligned as two sequences (a
// longest common subsequence of their operations: where one side's answer sent the run another
// way, the requests that differ stay unpaired and are counted) and each pair's answers compared
// as a recording's are. A rule the checker found broken on one side and not on the other is a seed
// difference on that side: the scenario checks' (a public read refused, a read key allowed to
// trade) as well as the stream's.
import { diffArrays } from 'diff';
import { createExchangeJudge, failureIdentity, learnSecrets, PreflightError, runConformance, TransportError, type ConformanceTargets, type Exchange, type ExchangeVerdict, type ReportedFailure, type RunReport } from '../conformance/index.js';
import { compareAnswers, type Tolerance } from './compare-answers.js';
import { diffReport, judgedDifferences, learnedValues, pathOf, type AnswerPairJudged } from './diff-report.js';
import { IdentifierMap } from './identifier-map.js';
import { NoiseModel } from './noise-model.js';
import { UnreachableError } from './replay-request.js';
import { keySecrets, type SideKeys } from './side-keys.js';
import type { Difference, DiffReport, DiffTargets, Side } from './types.js';

export interface CheckRunsOptions {
  primary: DiffTargets;
  candidate: DiffTargets;
  /** A second copy of the primary, run with the primary's keys: what differs between the two runs' answers is noise. */
  secondary?: DiffTargets | undefined;
  keys: Record<Side, SideKeys>;
  seed: number;
  /** Cases per generated property (doppel check --runs). */
  runs?: number | undefined;
  allowWrites?: boolean | undefined;
  /** doppel check --rate-limit: also send the 61st wallet request of a minute on one key. */
  rateLimit?: boolean | undefined;
  /** doppel check --only: run these checks alone. */
  checks?: string[] | undefined;
  /** --concurrency N: the race checks fire N overlapping requests on each side. */
  concurrency?: number | undefined;
  /** The wallet's limit per key and minute (doppel check --wallet-rate-limit). */
  walletRateLimit?: number | undefined;
  /** Overrides the client-side wallet budget (tests: Infinity). */
  walletKeyBudget?: number | undefined;
  strict?: boolean | undefined;
  tolerance: Tolerance;
  showSecrets?: boolean | undefined;
  /** A line each time a side's run waits (the wallet budget, a 429's Retry-After), with the side: a run never stalls silently. */
  onWait?: ((line: string) => void) | undefined;
  /** Each side's progress lines, with the side: with --allow-writes, the plan of what its run will write. */
  log?: ((line: string) => void) | undefined;
  /** Aborted (SIGINT, SIGTERM): each run stops at its next request and the report of what was compared is marked partial. */
  signal?: AbortSignal | undefined;
}

interface SideRun {
  report: RunReport;
  exchanges: Exchange[];
}

function targetsOf(urls: DiffTargets, keys: SideKeys): ConformanceTargets {
  const [key, readKey] = keys.trading;
  const [walletKey, ...extraKeys] = keys.wallet;
  return {
    ...(urls.trading ? { trading: { url: urls.trading, key, readKey, ipLockedKey: keys.tradingIpLocked } } : {}),
    ...(urls.wallet ? { wallet: { url: urls.wallet, key: walletKey, extraKeys } } : {}),
  };
}

async function runSide(side: Side | 'secondary', options: CheckRunsOptions): Promise<SideRun> {
  const exchanges: Exchange[] = [];
  try {
    const report = await runConformance({
      targets: side === 'secondary' ? targetsOf(options.secondary ?? {}, options.keys.primary) : targetsOf(options[side], options.keys[side]),
      seed: options.seed,
      runs: options.runs,
      allowWrites: options.allowWrites,
      rateLimit: options.rateLimit,
      checks: options.checks,
      concurrency: options.concurrency,
      walletRateLimit: options.walletRateLimit,
      walletKeyBudget: options.walletKeyBudget,
      // Its reports and wait lines masked as the diff's are (the same names); the exchanges come unmasked.
      showSecrets: options.showSecrets,
      onWait: (line) => options.onWait?.(`the ${side}'s run is ${line}`),
      log: (line) => options.log?.(`${side}: ${line}`),
      signal: options.signal,
      onExchange: (ex) => exchanges.push(ex),
    });
    return { report, exchanges };
  } catch (error) {
    if (error instanceof PreflightError) throw new PreflightError(error.code, `the ${side}: ${error.message}`);
    if (error instanceof TransportError) throw new UnreachableError(`the ${side} gave no answer: ${error.message}`);
    throw error;
  }
}

/** What makes two requests of the runs the same step: interface, method and operation (or path). */
const stepOf = (ex: Exchange): string => `${ex.iface} ${ex.method} ${ex.operationId ?? new URL(ex.url).pathname}`;

/** The runs' exchanges paired in order, as the longest common subsequence of their steps. */
export function alignRuns(primary: readonly Exchange[], candidate: readonly Exchange[]): { pairs: [Exchange, Exchange][]; unpaired: Record<Side, number>; divergedAfter: number | undefined } {
  const pairs: [Exchange, Exchange][] = [];
  const unpaired = { primary: 0, candidate: 0 };
  let divergedAfter: number | undefined;
  let [i, j] = [0, 0];
  for (const change of diffArrays(primary.map(stepOf), candidate.map(stepOf))) {
    if (change.added || change.removed) divergedAfter ??= pairs.length;
    if (change.removed) {
      unpaired.primary += change.count;
      i += change.count;
    } else if (change.added) {
      unpaired.candidate += change.count;
      j += change.count;
    } else {
      for (let n = 0; n < change.count; n++) pairs.push([primary[i++] as Exchange, candidate[j++] as Exchange]);
    }
  }
  return { pairs, unpaired, divergedAfter };
}

/** Seed failures of one run that the other run does not show (the same check, assertion, interface and operation). */
function brokenOnlyBy(mine: readonly ReportedFailure[], theirs: readonly ReportedFailure[]): ReportedFailure[] {
  const known = new Set(theirs.map(failureIdentity));
  return mine.filter((f) => f.kind === 'seed' && f.severity === 'failure' && !known.has(failureIdentity(f)));
}

export async function diffCheckRuns(options: CheckRunsOptions): Promise<DiffReport> {
  const [primary, candidate, secondary] = await Promise.all([runSide('primary', options), runSide('candidate', options), options.secondary && runSide('secondary', options)]);
  const runs: Record<Side, SideRun> = { primary, candidate };
  const secrets = keySecrets(options.keys, Boolean(options.showSecrets));
  for (const ex of [...primary.exchanges, ...candidate.exchanges, ...(secondary?.exchanges ?? [])]) learnSecrets(secrets, ex);
  const mask = (text: string) => secrets.mask(text);

  // Each side's answers judged as a stream, in the order its run recorded them, for what each answer shows.
  const verdicts = new Map<Exchange, ExchangeVerdict>();
  for (const run of [primary, candidate]) {
    const judge = createExchangeJudge();
    for (const ex of run.exchanges) verdicts.set(ex, judge.see(ex));
  }
  const { pairs, unpaired, divergedAfter } = alignRuns(primary.exchanges, candidate.exchanges);
  const toCandidate = new IdentifierMap();
  const judged: AnswerPairJudged[] = pairs.map(([p, c], n) => ({
    index: n + 1,
    iface: p.iface,
    method: p.method,
    url: p.url,
    sides: { primary: p, candidate: c },
    differences: compareAnswers(p.iface, p, c, toCandidate, options.tolerance),
    verdicts: { primary: verdicts.get(p)!, candidate: verdicts.get(c)! },
  }));
  // The secondary's run paired with the primary's as the candidate's is: what differs between them is noise.
  const noise = new NoiseModel();
  if (secondary) {
    const toSecondary = new IdentifierMap();
    for (const [p, s] of alignRuns(primary.exchanges, secondary.exchanges).pairs) noise.learn(p.operationId, compareAnswers(p.iface, p, s, toSecondary, options.tolerance));
  }
  const marked = noise.mark(judged);
  const values = { primary: learnedValues(primary.report.observations), candidate: learnedValues(candidate.report.observations) };
  const differences = judgedDifferences(marked, values, mask);

  // The rules the checker found broken on one side only, each once, where the answers did not already show it.
  const indexOf = new Map<Exchange, number>(pairs.flatMap(([p, c], n) => [[p, n + 1], [c, n + 1]] as [Exchange, number][]));
  for (const side of ['candidate', 'primary'] as const) {
    const other: Side = side === 'candidate' ? 'primary' : 'candidate';
    for (const f of brokenOnlyBy(runs[side].report.failures, runs[other].report.failures)) {
      const rule = mask(`${f.checkId}/${f.assertion} (${f.source}): ${f.title}`);
      if (differences.some((d) => d.verdict === 'seed' && d.side === side && d.rule?.startsWith(`${f.checkId}/${f.assertion} `))) continue;
      const shown = runs[side].exchanges.find((ex) => ex.seq === f.exchange?.seq);
      const url = f.exchange?.url;
      const difference: Difference = {
        index: shown ? (indexOf.get(shown) ?? 0) : 0,
        iface: f.iface,
        operationId: f.operationId,
        method: f.exchange?.method ?? '',
        path: url ? mask(pathOf(url)) : '',
        kind: 'rule',
        at: '',
        primary: side === 'primary' ? mask(f.message) : 'lawful',
        candidate: side === 'candidate' ? mask(f.message) : 'lawful',
        verdict: 'seed',
        side,
        rule,
      };
      differences.push(difference);
    }
  }
  const head = {
    recording: `doppel check --seed ${options.seed}`,
    primary: options.primary,
    candidate: options.candidate,
    ...(options.secondary ? { secondary: options.secondary, learnedNoisy: noise.size } : {}),
    requests: primary.exchanges.length,
    replayed: pairs.length,
    skippedWrites: 0,
    skippedInterfaces: 0,
    aligned: toCandidate.size,
    unpaired,
    divergedAfter,
    ...(options.signal?.aborted ? { partial: { interrupted: String(options.signal.reason) } } : {}),
  };
  return diffReport(head, marked, differences, values, mask, Boolean(options.strict));
}
