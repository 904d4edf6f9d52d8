// runConformance: one suite against any target (hono's runTest pattern): the embedded fake when no
// URL is given, else the given interfaces. Preflight first (keys accepted), then the scenarios,
// then generated probes; the judge applies every response and state check to each exchange as it
// is recorded. Each check ends with one of the outcomes of types.ts; a check that evaluated
// nothing has not passed.
import { CHECKS, type Check, type ScenarioOutput } from '../checks/index.js';
import { Findings } from '../judge/findings.js';
import { createJudge } from '../judge/judge.js';
import type { CheckContext } from '../act/context.js';
import { coverageOf } from '../judge/coverage.js';
import { inputClassesOf } from '../judge/input-coverage.js';
import { inputClasses, whyUnsent } from '../act/input-classes.js';
import { countsOf, maskedReport } from '../report/masked-report.js';
import { DEMO_KEYS, freshEmbeddedWallet, startEmbedded } from './embedded-target.js';
import { discoverFacts } from '../act/facts.js';
import { explore } from './explore/index.js';
import { requestFor } from '../exchange/operation-request.js';
import { writePlan } from './plan.js';
import { PreflightError, preflight } from './preflight.js';
import { runProbes } from './probes.js';
import { REPORT_FORMAT, doppelVersion } from '../report/report-format.js';
import { Secrets } from '../report/secrets.js';
import { learnSecrets } from '../report/learn-secrets.js';
import { Client, RunInterrupted, TransportError } from '../exchange/transport.js';
import type { CheckResult, Exchange, Failure, InterfaceName, RunReport } from '../types.js';
import { DEFAULT_DECISIONS } from '../../spec/decision-points.js';
import { readProfile } from '../../spec/profile.js';

export interface ConformanceTargets {
  trading?: { url: string; key?: string | undefined; readKey?: string | undefined; ipLockedKey?: string | undefined } | undefined;
  /** key: the user whose wallets are read and sent from; extraKeys: more keys to spread requests over. */
  wallet?: { url: string; key?: string | undefined; extraKeys?: string[] | undefined } | undefined;
}

export interface ConformanceOptions {
  /** Undefined or empty: start the embedded fake and check it with its demo keys. */
  targets?: ConformanceTargets | undefined;
  seed?: number | undefined;
  runs?: number | undefined;
  allowWrites?: boolean | undefined;
  rateLimit?: boolean | undefined;
  /** --concurrency N (2..16): the race checks fire N overlapping requests; default none. */
  concurrency?: number | undefined;
  /** Decision checks fail the run against foreign targets too. */
  strict?: boolean | undefined;
  /** Run only these check ids (--only); the others are `skipped`. */
  checks?: string[] | undefined;
  /** Skip these check ids (--skip). */
  skip?: string[] | undefined;
  /** A check not exercised fails the run (--require-all). */
  requireAll?: boolean | undefined;
  /** Keys in clear text in the report (--show-secrets); default masked. */
  showSecrets?: boolean | undefined;
  /** The target's wallet limit per key and minute (--wallet-rate-limit; wallet §8 says 60). */
  walletRateLimit?: number | undefined;
  /** Overrides the client-side budget derived from walletRateLimit (tests: Infinity). */
  walletKeyBudget?: number | undefined;
  /** Progress lines (the plan, retries); default none. */
  log?: ((line: string) => void) | undefined;
  /**
   * A line each time the run waits (the wallet budget, a 429's Retry-After, funds to arrive), with
   * the reason and how long; doppel check prints it on stderr, --quiet or not: a run never stalls silently.
   */
  onWait?: ((line: string) => void) | undefined;
  /**
   * Aborted (SIGINT, SIGTERM): the run stops at its next request or wait and returns what it has,
   * marked partial (RunReport.partial, the abort's reason); checks it did not finish say so.
   */
  signal?: AbortSignal | undefined;
  /** Told as each check ends. */
  onCheck?: ((result: CheckResult) => void) | undefined;
  /** Told each exchange as it is recorded, unmasked (doppel diff --check compares two runs' answers). */
  onExchange?: ((exchange: Exchange) => void) | undefined;
  /**
   * A deployment profile (parsed JSON, spec/profile.ts): decision checks compare with its values
   * instead of doppel's, and the embedded fake answers with them. Invalid → throws ProfileError.
   */
  profile?: unknown;
  /** Where the profile came from, for the report (a file name). */
  profileName?: string | undefined;
}

