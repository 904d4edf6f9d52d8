// What a run found: the failures of every check (one per check, assertion and operation, with how
// many exchanges showed it) and per check and operation how many cases it evaluated and failed.
import { assertionOf, type FailureReport } from '../checks/check.js';
import type { CheckMeta, CheckTally, Exchange, Failure, InterfaceName } from '../types.js';

/** Which exchange a repeated failure keeps: the smallest request (a response check), or the first seen. */
export type Keep = 'smallest' | 'first' | 'each';

function exchangeSize(ex: Exchange | undefined): number {
  return ex ? ex.url.length + (ex.requestBody?.length ?? 0) : Number.MAX_SAFE_INTEGER;
}

/** A failure as one judge kept it, with when (the exchange numbers) it was first found and its example kept: what merging judges orders by. */
export interface FoundFailure {
  failure: Failure;
  keep: Keep;
  first: number;
  kept: number;
}

/** What a Findings holds, as plain data (it crosses to another thread). */
export interface FindingsSnapshot {
  found: FoundFailure[];
  tallies: CheckTally[];
  cases: [string, number][];
}

/** One failure per check, assertion and operation (unless each is kept). */
const failureKey = (f: Pick<Failure, 'checkId' | 'assertion' | 'iface' | 'operationId'>): string => `${f.checkId}\u0000${f.assertion}\u0000${f.iface}\u0000${f.operationId ?? ''}`;

/** Whether `a` is the example one judge of the whole stream would keep over `b`. */
function keptBefore(a: FoundFailure, b: FoundFailure): boolean {
  if (a.keep === 'smallest') {
    const [sa, sb] = [exchangeSize(a.failure.exchange), exchangeSize(b.failure.exchange)];
    if (sa !== sb) return sa < sb;
  }
  return a.kept < b.kept;
}

export class Findings {
  readonly failures: Failure[] = [];
  /** The number of the exchange being judged (a stream's judge sets it): when each failure was found. */
  now = 0;
  private readonly found = new Map<Failure, FoundFailure>();
  private readonly tallies = new Map<string, CheckTally>();
  /** Cases per check and assertion (`<check>/<assertion>`). */
  private readonly assertionCases = new Map<string, number>();
  private readonly byKey = new Map<string, Failure>();

  /** One evaluated case of a check (counted per operation in the tallies), of the assertions it judged (default every one). */
  checked(check: CheckMeta, iface: InterfaceName, operationId: string | null, assertion?: string | readonly string[]): void {
    this.tally(check.id, iface, operationId).checked++;
    const ids = assertion === undefined ? check.assertions.map((a) => a.id) : typeof assertion === 'string' ? [assertion] : assertion;
    for (const id of ids) this.assertionCases.set(`${check.id}/${id}`, (this.assertionCases.get(`${check.id}/${id}`) ?? 0) + 1);
  }

  /** Cases each assertion of a check evaluated. */
  casesByAssertion(check: CheckMeta): Record<string, number> {
    return Object.fromEntries(check.assertions.map((a) => [a.id, this.assertionCases.get(`${check.id}/${a.id}`) ?? 0]));
  }

  /** Cases a check evaluated, over every operation. */
  casesOf(checkId: string): number {
    let n = 0;
    for (const t of this.tallies.values()) if (t.checkId === checkId) n += t.checked;
    return n;
  }

  failuresOf(checkId: string): Failure[] {
    return this.failures.filter((f) => f.checkId === checkId);
  }

