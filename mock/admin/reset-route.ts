// POST /__doppel/reset: back to the start in what a test can change (docs/reference/admin-api.md,
// reset): the state with its rate-limit windows and the clock of one namespace (the header's, else
// the default one) or of all, and the journal entries and fault rules of the same scope, so that a
// test after it meets nothing an earlier test left behind. A body may keep the journal or the fault
// rules; a body field it does not know is a 400 (a typo must not reset more than was asked).
import type { AdminRoute } from '../core/index.js';
import { DEFAULT_NAMESPACE, NAMESPACE_HEADER } from '../core/namespace-header.js';
import { domainError } from '../domain/domain-error.js';

/** What a reset may leave as it was. */
export const RESET_KEEPS = ['journal', 'faults'] as const;
export type ResetKeep = (typeof RESET_KEEPS)[number];

export interface ResetScope {
  /** Every namespace (`{"namespaces": "all"}`): the whole journal and every fault rule too. */
  all: boolean;
  /** Otherwise this one: the header's, or the default one. */
  namespace: string;
  /** True when no X-Doppel-Namespace named it: the fault rules that name no namespace are its too. */
  unnamed: boolean;
  keep: ReadonlySet<ResetKeep>;
}

export interface ResetResult {
  /** The virtual time after it (of the namespace reset; of the default one after `all`). */
  now: number;
  namespaces: string[];
  removed: { requests: number; faults: number };
}

export function resetRoute(reset: (scope: ResetScope) => ResetResult, view: (now: number) => object): AdminRoute {
  return {
    method: 'POST',
    path: '/__doppel/reset',
    operationId: 'adminReset',
    handle({ req, body }) {
      const scope = readResetBody(body, req.headers[NAMESPACE_HEADER]);
      const result = reset(scope);
      return { reset: true, ...view(result.now), namespaces: result.namespaces, removed: result.removed };
    },
  };
}

/** The body of a reset (`{}`, `{"namespaces": "all"}`, `{"keep": ["journal"]}`) and the header's namespace; a bad one is a 400 naming it. */
export function readResetBody(body: unknown, header: string | undefined): ResetScope {
  const errors: string[] = [];
  const fields = body === undefined || body === null ? {} : body;
  if (typeof fields !== 'object' || Array.isArray(fields)) throw domainError.invalid_request('the body of a reset is an object: {"namespaces"?: "all", "keep"?: ["journal", "faults"]}');
  const input = fields as Record<string, unknown>;
  for (const name of Object.keys(input)) if (name !== 'namespaces' && name !== 'keep') errors.push(`unknown field ${name} (namespaces, keep)`);
  const all = input['namespaces'];
  if (all !== undefined && all !== 'all') errors.push('namespaces must be "all" (without it: the X-Doppel-Namespace header\'s namespace, else the default one)');
  const keep = new Set<ResetKeep>();
  const kept = input['keep'];
  if (kept !== undefined) {
    if (!Array.isArray(kept)) errors.push('keep must be an array of "journal", "faults"');
    else {
      for (const item of kept) {
        if ((RESET_KEEPS as readonly unknown[]).includes(item)) keep.add(item as ResetKeep);
        else errors.push(`keep: ${JSON.stringify(item)} is not one of "journal", "faults"`);
      }
    }
  }
  if (errors.length > 0) throw domainError.invalid_request(errors.join('; '));
  return { all: all === 'all', namespace: header ?? DEFAULT_NAMESPACE, unnamed: header === undefined, keep };
}
