// Judging traffic doppel did not send (doppel proxy, doppel check --from-har): the one judge of
// doppel check over a stream of exchanges, in the order they ended; the secrets the traffic shows
// (keys in headers, tokens in login answers) masked in every line and report; coverage counted as
// the exchanges come; what was not judged (bodies over the cap, a target out of reach, clients
// that went away) counted apart. The report is doppel check's, so every reporter reads it.
import { REPORT_FORMAT, doppelVersion } from '../report/report-format.js';
import { DEFAULT_DECISIONS, type DecisionValues } from '../../spec/decision-points.js';
import { readProfile } from '../../spec/profile.js';
import { CHECKS, type Check } from '../checks/index.js';
import { CoverageTally } from '../judge/coverage.js';
import type { Keep } from '../judge/findings.js';
import { countsOf, maskedReport, reportedFailure } from '../report/masked-report.js';
import { Secrets } from '../report/secrets.js';
import { learnSecrets, type SecretsSource } from '../report/learn-secrets.js';
import { AimWatch } from './aim-watch.js';
import { isAdminRoute } from './admin-route.js';
import { JudgeShard, mergeShards, type MergedShards, type ShardSnapshot } from './judge-shard.js';
import { isTargetReset, resetScope } from './target-reset.js';
import type { CheckResult, Exchange, Failure, InterfaceName, ReportedFailure, RunReport, TrafficSummary } from '../types.js';

/**
 * Where a session's exchanges are judged: on this thread (a JudgeShard, the default), or by judges
 * beside it (doppel proxy's on worker threads, proxy/judge-pool.ts), which tell each failure they
 * find through `found` and give their shards' snapshots for a report.
 */
export interface Judging {
  see(ex: Exchange): void;
  /** The target's state was dropped (a namespace's; undefined: every one's): its judge forgets what it said before. */
  forget(namespace?: string): void;
  snapshots(): ShardSnapshot[] | Promise<ShardSnapshot[]>;
}

/** What a session gives the judges it is made with. */
export interface JudgingContext {
  ifaces: readonly InterfaceName[];
  decisions: Readonly<DecisionValues>;
  /** Told of each failure a judge found new to it; said once per failure of the whole traffic. */
  found: (failure: Failure, keep: Keep) => void;
  /** Told of an exchange the judges could not take (behind): counted as not judged. */
  behind: (bytes: number) => void;
}

export interface TrafficOptions {
  /** Where each watched interface's traffic goes (the target, not a proxy). */
  targets: Partial<Record<InterfaceName, string>>;
  source: TrafficSummary['source'];
  /** The proxy's addresses, or the HAR file. */
  from: string;
  /** Decision assertions fail too (--strict). */
  strict?: boolean | undefined;
  /** A deployment profile (parsed JSON): decision assertions compare with its values. Invalid → ProfileError. */
  profile?: unknown;
  profileName?: string | undefined;
  /** Keys and tokens in clear text (--show-secrets). */
  showSecrets?: boolean | undefined;
  /** Bodies over this many bytes are forwarded without being judged (the proxy's cap; a recording has none). */
  maxCheckBytes?: number | undefined;
  /** Told of each new failure as it is found, masked and with its curl line. */
  onFailure?: ((failure: ReportedFailure) => void) | undefined;
  /** Told at once when the traffic of an interface reaches none of its routes (a misaimed target), masked. */
  onWarning?: ((line: string) => void) | undefined;
  /** The judges (default: one shard on this thread). */
  judging?: ((context: JudgingContext) => Judging) | undefined;
  /** Nothing is judged: the traffic is recorded only (doppel proxy --record-only), to judge later. */
  recordOnly?: boolean | undefined;
}

/** Examples of unreachable-target answers the report keeps. */
const UNREACHABLE_EXAMPLES = 5;

