// Judging traffic doppel did not send (doppel proxy, doppel check --from-har): the one judge of
// doppel check over a stream of exchanges, in the order they ended; the secrets the traffic shows
// (keys in headers, tokens in login answers) masked in every line and report; coverage counted as
// the exchanges come; what was not judged (bodies over the cap, a target out of reach, clients
// that went away) counted apart. The report is doppel check's, so every reporter reads it.
import { REPORT_FORMAT, doppelVersion } from '../report/report-format.js';
import { DEFAULT_DECISIONS } from '../../spec/decision-points.js';
import { readProfile } from '../../spec/profile.js';
import { CHECKS, type Check } from '../checks/index.js';
import { CoverageTally } from '../judge/coverage.js';
import { InputClassTally } from '../judge/input-coverage.js';
import { inputClasses } from '../act/input-classes.js';
import { Findings } from '../judge/findings.js';
import { createJudge, type Judge } from '../judge/judge.js';
import { countsOf, maskedReport, reportedFailure } from '../report/masked-report.js';
import { Secrets } from '../report/secrets.js';
import { learnSecrets, type SecretsSource } from '../report/learn-secrets.js';
import { AimWatch } from './aim-watch.js';
import { isAdminRoute } from './admin-route.js';
import { isTargetReset } from './target-reset.js';
import type { CheckResult, Exchange, Failure, InterfaceName, ReportedFailure, RunReport, TrafficSummary } from '../types.js';

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
}

/** Examples of unreachable-target answers the report keeps. */
const UNREACHABLE_EXAMPLES = 5;

export class TrafficSession {
  readonly secrets: Secrets;
  private readonly findings = new Findings();
  private readonly judge: Judge;
  private readonly coverage = new CoverageTally();
  private readonly inputs: InputClassTally;
  private readonly checks: readonly Check[] = CHECKS;
  private readonly started = Date.now();
  private readonly countsAll: boolean;
  private seq = 0;
  private judged = 0;
  private readonly unchecked = { count: 0, bytes: 0 };
  private readonly unreachable: TrafficSummary['unreachable'] = { count: 0, examples: [] };
  private abandoned = 0;
  private resets = 0;
  private admin = 0;
  private readonly refused: NonNullable<TrafficSummary['refused']> = { count: 0, examples: [] };
  private from: string;
  private readonly aim: AimWatch;

  constructor(private readonly options: TrafficOptions) {
    const decisions = options.profile === undefined ? DEFAULT_DECISIONS : readProfile(options.profile);
    this.secrets = new Secrets(Boolean(options.showSecrets));
    this.from = options.from;
    this.aim = new AimWatch(options.targets, (line) => options.onWarning?.(this.secrets.mask(line)));
    this.countsAll = Boolean(options.strict);
    this.inputs = new InputClassTally(inputClasses((Object.keys(options.targets) as InterfaceName[]).sort(), decisions));
    this.judge = createJudge({
      checks: this.checks,
      decisions,
      findings: this.findings,
      onFailure: (f) => options.onFailure?.(this.reported(f)),
      // Per-check times mean little for traffic and cost two clock reads per check and exchange.
      timing: false,
    });
  }

  /** Where the traffic comes from, once known (a proxy's addresses after it listens). */
  describe(from: string): void {
    this.from = from;
  }

  /** The next exchange's number (1, 2, …). */
  nextSeq(): number {
    return ++this.seq;
  }

  /** Registers the secrets an exchange shows (by name, both ways), so that every line and report masks them from here on. */
  learnSecrets(ex: SecretsSource): void {
    learnSecrets(this.secrets, ex);
  }

  /** Judges an exchange (they come in the order they ended); one with the target's admin API is only counted (seeAdmin). */
  see(ex: Exchange): void {
    if (isAdminRoute(ex)) return this.seeAdmin(ex);
    this.learnSecrets(ex);
    this.judged++;
    this.coverage.add(ex.iface, ex.operationId, ex.status);
    this.inputs.see(ex);
    this.aim.see(ex);
    this.judge.see(ex);
    if (isTargetReset(ex)) this.targetReset();
  }

  /** The target's state was dropped (a reset made around the proxy, or seen through it): the judge forgets what it said before. */
  targetReset(): void {
    this.resets++;
    this.judge.forget();
    this.inputs.forget();
  }

  /**
   * An exchange with the target's admin API (a harness's set-up or state read through the proxy):
   * no interface's traffic, so not judged nor covered; its secrets (a state dump's keys, hashes and
   * salts) are learned, and a reset still makes the judge forget.
   */
  seeAdmin(ex: SecretsSource & Pick<Exchange, 'method' | 'url' | 'status'>): void {
    this.learnSecrets(ex);
    this.admin++;
    if (isTargetReset(ex)) this.targetReset();
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

  private reported(f: Failure): ReportedFailure {
    return reportedFailure(f, this.fails(f) ? 'failure' : 'observation', this.secrets);
  }

  /** The failures so far (violations and observations), masked: GET /__doppel/violations. */
  failures(): ReportedFailure[] {
    return this.findings.failures.map((f) => this.reported(f));
  }

  summary(): TrafficSummary {
    return {
      source: this.options.source,
      from: this.from,
      exchanges: this.judged,
      unchecked: { ...this.unchecked, cap: this.options.maxCheckBytes ?? null },
      unreachable: { count: this.unreachable.count, examples: [...this.unreachable.examples] },
      abandoned: this.abandoned,
      ...(this.resets ? { resets: this.resets } : {}),
      ...(this.aim.warnings().length ? { warnings: this.aim.warnings() } : {}),
      ...(this.admin ? { admin: { count: this.admin } } : {}),
      ...(this.refused.count ? { refused: { count: this.refused.count, examples: [...this.refused.examples] } } : {}),
    };
  }

  report(): RunReport {
    const ifaces = (Object.keys(this.options.targets) as InterfaceName[]).sort();
    const checks = this.checks.map((check) => this.outcome(check, ifaces));
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
      tallies: this.findings.allTallies(),
      failures: this.findings.failures.map((f) => ({ ...f, severity: this.fails(f) ? 'failure' : 'observation', curl: undefined, replay: [] })),
      coverage: this.coverage.coverage(ifaces),
      inputClasses: this.inputs.coverage((_c, refused) => refused ?? 'the traffic showed no request of it answered 2xx'),
      requests: this.judged + this.unchecked.count,
      throttled: 0,
      budgetWaitMs: 0,
      failed: counts.failed > 0,
      ...(this.aim.warnings().length ? { inconclusive: true } : {}),
      observations: this.judge.observations.list(),
      profile: this.options.profile === undefined ? undefined : (this.options.profileName ?? 'given'),
      traffic: this.summary(),
    };
    return maskedReport(raw, this.secrets);
  }

  private outcome(check: Check, ifaces: InterfaceName[]): CheckResult {
    const base = { id: check.id, appliesTo: check.appliesTo, title: check.title, assertions: check.assertions, durationMs: this.judge.timeOf(check.id), assertionCases: this.findings.casesByAssertion(check) };
    const cases = this.findings.casesOf(check.id);
    const mine = this.findings.failuresOf(check.id);
    if (mine.length || cases > 0) return { ...base, status: mine.some((f) => this.fails(f)) ? 'failed' : mine.length ? 'observed' : 'passed', cases };
    const reason = !check.appliesTo.some((i) => ifaces.includes(i))
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
