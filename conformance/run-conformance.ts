// runConformance: one suite against any target (hono's runTest pattern): the embedded fake when no
// URL is given, else the given interfaces. Scenarios first, then generated probes, then every
// response check over every recorded exchange.
import { CHECKS, type Check, type ScenarioOutput } from './checks/index.js';
import type { CheckContext } from './context.js';
import { renderCurl } from './curl.js';
import { DEMO_KEYS, freshEmbeddedWallet, startEmbedded } from './embedded-target.js';
import { discoverFacts } from './facts.js';
import { writePlan } from './plan.js';
import { runProbes } from './probes.js';
import { Client, TransportError } from './transport.js';
import type { CheckTally, Exchange, Failure, InterfaceName, ReportedFailure, RunReport } from './types.js';

export interface ConformanceTargets {
  trading?: { url: string; key?: string | undefined; readKey?: string | undefined } | undefined;
  wallet?: { url: string; key?: string | undefined } | undefined;
}

export interface ConformanceOptions {
  /** Undefined or empty: start the embedded fake and check it with its demo keys. */
  targets?: ConformanceTargets | undefined;
  seed?: number | undefined;
  runs?: number | undefined;
  allowWrites?: boolean | undefined;
  rateLimit?: boolean | undefined;
  /** Decision checks fail the run against foreign targets too. */
  strict?: boolean | undefined;
  /** Run only these check ids. */
  checks?: string[] | undefined;
  /** Requests a minute per wallet key the client allows itself against foreign targets (default 50). */
  walletKeyBudget?: number | undefined;
  /** Progress lines (plan, check results); default none. */
  log?: ((line: string) => void) | undefined;
  onCheck?: ((id: string, status: string, detail?: string) => void) | undefined;
}

type Tallies = Map<string, CheckTally>;

function tally(tallies: Tallies, checkId: string, iface: InterfaceName, operationId: string, failed: boolean, checked = true): void {
  const key = `${checkId}\u0000${iface}\u0000${operationId}`;
  let t = tallies.get(key);
  if (!t) tallies.set(key, (t = { checkId, iface, operationId, checked: 0, failed: 0 }));
  if (checked) t.checked++;
  if (failed) t.failed++;
}

function exchangeSize(ex: Exchange | undefined): number {
  return ex ? ex.url.length + (ex.requestBody?.length ?? 0) : Number.MAX_SAFE_INTEGER;
}