export class TrafficSession {
  readonly secrets: Secrets;
  /** The exchanges whose secrets are learned already (learnSecrets is called before and within see()). */
  private readonly learned = new WeakSet<object>();
  private readonly judging: Judging;
  private readonly decisions: Readonly<DecisionValues>;
  private readonly ifaces: InterfaceName[];
  /** The coverage of answers not judged (over the cap): the judges count the rest. */
  private readonly coverage = new CoverageTally();
  private readonly checks: readonly Check[] = CHECKS;
  private readonly started = Date.now();
  private readonly countsAll: boolean;
  /** Failures already told (onFailure): several judges may each find the same one new. */
  private readonly told = new Set<string>();
  private seq = 0;
  private seen = 0;
  private readonly unchecked = { count: 0, bytes: 0 };
  private readonly notJudged = { count: 0, bytes: 0 };
  private readonly unreachable: TrafficSummary['unreachable'] = { count: 0, examples: [] };
  private abandoned = 0;
  private resets = 0;
  private admin = 0;
  private readonly refused: NonNullable<TrafficSummary['refused']> = { count: 0, examples: [] };
  private readonly targetFaults: NonNullable<TrafficSummary['targetFaults']> = { count: 0, examples: [] };
  private from: string;
  private readonly aim: AimWatch;

  constructor(private readonly options: TrafficOptions) {
    this.decisions = options.profile === undefined ? DEFAULT_DECISIONS : readProfile(options.profile);
    this.secrets = new Secrets(Boolean(options.showSecrets));
    this.from = options.from;
    this.aim = new AimWatch(options.targets, (line) => options.onWarning?.(this.secrets.mask(line)));
    this.countsAll = Boolean(options.strict);
    this.ifaces = (Object.keys(options.targets) as InterfaceName[]).sort();
    const context: JudgingContext = { ifaces: this.ifaces, decisions: this.decisions, found: (f, keep) => this.found(f, keep), behind: (bytes) => this.seeNotJudged(bytes) };
    this.judging = options.judging?.(context) ?? inlineJudging(context);
  }

  /** Where the traffic comes from, once known (a proxy's addresses after it listens). */
  describe(from: string): void {
    this.from = from;
  }

  /** The next exchange's number (1, 2, …). */
  nextSeq(): number {
    return ++this.seq;
  }

  /**
   * Registers the secrets an exchange shows (by name, both ways), so that every line and report masks
   * them from here on. Once per exchange: the proxy learns before it writes the HAR entry and ends the
   * answer, and judges after (see() learns again, for the callers that only judge).
   */
  learnSecrets(ex: SecretsSource): void {
    if (this.learned.has(ex)) return;
    this.learned.add(ex);
    learnSecrets(this.secrets, ex);
  }

  /** Judges an exchange (they come in the order they ended); one with the target's admin API is only counted (seeAdmin). */
  see(ex: Exchange): void {
    if (isAdminRoute(ex)) return this.seeAdmin(ex);
    this.learnSecrets(ex);
    this.seen++;
    this.aim.see(ex);
    if (isTargetReset(ex)) this.resets++;
    if (!this.options.recordOnly) this.judging.see(ex);
  }

  /** The target's state was dropped (a reset made around the proxy): the judges forget what it said before. */
  targetReset(): void {
    this.resets++;
    this.judging.forget();
  }

  /** Resets of the target seen or told of. */
  get resetCount(): number {
    return this.resets;
  }

  /** An exchange forwarded and recorded but not judged: the judges were behind (their queue full). */
  private seeNotJudged(bytes: number): void {
    this.notJudged.count++;
    this.notJudged.bytes += bytes;
  }

  /**
   * An exchange with the target's admin API (a harness's set-up or state read through the proxy):
   * no interface's traffic, so not judged nor covered; its secrets (a state dump's keys, hashes and
   * salts) are learned, and a reset still makes the judge forget.
   */
  seeAdmin(ex: SecretsSource & Pick<Exchange, 'method' | 'url' | 'status'>): void {
    this.learnSecrets(ex);
    this.admin++;
    if (!isTargetReset(ex)) return;
    // The namespace it dropped only (each has a model of its own); every one for {"namespaces": "all"}.
    this.resets++;
    this.judging.forget(resetScope(ex));
  }

