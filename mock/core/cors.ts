// CORS: which web pages may read the fake's answers (docs/guides/security.md). A fake on a
// developer's machine runs next to a browser, and any page that browser opens could otherwise read
// it: Vite's CVE-2025-24010 was a dev server whose default CORS let every website read its answers.
//
// - The interfaces' routes answer CORS for pages of this machine (http(s)://localhost,
//   *.localhost, 127.0.0.1, [::1], any port: a front end on another port of the same machine), and
//   for the origins listed besides (or for any page, `*`).
// - The admin routes (/__doppel/*) hold the whole state (keys, password hashes) and can reset it:
//   they answer CORS only for the origins adminOrigins names, none by default. The dashboard is
//   served by the fake itself (same origin) and needs none.
// A route is an admin route by the route it matched, not by how its path is spelled
// (`/%5F%5Fdoppel/state` reaches the admin route too).
//
// Preflight OPTIONS on every route answers 204 with the route's methods; only an allowed origin
// gets Access-Control-Allow-Origin. Admin routes keep their token rule: a preflight carries no
// credentials, the real request still needs the token.

export interface CorsPolicy {
  /** Interfaces' routes: `*` (any origin) or exact origins; `loopback` in the list stands for every loopback origin. */
  origins: '*' | readonly string[];
  /** Admin routes (/__doppel/*): exact origins, or `loopback`; empty by default (same origin only). */
  adminOrigins: readonly string[];
}

/** The word that stands for every origin of this machine in an origin list. */
export const LOOPBACK_ORIGINS = 'loopback';

/** The request headers a browser client of either interface sends (trading §5.1, wallet §5.1, admin, namespaces). */
export const CORS_ALLOWED_HEADERS = 'API-KEY, X-API-Key, Content-Type, Authorization, X-Doppel-Namespace';
/** Response headers a script may read besides the safelisted ones: the wallet's 429 Retry-After, the Date the clock sets. */
export const CORS_EXPOSED_HEADERS = 'Retry-After, Date';

/**
 * An origin of this machine, as browsers serialize it: http or https, host localhost, a name under
 * .localhost (browsers resolve those to loopback themselves, never through DNS), 127.0.0.1 or [::1],
 * any port. The same set as Vite's default since CVE-2025-24010.
 */
const LOOPBACK_ORIGIN = /^https?:\/\/(?:(?:[a-z0-9-]+\.)*localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

function isLoopbackOrigin(origin: string): boolean {
  return LOOPBACK_ORIGIN.test(origin);
}

/** The admin routes' path templates (and what an unmatched path is taken for). */
export function isAdminPath(path: string): boolean {
  return path === '/__doppel' || path.startsWith('/__doppel/');
}

/**
 * Checks an origin list given as options (`--cors-origin`, `--admin-cors-origin`, FakeOptions.cors):
 * each entry an origin (scheme://host[:port], as browsers send Origin: no path, no trailing slash)
 * or `loopback`. Throws an Error naming the bad entry and `what` (the option).
 */
export function readOriginList(list: readonly string[], what: string): string[] {
  return list.map((entry) => {
    const origin = entry.trim();
    if (origin === LOOPBACK_ORIGINS) return origin;
    if (!URL.canParse(origin) || new URL(origin).origin !== origin) {
      throw new Error(`${what}: ${JSON.stringify(origin)} is not an origin (scheme://host[:port], e.g. http://localhost:3000, no path or trailing slash), nor ${LOOPBACK_ORIGINS}`);
    }
    return origin;
  });
}

/** The Access-Control-Allow-Origin value for a request's Origin, or undefined when that origin is not allowed. */
export function allowedOrigin(origins: '*' | readonly string[], origin: string | undefined): string | undefined {
  if (origins === '*') return '*';
  if (origin === undefined) return undefined;
  if (origins.includes(origin)) return origin;
  return origins.includes(LOOPBACK_ORIGINS) && isLoopbackOrigin(origin) ? origin : undefined;
}

const originsFor = (policy: CorsPolicy, admin: boolean): '*' | readonly string[] => (admin ? policy.adminOrigins : policy.origins);

/** Adds the headers of an ordinary (non-preflight) answer of an interface route, or of an admin route. */
export function addCorsHeaders(policy: CorsPolicy, origin: string | undefined, headers: Record<string, string>, admin: boolean): void {
  const origins = originsFor(policy, admin);
  if (origins !== '*') headers['vary'] = 'Origin';
  const allowed = allowedOrigin(origins, origin);
  if (allowed === undefined) return;
  headers['access-control-allow-origin'] = allowed;
  headers['access-control-expose-headers'] = CORS_EXPOSED_HEADERS;
}

/** The headers of a preflight answer for a route that allows `methods`. */
export function preflightHeaders(policy: CorsPolicy | null, origin: string | undefined, methods: readonly string[], admin: boolean): Record<string, string> {
  const allow = [...methods, ...(methods.includes('GET') ? ['HEAD'] : []), 'OPTIONS'].join(', ');
  const headers: Record<string, string> = { allow };
  if (policy === null) return headers;
  const origins = originsFor(policy, admin);
  if (origins !== '*') headers['vary'] = 'Origin';
  const allowed = allowedOrigin(origins, origin);
  if (allowed === undefined) return headers;
  headers['access-control-allow-origin'] = allowed;
  headers['access-control-allow-methods'] = allow;
  headers['access-control-allow-headers'] = CORS_ALLOWED_HEADERS;
  headers['access-control-max-age'] = '600';
  return headers;
}
