// What a run found: the failures of every check (one per check, assertion and operation, with how
// many exchanges showed it) and per check and operation how many cases it evaluated and failed.
import { assertionOf, type FailureReport } from '../checks/check.js';
import type { CheckMeta, CheckTally, Exchange, Failure, InterfaceName } from '../types.js';

/** Which exchange a repeated failure keeps: the smallest request (a response check), or the first seen. */
export type Keep = 'smallest' | 'first' | 'each';

function exchangeSize(ex: Exchange | undefined): number {
  return ex ? ex.url.length + (ex.requestBody?.length ?? 0) : Number.MAX_SAFE_INTEGER;
}

export class Findings {
  readonly failures: Failure[] = [];
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
    const key = `${check.id}\u0000${a.id}\u0000${report.iface}\u0000${report.operationId ?? ''}`;
    const existing = keep === 'each' ? undefined : this.byKey.get(key);
    if (!existing) {
      this.byKey.set(key, failure);
      this.failures.push(failure);
      return failure;
    }
    existing.occurrences++;
    if (keep === 'smallest' && exchangeSize(report.exchange) < exchangeSize(existing.exchange)) {
      Object.assign(existing, { exchange: report.exchange, title: report.title, message: report.message, requests: report.requests });
    }
    return undefined;
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