  /** An answer forwarded without being judged: its body exceeded the cap (an admin route's: counted as admin). */
  seeUnchecked(iface: InterfaceName, operationId: string | null, status: number, bytes: number, url?: string): void {
    if (url !== undefined && isAdminRoute({ url })) {
      this.admin++;
      return;
    }
    this.unchecked.count++;
    this.unchecked.bytes += bytes;
    this.coverage.add(iface, operationId, status);
  }

  /** A request the target could not be reached for (answered 502 by the proxy): noted, not judged. */
  seeUnreachable(line: string): void {
    this.unreachable.count++;
    if (this.unreachable.examples.length < UNREACHABLE_EXAMPLES) this.unreachable.examples.push(this.secrets.mask(line));
  }

  /**
   * A request the target took (its connection was made and the request went out) without giving a
   * readable answer in time: a failure of the target, which fails the report.
   */
  seeTargetFault(line: string): void {
    this.targetFaults.count++;
    if (this.targetFaults.examples.length < UNREACHABLE_EXAMPLES) this.targetFaults.examples.push(this.secrets.mask(line));
  }

  /** A request the proxy answered itself without forwarding it (a Host not of this machine, no admin token, a request target that is not a path). */
  seeRefused(line: string): void {
    this.refused.count++;
    if (this.refused.examples.length < UNREACHABLE_EXAMPLES) this.refused.examples.push(this.secrets.mask(line));
  }

  /** A client that went away before its answer ended. */
  seeAbandoned(): void {
    this.abandoned++;
  }

  private fails(f: Failure): boolean {
    return this.countsAll || f.kind === 'seed';
  }

  /** A failure a judge found new to it: told once for the whole traffic, masked. */
  private found(f: Failure, keep: Keep): void {
    const key = keep === 'each' ? undefined : `${f.checkId}\u0000${f.assertion}\u0000${f.iface}\u0000${f.operationId ?? ''}`;
    if (key !== undefined) {
      if (this.told.has(key)) return;
      this.told.add(key);
    }
    this.options.onFailure?.(this.reported(f));
  }

  private reported(f: Failure): ReportedFailure {
    return reportedFailure(f, this.fails(f) ? 'failure' : 'observation', this.secrets);
  }

  /** What the judges found so far, merged (a judge on another thread answers in turn). */
  async judged(): Promise<MergedShards> {
    return this.merged(await this.judging.snapshots());
  }

  private merged(snapshots: readonly ShardSnapshot[]): MergedShards {
    return mergeShards(snapshots, this.ifaces, this.decisions);
  }

  /** The judges' snapshots now, from judges on this thread (doppel check --from-har, doppel proxy --judges 0). */
  private here(): MergedShards {
    const snapshots = this.judging.snapshots();
    if (!Array.isArray(snapshots)) throw new Error('the judges are on other threads: await judged() and pass it');
    return this.merged(snapshots);
  }

  /** The failures so far (violations and observations), masked: GET /__doppel/violations. */
  failures(judged: MergedShards = this.here()): ReportedFailure[] {
    return judged.findings.failures.map((f) => this.reported(f));
  }

  /** Why no verdict: traffic that reached no route of an interface, or every request met a target out of reach (nothing of it seen). */
  private warnings(): string[] {
    const cold = this.unreachable.count > 0 && this.seen + this.unchecked.count + this.targetFaults.count + this.admin === 0;
    const line = `WARNING: the target could not be reached for any of the ${this.unreachable.count} requests (${this.unreachable.examples[0] ?? ''}): nothing was judged, so no verdict is given`;
    return [...this.aim.warnings(), ...(cold ? [this.secrets.mask(line)] : [])];
  }

  summary(judged: MergedShards = this.here()): TrafficSummary {
    const warnings = this.warnings();
    return {
      source: this.options.source,
      from: this.from,
      exchanges: judged.judged,
      unchecked: { ...this.unchecked, cap: this.options.maxCheckBytes ?? null },
      unreachable: { count: this.unreachable.count, examples: [...this.unreachable.examples] },
      abandoned: this.abandoned,
      ...(this.notJudged.count ? { notJudged: { ...this.notJudged } } : {}),
      ...(this.options.recordOnly ? { recordOnly: { exchanges: this.seen } } : {}),
      ...(this.resets ? { resets: this.resets } : {}),
      ...(warnings.length ? { warnings } : {}),
      ...(this.admin ? { admin: { count: this.admin } } : {}),
      ...(this.refused.count ? { refused: { count: this.refused.count, examples: [...this.refused.examples] } } : {}),
      ...(this.targetFaults.count ? { targetFaults: { count: this.targetFaults.count, examples: [...this.targetFaults.examples] } } : {}),
    };
  }