export async function runConformance(options: ConformanceOptions = {}): Promise<RunReport> {
  const started = Date.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const runs = options.runs ?? 100;
  const log = options.log ?? (() => {});
  const embedded = !options.targets || (!options.targets.trading && !options.targets.wallet);
  const mock = embedded ? await startEmbedded(seed) : undefined;
  const targets: ConformanceTargets = mock
    ? { trading: { url: mock.trading.url, key: DEMO_KEYS.trading, readKey: DEMO_KEYS.tradingRead }, wallet: { url: mock.wallet.url, key: DEMO_KEYS.wallet } }
    : (options.targets as ConformanceTargets);
  const bases: Partial<Record<InterfaceName, string>> = {};
  if (targets.trading) bases.trading = targets.trading.url;
  if (targets.wallet) bases.wallet = targets.wallet.url;
  const client = new Client({ bases, walletKeyBudget: embedded ? undefined : (options.walletKeyBudget ?? 50) });
  const allowWrites = embedded || Boolean(options.allowWrites);
  const memos = new Map<string, Promise<unknown>>();
  const ctx: CheckContext = {
    seed,
    runs,
    allowWrites,
    rateLimit: Boolean(options.rateLimit),
    embedded,
    client,
    targets: bases,
    trading: { key: targets.trading?.key, readKey: targets.trading?.readKey },
    wallet: { key: targets.wallet?.key },
    nonce: embedded ? `s${seed}` : `${seed}-${Date.now().toString(36)}`,
    facts: { symbols: [], prices: {}, markets: [], traders: [], chains: [], wallets: [] },
    freshWalletTarget: embedded ? freshEmbeddedWallet(seed) : undefined,
    send: (spec) => client.send(spec),
    memo<T>(key: string, fn: () => Promise<T>): Promise<T> {
      let p = memos.get(key) as Promise<T> | undefined;
      if (!p) memos.set(key, (p = fn()));
      return p;
    },
    log,
  };

  const tallies: Tallies = new Map();
  const failures: Failure[] = [];
  const statuses = new Map<string, { status: 'passed' | 'failed' | 'skipped'; skipReason?: string }>();
  const selected = CHECKS.filter((c) => (!options.checks || options.checks.includes(c.id)) && c.appliesTo.some((i) => bases[i] !== undefined));

  try {
    ctx.facts = await discoverFacts(client, { trading: Boolean(bases.trading), wallet: Boolean(bases.wallet), tradingKey: ctx.trading.key ?? ctx.trading.readKey, walletKey: ctx.wallet.key });
    if (allowWrites) writePlan(ctx).forEach((l) => log(l));

    for (const check of selected) {
      if (check.scope !== 'scenario') continue;
      const reason = check.skip(ctx);
      if (reason) {
        statuses.set(check.id, { status: 'skipped', skipReason: reason });
        options.onCheck?.(check.id, 'skipped', reason);
        continue;
      }
      const defaultIface = check.appliesTo.find((i) => bases[i] !== undefined) as InterfaceName;
      const before = failures.length;
      const out: ScenarioOutput = {
        checked: (operationId, iface) => tally(tallies, check.id, iface ?? defaultIface, operationId, false),
        fail: (f) => {
          const iface = f.iface ?? defaultIface;
          failures.push({ ...f, iface, checkId: check.id, kind: check.kind, source: check.source, occurrences: 1 });
          tally(tallies, check.id, iface, f.operationId ?? '(none)', true, false);
        },
      };
      try {
        await check.run(ctx, out);
      } catch (error) {
        if (error instanceof TransportError) throw error;
        out.fail({ operationId: null, title: 'the check could not complete', message: (error as Error).stack ?? String(error) });
      }
      statuses.set(check.id, { status: failures.length > before ? 'failed' : 'passed' });
      options.onCheck?.(check.id, failures.length > before ? 'failed' : 'passed');
    }

    await runProbes(ctx);
    for (const check of selected) {
      if (check.scope !== 'response') continue;
      const before = failures.length;
      runResponseCheck(check, client.exchanges, tallies, failures);
      statuses.set(check.id, { status: failures.length > before ? 'failed' : 'passed' });
      options.onCheck?.(check.id, failures.length > before ? 'failed' : 'passed');
    }
  } finally {
    await client.close();
    await mock?.close();
  }

  const countsAll = embedded || Boolean(options.strict);
  const reported: ReportedFailure[] = failures.map((f) => ({
    ...f,
    severity: countsAll || f.kind === 'seed' ? 'failure' : 'observation',
    curl: f.exchange ? renderCurl(f.exchange) : undefined,
  }));
  const checks = CHECKS.filter((c) => selected.includes(c)).map((c) => {
    const s = statuses.get(c.id) ?? { status: 'skipped' as const, skipReason: 'not run' };
    const mine = reported.filter((f) => f.checkId === c.id);
    const status = s.status === 'failed' && mine.every((f) => f.severity === 'observation') ? ('observed' as const) : s.status;
    return { id: c.id, source: c.source, kind: c.kind, appliesTo: c.appliesTo, title: c.title, status, skipReason: s.skipReason };
  });
  return {
    seed,
    runs,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    targets: (Object.keys(bases) as InterfaceName[]).map((iface) => ({ iface, url: bases[iface] as string, embedded })),
    allowWrites,
    rateLimit: Boolean(options.rateLimit),
    strict: Boolean(options.strict),
    checks,
    tallies: [...tallies.values()],
    failures: reported,
    requests: client.exchanges.length,
    throttled: client.throttled,
    failed: reported.some((f) => f.severity === 'failure'),
  };
}

/** Applies one response check to every exchange; one Failure per (operation, message kind), the smallest exchange kept. */
function runResponseCheck(check: Extract<Check, { scope: 'response' }>, exchanges: Exchange[], tallies: Tallies, failures: Failure[]): void {
  const byOp = new Map<string, Failure>();
  for (const ex of exchanges) {
    if (!check.appliesTo.includes(ex.iface) || !check.applies(ex)) continue;
    const problems = check.run(ex);
    const op = ex.operationId ?? '(unknown path)';
    tally(tallies, check.id, ex.iface, op, problems.length > 0);
    if (!problems.length) continue;
    const key = `${ex.iface}:${op}`;
    const existing = byOp.get(key);
    if (existing) {
      existing.occurrences++;
      if (exchangeSize(ex) < exchangeSize(existing.exchange)) Object.assign(existing, { exchange: ex, title: problems[0], message: problems.join('; ') });
      continue;
    }
    byOp.set(key, { checkId: check.id, kind: check.kind, source: check.source, iface: ex.iface, operationId: ex.operationId, title: problems[0] as string, message: problems.join('; '), exchange: ex, occurrences: 1 });
  }
  failures.push(...byOp.values());
}