  /**
   * Records a failure of `check`; returns it when it is new (a first of its check, assertion and
   * operation, or every one with keep 'each'), undefined when it only counted as another occurrence.
   */
  fail(check: CheckMeta, report: FailureReport & { iface: InterfaceName }, keep: Keep): Failure | undefined {
    const a = assertionOf(check, report.assertion);
    const { assertion: _named, ...rest } = report;
    const failure: Failure = { ...rest, checkId: check.id, assertion: a.id, kind: a.kind, source: a.source, occurrences: 1 };
    // A scenario check's own verdict on its request and its passive part's on the same exchange are one failure.
    if (report.exchange && this.failures.some((f) => f.exchange === report.exchange && f.checkId === check.id && f.assertion === a.id)) return undefined;
    this.tally(check.id, report.iface, report.operationId).failed++;
    const key = failureKey({ checkId: check.id, assertion: a.id, iface: report.iface, operationId: report.operationId });
    const existing = keep === 'each' ? undefined : this.byKey.get(key);
    if (!existing) {
      this.byKey.set(key, failure);
      this.failures.push(failure);
      this.found.set(failure, { failure, keep, first: this.now, kept: this.now });
      return failure;
    }
    existing.occurrences++;
    if (keep === 'smallest' && exchangeSize(report.exchange) < exchangeSize(existing.exchange)) {
      Object.assign(existing, { exchange: report.exchange, title: report.title, message: report.message, requests: report.requests });
      const found = this.found.get(existing);
      if (found) found.kept = this.now;
    }
    return undefined;
  }

  /** How a failure found here is kept when it repeats. */
  keepOf(failure: Failure): Keep | undefined {
    return this.found.get(failure)?.keep;
  }

  snapshot(): FindingsSnapshot {
    return { found: this.failures.map((f) => this.found.get(f) ?? { failure: f, keep: 'each', first: this.now, kept: this.now }), tallies: [...this.tallies.values()], cases: [...this.assertionCases] };
  }

  /**
   * The findings of judges that each saw part of one stream (exchanges numbered in the order they
   * ended), as one judge that saw all of it would have found them: a repeated failure keeps the
   * example that judge would have kept (the first, or the first of the smallest), counts every
   * occurrence, and stands where it was first found.
   */
  static merged(snapshots: readonly FindingsSnapshot[]): Findings {
    const out = new Findings();
    const groups = new Map<string, FoundFailure[]>();
    const order: FoundFailure[][] = [];
    snapshots.forEach((s, shard) =>
      s.found.forEach((f, i) => {
        const key = f.keep === 'each' ? `${shard}\u0000${i}` : failureKey(f.failure);
        let group = groups.get(key);
        if (!group) {
          groups.set(key, (group = []));
          order.push(group);
        }
        group.push(f);
      }),
    );
    const merged = order.map((group) => {
      const first = Math.min(...group.map((f) => f.first));
      const kept = group.reduce((a, b) => (keptBefore(b, a) ? b : a));
      return { first, failure: { ...kept.failure, occurrences: group.reduce((n, f) => n + f.failure.occurrences, 0) }, keep: kept.keep, kept: kept.kept };
    });
    // Stable: failures first found at the same exchange were found by one judge, in its order.
    merged.sort((a, b) => a.first - b.first);
    for (const m of merged) {
      out.failures.push(m.failure);
      out.found.set(m.failure, { failure: m.failure, keep: m.keep, first: m.first, kept: m.kept });
      if (m.keep !== 'each') out.byKey.set(failureKey(m.failure), m.failure);
    }
    // Tallies in one order whoever counted them: by check, interface and operation.
    const tallies = snapshots.flatMap((s) => s.tallies).sort((a, b) => (a.checkId === b.checkId ? (a.iface === b.iface ? (a.operationId < b.operationId ? -1 : a.operationId > b.operationId ? 1 : 0) : a.iface < b.iface ? -1 : 1) : a.checkId < b.checkId ? -1 : 1));
    for (const t of tallies) {
      const mine = out.tally(t.checkId, t.iface, t.operationId === '(none)' ? null : t.operationId);
      mine.checked += t.checked;
      mine.failed += t.failed;
    }
    for (const s of snapshots) for (const [key, n] of s.cases) out.assertionCases.set(key, (out.assertionCases.get(key) ?? 0) + n);
    return out;
  }

  allTallies(): CheckTally[] {
    return [...this.tallies.values()];
  }

  private tally(checkId: string, iface: InterfaceName, operationId: string | null): CheckTally {
    const op = operationId ?? '(none)';
    const key = `${checkId}\u0000${iface}\u0000${op}`;
    let t = this.tallies.get(key);
    if (!t) this.tallies.set(key, (t = { checkId, iface, operationId: op, checked: 0, failed: 0 }));
    return t;
  }
}