  report(judged: MergedShards = this.here()): RunReport {
    const ifaces = this.ifaces;
    const { findings, observations, inputs } = judged;
    const coverage = new CoverageTally();
    coverage.absorb(this.coverage.snapshot());
    coverage.absorb(judged.coverage.snapshot());
    const checks = this.checks.map((check) => this.outcome(check, ifaces, judged));
    const counts = countsOf(checks);
    const raw: RunReport = {
      doppel_check_report: REPORT_FORMAT,
      doppelVersion: doppelVersion(),
      seed: 0,
      runs: 0,
      startedAt: new Date(this.started).toISOString(),
      durationMs: Date.now() - this.started,
      targets: ifaces.map((iface) => ({ iface, url: this.options.targets[iface] as string, embedded: false })),
      allowWrites: false,
      rateLimit: false,
      strict: Boolean(this.options.strict),
      requireAll: false,
      secrets: this.secrets.show ? [] : this.secrets.names(),
      checks,
      counts,
      tallies: findings.allTallies(),
      failures: findings.failures.map((f) => ({ ...f, severity: this.fails(f) ? 'failure' : 'observation', curl: undefined, replay: [] })),
      coverage: coverage.coverage(ifaces),
      inputClasses: inputs.coverage((_c, refused) => refused ?? 'the traffic showed no request of it answered 2xx'),
      requests: this.seen + this.unchecked.count,
      throttled: 0,
      budgetWaitMs: 0,
      failed: counts.failed > 0 || this.targetFaults.count > 0,
      // Traffic that reached nothing, or was not judged at all, gives no verdict.
      ...(this.warnings().length || this.options.recordOnly ? { inconclusive: true } : {}),
      observations: observations.list(),
      profile: this.options.profile === undefined ? undefined : (this.options.profileName ?? 'given'),
      traffic: this.summary(judged),
    };
    return maskedReport(raw, this.secrets);
  }

  private outcome(check: Check, ifaces: InterfaceName[], { findings }: MergedShards): CheckResult {
    // Per-check times mean little for traffic: not taken (two clock reads per check and exchange).
    const base = { id: check.id, appliesTo: check.appliesTo, title: check.title, assertions: check.assertions, durationMs: 0, assertionCases: findings.casesByAssertion(check) };
    const cases = findings.casesOf(check.id);
    const mine = findings.failuresOf(check.id);
    if (mine.length || cases > 0) return { ...base, status: mine.some((f) => this.fails(f)) ? 'failed' : mine.length ? 'observed' : 'passed', cases };
    const reason = this.options.recordOnly
      ? 'nothing was judged: the traffic was recorded only (--record-only); doppel check --from-har judges the recording'
      : !check.appliesTo.some((i) => ifaces.includes(i))
      ? `no ${check.appliesTo.join(' or ')} traffic watched`
      : check.scope === 'scenario'
        ? check.observer
          ? `the traffic showed none; that takes ${[...new Set(Object.values(check.observer.shows))].join(', or ')}`
          : check.passive
            ? 'no exchange of the traffic was of the kind it judges (doppel check sends its own)'
            : 'it sends requests of its own (doppel check runs it); traffic cannot show it'
        : 'no exchange of the traffic was of the kind it judges';
    return { ...base, status: 'not-exercised', reason, cases: 0 };
  }
}

/** One shard on this thread: judged as it comes, snapshots at once. */
function inlineJudging(context: JudgingContext): Judging {
  const shard = new JudgeShard({ ifaces: context.ifaces, decisions: context.decisions, onFailure: context.found });
  return { see: (ex) => shard.see(ex), forget: (namespace) => shard.forget(namespace), snapshots: () => [shard.snapshot()] };
}