/** Requests a minute per key the client allows itself under a declared limit: a small margin for clock skew. */
export function budgetFor(limit: number): number {
  return Math.max(1, limit - Math.max(2, Math.ceil(limit / 20)));
}

const FLAG: Record<InterfaceName, string> = { trading: '--trading-url', wallet: '--wallet-url' };

export async function runConformance(options: ConformanceOptions = {}): Promise<RunReport> {
  const started = Date.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const runs = options.runs ?? 100;
  const log = options.log ?? (() => {});
  const waiting = (ms: number, why: string): void => options.onWait?.(`waiting ${Math.ceil(ms / 1000)} s: ${why}`);
  const embedded = !options.targets || (!options.targets.trading && !options.targets.wallet);
  // Validated before anything starts: a bad profile is a usage problem, not a finding.
  const decisions = options.profile === undefined ? DEFAULT_DECISIONS : readProfile(options.profile);
  const mock = embedded ? await startEmbedded(seed, undefined, options.profile) : undefined;
  const targets: ConformanceTargets = mock
    ? { trading: { url: mock.trading.url, key: DEMO_KEYS.trading, readKey: DEMO_KEYS.tradingRead, ipLockedKey: DEMO_KEYS.tradingIpLocked }, wallet: { url: mock.wallet.url, key: DEMO_KEYS.wallet } }
    : (options.targets as ConformanceTargets);
  const bases: Partial<Record<InterfaceName, string>> = {};
  if (targets.trading) bases.trading = targets.trading.url;
  if (targets.wallet) bases.wallet = targets.wallet.url;

  const secrets = new Secrets(Boolean(options.showSecrets));
  const seenSecrets = new Map<string, [base: string, what: string]>();
  const learned = { add: (value: string | undefined, base: string, what: string) => void (value !== undefined && !seenSecrets.has(value) && seenSecrets.set(value, [base, what])) };
  const given = (flag: string) => (embedded ? `the embedded fake's demo key for ${flag}` : flag);
  secrets.add(targets.trading?.key, 'DOPPEL_TRADING_KEY', given('--trading-key'));
  secrets.add(targets.trading?.readKey, 'DOPPEL_TRADING_READ_KEY', given('--trading-read-key'));
  secrets.add(targets.trading?.ipLockedKey, 'DOPPEL_TRADING_IP_LOCKED_KEY', given('--trading-ip-locked-key'));
  for (const key of [targets.wallet?.key, ...(targets.wallet?.extraKeys ?? [])]) secrets.add(key, 'DOPPEL_WALLET_KEY', given('--wallet-key'));

  const walletLimit = options.walletRateLimit ?? 60;
  const budget = embedded ? undefined : (options.walletKeyBudget ?? budgetFor(walletLimit));
  const findings = new Findings();
  // Filled in once the checks are selected, before the first request.
  let judge: ReturnType<typeof createJudge> | undefined;
  const client = new Client({
    bases,
    walletKeyBudget: budget,
    onExchange: (ex) => {
      // Secrets by name in what the target answered and in the bodies and queries sent (a token in
      // an answer, a key in a state dump), added at the end: the keys the checks register under
      // their own names keep them. The headers sent are the checker's own keys, registered already.
      learnSecrets(learned, ex, { requestHeaders: false });
      judge?.see(ex);
      options.onExchange?.(ex);
    },
    onBudgetWait: (ms, key) => waiting(ms, `wallet budget ${budget}/min per key (--wallet-rate-limit ${walletLimit}) used up by ${secrets.mask(key)}`),
    onWait: waiting,
    signal: options.signal,
  });
  const allowWrites = embedded || Boolean(options.allowWrites);
  const memos = new Map<string, Promise<unknown>>();
  const ctx: CheckContext = {
    seed,
    runs,
    allowWrites,
    rateLimit: Boolean(options.rateLimit),
    concurrency: options.concurrency,
    embedded,
    client,
    targets: bases,
    trading: { key: targets.trading?.key, readKey: targets.trading?.readKey, ipLockedKey: targets.trading?.ipLockedKey },
    wallet: { key: targets.wallet?.key, extraKeys: targets.wallet?.extraKeys ?? [] },
    // Derived from the seed alone: the same seed against the same target sends the same requests.
    nonce: `s${seed}`,
    facts: { symbols: [], prices: {}, markets: [], traders: [], chains: [], wallets: [] },
    freshWalletTarget: embedded
      ? async () => {
          const fresh = await freshEmbeddedWallet(seed, options.profile)();
          const apart = createJudge({ checks: selected.filter((c) => c.scope === 'scenario'), decisions, findings, observations: judge?.observations });
          return { ...fresh, see: (ex) => apart.see(ex) };
        }
      : undefined,
    call: (operationId, o) => client.send(requestFor(operationId, o)),
    send: (spec) => client.send(spec),
    memo<T>(key: string, fn: () => Promise<T>): Promise<T> {
      let p = memos.get(key) as Promise<T> | undefined;
      if (!p) memos.set(key, (p = fn()));
      return p;
    },
    log,
    secret: (value, base, what) => secrets.add(value, base, what),
    decisions,
  };

  const results = new Map<string, CheckResult>();
  const finish = (check: Check, partial: Pick<CheckResult, 'status' | 'reason' | 'cases' | 'durationMs'>, announce: boolean): void => {
    const result: CheckResult = { id: check.id, appliesTo: check.appliesTo, title: check.title, assertions: check.assertions, ...partial, assertionCases: findings.casesByAssertion(check) };
    results.set(check.id, result);
    if (announce) options.onCheck?.(result);
  };

  const selected: Check[] = [];
  for (const check of CHECKS) {
    if (options.checks && !options.checks.includes(check.id)) finish(check, { status: 'skipped', reason: 'not in --only', cases: 0, durationMs: 0 }, false);
    else if (options.skip?.includes(check.id)) finish(check, { status: 'skipped', reason: '--skip', cases: 0, durationMs: 0 }, false);
    else if (!check.appliesTo.some((i) => bases[i] !== undefined)) {
      const missing = check.appliesTo.map((i) => FLAG[i]).join(' or ');
      finish(check, { status: 'not-exercised', reason: `no ${check.appliesTo.join(' or ')} target (${missing})`, cases: 0, durationMs: 0 }, false);
    } else selected.push(check);
  }
  const countsAll = embedded || Boolean(options.strict);
  const fails = (f: Failure): boolean => countsAll || f.kind === 'seed';
  // Failed when a failure counts (a seed assertion's, or any under --strict); observed when only
  // decision assertions failed against a foreign target.
  const statusOf = (check: Check, cases: number): CheckResult['status'] => {
    const mine = findings.failuresOf(check.id);
    return mine.some(fails) ? 'failed' : mine.length ? 'observed' : cases > 0 ? 'passed' : 'not-exercised';
  };
  judge = createJudge({ checks: selected, decisions, findings });
  let judgesStream = false;
  let interrupted: string | undefined;

  try {
    await preflight(client, bases, {
      trading: targets.trading,
      wallet: targets.wallet ? { keys: [targets.wallet.key, ...(targets.wallet.extraKeys ?? [])].filter((k): k is string => k !== undefined) } : undefined,
      allowWrites,
    }).catch((error: unknown) => {
      // The answer quoted in the line may echo the key.
      throw error instanceof PreflightError ? new PreflightError(error.code, secrets.mask(error.message)) : error;
    });
    ctx.facts = await discoverFacts(client, { trading: Boolean(bases.trading), wallet: Boolean(bases.wallet), tradingKey: ctx.trading.key ?? ctx.trading.readKey, walletKey: ctx.wallet.key });
    if (allowWrites) writePlan(ctx).forEach((l) => log(l));
    // The explorer's and the probes' requests are for the checks that judge a stream of exchanges
    // (response and state checks); a scenario check sends what reveals its own points, so a run of
    // scenario checks alone (--only) sends theirs and nothing else.
    judgesStream = selected.some((check) => check.scope !== 'scenario');
    if (judgesStream) await explore(ctx);

    // A scenario check with an observer is judged by it over the whole run (its own requests and
    // every other's), so its outcome is told at the end, with the response and state checks.
    const idle = new Map<string, { reason: string; ms: number }>();
    for (const check of selected) {
      if (check.scope !== 'scenario') continue;
      const skipped = check.skip(ctx);
      if (skipped) {
        if (check.observer) idle.set(check.id, { reason: skipped, ms: 0 });
        else finish(check, { status: 'not-exercised', reason: skipped, cases: 0, durationMs: 0 }, true);
        continue;
      }
      const defaultIface = check.appliesTo.find((i) => bases[i] !== undefined) as InterfaceName;
      let notExercised: string | undefined;
      const out: ScenarioOutput = {
        checked: (operationId, iface, assertion) => findings.checked(check, iface ?? defaultIface, operationId, assertion),
        fail: (f) => void findings.fail(check, { ...f, iface: f.iface ?? defaultIface }, 'each'),
        notExercised: (why) => {
          notExercised = why;
        },
      };
      const t0 = performance.now();
      try {
        await check.run(ctx, out);
      } catch (error) {
        if (error instanceof TransportError) throw error;
        out.fail({ operationId: null, title: 'the check could not complete', message: (error as Error).stack ?? String(error) });
      }
      const ms = performance.now() - t0;
      if (check.observer) {
        idle.set(check.id, { reason: notExercised ?? 'its requests showed no case', ms });
        continue;
      }
      const cases = findings.casesOf(check.id);
      const status = statusOf(check, cases);
      finish(check, { status, reason: status === 'not-exercised' ? (notExercised ?? 'it evaluated no case') : undefined, cases, durationMs: ms }, true);
    }

    if (judgesStream) await runProbes(ctx);
    for (const check of selected) {
      if (check.scope === 'scenario' && !check.observer) continue;
      const cases = findings.casesOf(check.id);
      const status = statusOf(check, cases);
      const own = idle.get(check.id);
      const reason = status !== 'not-exercised' ? undefined : check.scope === 'scenario' ? own?.reason : (check.needs?.(ctx) ?? 'no recorded answer was of the kind it judges');
      finish(check, { status, reason, cases, durationMs: (own?.ms ?? 0) + judge.timeOf(check.id) }, true);
    }
  } catch (error) {
    if (!(error instanceof RunInterrupted)) throw error;
    interrupted = typeof options.signal?.reason === 'string' ? options.signal.reason : 'aborted';
  } finally {
    await client.close();
    await mock?.close();
  }
  if (interrupted !== undefined) {
    // What the stream showed so far is judged as it stands; a check with nothing judged says why.
    for (const check of selected) {
      if (results.has(check.id)) continue;
      const cases = findings.casesOf(check.id);
      const status = statusOf(check, cases);
      finish(check, { status, reason: status === 'not-exercised' ? `the run was interrupted (${interrupted}) before it was done` : undefined, cases, durationMs: judge.timeOf(check.id) }, false);
    }
  }

  const checks = CHECKS.map((c) => results.get(c.id) as CheckResult);
  const counts = countsOf(checks);
  const ifaces = (Object.keys(bases) as InterfaceName[]).sort();
  for (const [value, [base, what]] of seenSecrets) secrets.add(value, base, what);
  const raw: RunReport = {
    doppel_check_report: REPORT_FORMAT,
    doppelVersion: doppelVersion(),
    seed,
    runs,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    targets: ifaces.map((iface) => ({ iface, url: bases[iface] as string, embedded })),
    allowWrites,
    rateLimit: Boolean(options.rateLimit),
    ...(options.concurrency ? { concurrency: options.concurrency } : {}),
    strict: Boolean(options.strict),
    requireAll: Boolean(options.requireAll),
    secrets: secrets.show ? [] : secrets.names(),
    checks,
    counts,
    tallies: findings.allTallies(),
    failures: findings.failures.map((f) => ({ ...f, severity: fails(f) ? 'failure' : 'observation', curl: undefined, replay: [] })),
    coverage: coverageOf(ifaces, client.exchanges),
    inputClasses: inputClassesOf(inputClasses(ifaces, decisions), client.exchanges).coverage((c, refused) => whyUnsent(ctx, c, judgesStream, refused)),
    requests: client.exchanges.length,
    throttled: client.throttled,
    budgetWaitMs: Math.round(client.budgetWaitMs),
    walletBudget: givenKeysOnly(client.budgetUsage(), [targets.wallet?.key, ...(targets.wallet?.extraKeys ?? [])]),
    failed: counts.failed > 0 || (Boolean(options.requireAll) && counts.notExercised > 0),
    observations: judge.observations.list(),
    profile: options.profile === undefined ? undefined : (options.profileName ?? 'given'),
    ...(interrupted !== undefined ? { partial: { interrupted } } : {}),
  };
  return maskedReport(raw, secrets);
}

/**
 * The wallet budget as the user's keys used it: the checker's own keys (the invalid key the auth
 * checks send, keys of users it registered) are metered too, but the summary's "N keys" and the
 * busiest key are about the --wallet-keys given.
 */
function givenKeysOnly(usage: RunReport['walletBudget'], given: (string | undefined)[]): RunReport['walletBudget'] {
  if (usage === undefined) return undefined;
  return { ...usage, keys: usage.keys.filter((k) => given.includes(k.key)) };
}
