// RequestPattern: the one shape that picks requests, shared by the journal's filters, the
// verification helper and the fault rules (WireMock's request pattern, learned once).

export interface RequestPattern {
  /** HTTP method, any case (HEAD and OPTIONS are their own methods). */
  method?: string;
  /** A path template from the spec (`/api/v1/wallets/{id}/balance`) or a concrete path. */
  path?: string;
  operationId?: string;
  /** The API key the request carried (API-KEY or X-API-Key). */
  key?: string;
  /** The namespace (X-Doppel-Namespace; `default` without the header). Absent: any namespace. */
  namespace?: string;
  /** `trading` or `wallet`. Absent: both. */
  interface?: string;
}

/** What a pattern is matched against: the facts of one request. */
export interface RequestFacts {
  iface: string;
  method: string;
  path: string;
  /** The template of the route it matched, when it matched one. */
  route: string | undefined;
  operationId: string | undefined;
  key: string | undefined;
  namespace: string;
}

export const PATTERN_FIELDS = ['method', 'path', 'operationId', 'key', 'namespace', 'interface'] as const;

export function matchesPattern(pattern: RequestPattern, facts: RequestFacts): boolean {
  if (pattern.method !== undefined && pattern.method.toUpperCase() !== facts.method) return false;
  if (pattern.operationId !== undefined && pattern.operationId !== facts.operationId) return false;
  if (pattern.path !== undefined && pattern.path !== facts.route && pattern.path !== facts.path) return false;
  if (pattern.key !== undefined && pattern.key !== facts.key) return false;
  if (pattern.namespace !== undefined && pattern.namespace !== facts.namespace) return false;
  if (pattern.interface !== undefined && pattern.interface !== facts.iface) return false;
  return true;
}

/** The key of a request, whichever interface's header carries it (trading §5.1 API-KEY, wallet §5.1 X-API-Key). */
export function requestKey(headers: Record<string, string | undefined>): string | undefined {
  return headers['api-key'] ?? headers['x-api-key'];
}

/**
 * A pattern from untrusted JSON or a query string: only the known fields, each a non-empty
 * string of at most 200 characters; anything else is reported by name.
 */
export function readPattern(input: Record<string, unknown>, errors: string[], where = ''): RequestPattern {
  const pattern: RequestPattern = {};
  for (const field of PATTERN_FIELDS) {
    const value = input[field];
    if (value === undefined) continue;
    if (typeof value !== 'string' || value === '' || value.length > 200) {
      errors.push(`${where}${field} must be a non-empty string of at most 200 characters`);
      continue;
    }
    pattern[field] = value;
  }
  return pattern;
}
