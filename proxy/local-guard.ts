// What doppel proxy lets through before it forwards anything: the same local safety as doppel mock
// (docs/guides/security.md), with mock's own rules, not second copies of them.
// - The Host rule (mock/core/host-check.ts): the proxy rewrites Host to the target's, so a target's
//   own Host check never sees a DNS-rebinding page's name; the proxy checks it while bound to
//   loopback, as doppel mock does.
// - The admin token (mock/admin/admin-guard.ts): off loopback one is required; with one, every
//   request to the target's admin API (/__doppel/…, however its path is spelled) and to the
//   proxy's own routes needs `Authorization: Bearer <token>`. The header is forwarded as it came:
//   a doppel mock target started with the same token accepts it.
// - CORS on the proxy's own routes as on the mock's admin routes (mock/core/cors.ts): no origin
//   unless --admin-cors-origin names it. Forwarded answers keep the target's CORS headers.
import type { AdminRoute, FakeRequest } from '../mock/core/index.js';
import { adminGuard } from '../mock/admin/admin-guard.js';
import { addCorsHeaders, isAdminPath, preflightHeaders, type CorsPolicy } from '../mock/core/cors.js';
import { createHostCheck } from '../mock/core/host-check.js';
import { isLoopbackAddress } from '../mock/core/is-loopback-address.js';
import { errorResponse } from '../mock/core/respond.js';

export interface LocalSafetyOptions {
  /** The address the proxy binds. */
  host: string;
  /** --allowed-host, as readAllowedHosts returns them. */
  allowedHosts?: readonly string[] | undefined;
  /** --admin-token: required off loopback. */
  adminToken?: string | undefined;
  /** --admin-cors-origin: origins (or `loopback`) that may read the proxy's own routes. */
  adminCors?: readonly string[] | undefined;
}

/** An answer the proxy gives itself: status, headers, the envelope's text. */
export interface OwnAnswer {
  status: number;
  headers: Record<string, string>;
  text: string;
}

export interface LocalGuard {
  /** Why a request is refused before anything else (Host), or undefined. */
  host(header: string | undefined): OwnAnswer | undefined;
  /** For a request the proxy would forward or answer itself at an admin path: its refusal, or undefined. */
  admin(headers: Record<string, string | string[] | undefined>, method: string, path: string, own: boolean): OwnAnswer | undefined;
  /** CORS headers of an answer of the proxy's own routes. */
  cors(origin: string | undefined, headers: Record<string, string>): Record<string, string>;
  /** A preflight of one of the proxy's own routes. */
  preflight(origin: string | undefined, methods: readonly string[]): OwnAnswer;
}

const JSON_TYPE = 'application/json';

/** The refusal a binding gets (one line), or undefined when it may start. */
export function bindProblem(options: LocalSafetyOptions): string | undefined {
  if (isLoopbackAddress(options.host) || options.adminToken) return undefined;
  return `binding ${options.host} exposes the target's admin API and the proxy's own routes beyond this machine: give --admin-token`;
}

/**
 * The path as the target will route it, for the admin rule: percent-escapes decoded
 * (`/%5F%5Fdoppel/state` is an admin path of doppel mock), repeated slashes as one.
 */
export function routedPath(pathname: string): string {
  let path = pathname;
  try {
    path = decodeURIComponent(pathname);
  } catch {
    path = pathname.replace(/%5f/gi, '_');
  }
  return path.replace(/\/{2,}/g, '/').toLowerCase();
}

export function createLocalGuard(options: LocalSafetyOptions): LocalGuard {
  const loopback = isLoopbackAddress(options.host);
  const checkHost = createHostCheck(options.allowedHosts ?? []);
  const guard = adminGuard(options.adminToken || undefined);
  const policy: CorsPolicy = { origins: [], adminOrigins: options.adminCors ?? [] };
  const refusal = (error: unknown): OwnAnswer => {
    const r = errorResponse(error);
    return { status: r.status, headers: { ...r.headers, 'content-type': JSON_TYPE }, text: r.text };
  };
  return {
    host(header) {
      if (!loopback) return undefined;
      const why = checkHost(header);
      if (why === undefined) return undefined;
      const text = JSON.stringify({ success: false, error: why.replace('doppel mock on loopback', 'doppel proxy on loopback'), code: 'host_not_allowed' });
      return { status: 403, headers: { 'content-type': JSON_TYPE }, text };
    },
    admin(headers, method, path, own) {
      if (!own && (!options.adminToken || !isAdminPath(routedPath(path)))) return undefined;
      const one = (name: string): string | undefined => {
        const v = headers[name];
        return Array.isArray(v) ? v.join(', ') : v;
      };
      const req = { method, path, query: new URLSearchParams(), body: undefined, ip: '', headers: { authorization: one('authorization'), 'content-type': one('content-type') } } satisfies FakeRequest;
      // Forwarded requests meet only the token here: what else the admin API asks of a request is the target's to say.
      const route = { method: own ? method.toUpperCase() : 'GET', path } as AdminRoute;
      try {
        guard(req, route);
        return undefined;
      } catch (error) {
        return refusal(error);
      }
    },
    cors(origin, headers) {
      addCorsHeaders(policy, origin, headers, true);
      return headers;
    },
    preflight(origin, methods) {
      return { status: 204, headers: preflightHeaders(policy, origin, methods, true), text: '' };
    },
  };
}
