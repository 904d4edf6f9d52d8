// CORS for the stub (issue 13): a browser app on another origin (http://localhost:3000) may call
// the fake. Preflight OPTIONS on every route answers 204 with the route's methods and the headers
// both interfaces use; every answer carries Access-Control-Allow-Origin. Admin routes keep their
// token rule: a preflight carries no credentials, the real request still needs the token.

export interface CorsPolicy {
  /** `*` (any origin) or the exact origins allowed, e.g. `http://localhost:3000`. */
  origins: '*' | readonly string[];
}

/** The request headers a browser client of either interface sends (trading §5.1, wallet §5.1, admin, namespaces). */
export const CORS_ALLOWED_HEADERS = 'API-KEY, X-API-Key, Content-Type, Authorization, X-Doppel-Namespace';
/** Response headers a script may read besides the safelisted ones: the wallet's 429 Retry-After, the Date the clock sets. */
export const CORS_EXPOSED_HEADERS = 'Retry-After, Date';

/** The Access-Control-Allow-Origin value for a request's Origin, or undefined when that origin is not allowed. */
export function allowedOrigin(policy: CorsPolicy, origin: string | undefined): string | undefined {
  if (policy.origins === '*') return '*';
  return origin !== undefined && policy.origins.includes(origin) ? origin : undefined;
}

/** Adds the headers of an ordinary (non-preflight) answer. */
export function addCorsHeaders(policy: CorsPolicy, origin: string | undefined, headers: Record<string, string>): void {
  const allowed = allowedOrigin(policy, origin);
  if (policy.origins !== '*') headers['vary'] = 'Origin';
  if (allowed === undefined) return;
  headers['access-control-allow-origin'] = allowed;
  headers['access-control-expose-headers'] = CORS_EXPOSED_HEADERS;
}

/** The headers of a preflight answer for a route that allows `methods`. */
export function preflightHeaders(policy: CorsPolicy | null, origin: string | undefined, methods: readonly string[]): Record<string, string> {
  const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const headers: Record<string, string> = { allow };
  if (policy === null) return headers;
  if (policy.origins !== '*') headers['vary'] = 'Origin';
  const allowed = allowedOrigin(policy, origin);
  if (allowed === undefined) return headers;
  headers['access-control-allow-origin'] = allowed;
  headers['access-control-allow-methods'] = allow;
  headers['access-control-allow-headers'] = CORS_ALLOWED_HEADERS;
  headers['access-control-max-age'] = '600';
  return headers;
}
