// A mutant: one operator applied at one site of one interface (an operation, a field, a status, a
// relation), as a breaking layer in front of doppel mock (test/conformance/broken-proxy.ts). Each
// states the clause or decision it violates, so a survivor names the rule the checker let pass;
// an operator that can break no rule at a site is generated as equivalent, with the reason.
import type { Breakage, ProxiedRequest, ProxiedResponse } from '../conformance/broken-proxy.js';

export type Family = 'shape' | 'decimal' | 'date' | 'listing' | 'relation' | 'status' | 'bytes' | 'state' | 'clause' | 'race';

export type Violation = { kind: 'seed'; clauses: readonly string[] } | { kind: 'decision'; decision: string };

export interface Mutant {
  /** Stable and unique: `<operator> <iface> <site>`. */
  id: string;
  family: Family;
  operator: string;
  iface: 'trading' | 'wallet';
  /** Where it applies: an operation and field, a relation, a status. */
  site: string;
  violates: Violation;
  /** What the target does wrong. */
  says: string;
  /** Why no traffic can observe it (the documents allow what it does): counted apart, never run. */
  equivalent?: string;
  /** Race classes: judged by a run with --concurrency 8. */
  concurrency?: number;
  /** Needs the documented wallet limit of 60 and --rate-limit. */
  rateLimit?: boolean;
  /** The breaking layer, made fresh for each run (a layer may keep state across the run's exchanges). */
  breakage: () => Breakage;
}

/** What one answer or request looked like before and after the layer changed it. */
export interface Application {
  req: ProxiedRequest;
  before?: ProxiedResponse;
  after?: ProxiedResponse;
  /** The request as the layer forwarded it, when it changed the request. */
  forwarded?: ProxiedRequest;
}

const sameHeaders = (a: Record<string, string>, b: Record<string, string>): boolean => {
  const ka = Object.keys(a);
  return ka.length === Object.keys(b).length && ka.every((k) => a[k] === b[k]);
};

const sameResponse = (a: ProxiedResponse, b: ProxiedResponse): boolean =>
  a.status === b.status && a.body === b.body && a.bytes === b.bytes && a.wire === b.wire && sameHeaders(a.headers, b.headers);

const sameRequest = (a: ProxiedRequest, b: ProxiedRequest): boolean => a.method === b.method && a.path === b.path && a.body === b.body && sameHeaders(a.headers, b.headers);

/**
 * The layer, counting where it changed something: a layer that never changed a request or an
 * answer of the run was not applied (the checker's traffic never reached it), whatever the verdict.
 */
export function tracked(b: Breakage, seen: Application[]): Breakage {
  return {
    request: (req) => {
      const next = b.request?.(req) ?? req;
      if (next !== req && !sameRequest(req, next)) seen.push({ req, forwarded: next });
      return next;
    },
    twice: (req) => {
      const yes = Boolean(b.twice?.(req));
      if (yes) seen.push({ req, forwarded: req });
      return yes;
    },
    response: (req, res) => {
      const next = b.response?.(req, res) ?? res;
      if (next !== res && !sameResponse(res, next)) seen.push({ req, before: res, after: next });
      return next;
    },
  };
}

export const seedOf = (...clauses: string[]): Violation => ({ kind: 'seed', clauses });
export const decisionOf = (decision: string): Violation => ({ kind: 'decision', decision });
export const ruleOf = (v: Violation): string => (v.kind === 'seed' ? v.clauses.join('; ') : `decision ${v.decision}`);
