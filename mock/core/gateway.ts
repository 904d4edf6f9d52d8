// createGateway: the stages around the per-namespace pipeline (docs/ARCHITECTURE.md), in order:
//
//   Host rule → CORS preflight / HEAD → namespace → fault rule? → [pipeline: admin? settle →
//   authenticate → body → validation → operation → envelope] → CORS headers → journal
//
// One gateway per interface; the journal and the fault rules are the whole fake's (both
// interfaces, every namespace), the namespace picks the pipeline (its own state and clock).
// Synchronous like the pipeline: a delay or a dropped connection is data on the FakeResponse.
//
// The Host rule (mock/core/host-check.ts) comes first: a refused request creates no namespace,
// meets no fault rule and reaches no route. It is still journaled, like every answer the fake
// gives: a developer whose proxy sends another Host sees the 403 in GET /__doppel/requests.

import { errorResponse } from './respond.js';
import { addCorsHeaders, isAdminPath, preflightHeaders, type CorsPolicy } from './cors.js';
import { createHostCheck } from './host-check.js';
import type { FakeRequest, FakeResponse } from './fake-request.js';
import type { FaultRule, FaultRules } from './fault-rules.js';
import { maskBody } from './mask-secrets.js';
import { namespaceOf } from './namespace-header.js';
import { JSON_CONTENT_TYPE, type App, type RoutedApp } from './pipeline.js';
import type { RequestJournal } from './request-journal.js';
import { requestKey, type RequestFacts } from './request-pattern.js';
import { domainError } from '../domain/domain-error.js';

export interface ServedNamespace {
  app: App;
  /** The namespace's virtual clock, for the journal. */
  now(): number;
}

export interface GatewayOptions {
  iface: string;
  /** null: no CORS headers (`--no-cors`); OPTIONS still answers with Allow. */
  cors: CorsPolicy | null;
  /** Host names besides this machine's that a request through a loopback listener may name (--allowed-host). */
  allowedHosts: readonly string[];
  /** null: no journal (`--journal-size 0`). */
  journal: RequestJournal | null;
  faults: FaultRules;
  /** Routes are the same in every namespace: preflights and fault matching ask this one. */
  routes: RoutedApp;
  /** The namespace's pipeline, created on first use; throws DomainError (bad name, limit reached). */
  namespace(name: string): ServedNamespace;
}

/**
 * The journal does not record its own reads and clears, nor the dashboard's polling, nor health
 * probes (they would crowd out what a test or a person looks for: what the client under test sent).
 */
const UNRECORDED = ['/__doppel/requests', '/__doppel/dashboard/', '/__doppel/health'];
const recorded = (path: string): boolean => !path.startsWith('/__doppel/') || !UNRECORDED.some((prefix) => path.startsWith(prefix));

export function createGateway(options: GatewayOptions): App {
  const { iface, cors, journal, faults, routes } = options;
  const checkHost = createHostCheck(options.allowedHosts);

  function handle(req: FakeRequest): FakeResponse {
    // Serialized before the pipeline runs: body validation fills defaults into req.body in place,
    // and the journal keeps what the client sent. As text: one string is cheaper to keep (and for
    // the GC to carry) than a copy of the object tree; it is parsed and masked when read.
    // The text as sent when the adapter has it (no second serialization on the write path).
    const sent = journal !== null && req.body !== undefined ? (req.bodyText ?? bodyText(req.body)) : undefined;
    const wallMs = journal !== null ? Date.now() : 0;
    // Adapters pass the method as sent, nearly always upper-case already (toUpperCase allocates).
    const method = req.method === 'GET' || req.method === 'POST' ? req.method : req.method.toUpperCase();
    const namespace = namespaceOf(req.headers);
    let response: FakeResponse;
    let served: ServedNamespace | undefined;
    let rule: FaultRule | undefined;
    let facts: RequestFacts | undefined;
    const refused = req.listener === 'loopback' ? checkHost(req.headers['host']) : undefined;
    if (refused !== undefined) {
      // doppel's own refusal, outside both interfaces' contracts (like the HTTP parser's), in their envelope.
      const body = { success: false, error: refused, code: 'host_not_allowed' };
      response = { status: 403, headers: { 'content-type': JSON_CONTENT_TYPE }, body, text: JSON.stringify(body) };
    } else if (method === 'OPTIONS') {
      response = preflight(req);
    } else {
      // HEAD is GET without the body (RFC 9110 §9.3.2): same route, same guards, same headers.
      const head = method === 'HEAD';
      try {
        served = options.namespace(namespace);
        // Admin routes are doppel's own, not the service's: no rule fails them (a namespace-wide
        // rule must not lock a test out of removing it).
        if (faults.active > 0) {
          facts = factsOf(req, method, namespace);
          if (!isAdminPath(facts.route ?? req.path)) rule = faults.take(facts);
        }
        // The query named: an adapter may make it only when read (a getter a spread leaves out).
        const routed = head ? { ...req, method: 'GET', query: req.query } : req;
        response = rule === undefined ? served.app.handle(routed) : faultResponse(rule, served, routed);
      } catch (error) {
        // A bad namespace name or one namespace too many (DomainError); anything else is a bug: 500.
        response = errorResponse(error);
        response.headers['content-type'] = JSON_CONTENT_TYPE;
      }
      if (head && response.chunks !== undefined) {
        // The length of a body made in pieces is not known before it is made: none is sent.
        response.chunks.return?.();
        delete response.chunks;
        response.text = '';
        response.body = undefined;
      } else if (head && response.drop !== true) {
        response.headers['content-length'] = String(utf8Length(response.text));
        response.text = '';
        response.body = undefined;
      }
    }
    // A preflight's answer has its CORS headers already. Otherwise the admin policy applies by the
    // route that answered (an escaped path reaches an admin route too), else by the path.
    if (cors !== null && method !== 'OPTIONS') addCorsHeaders(cors, req.headers['origin'], response.headers, isAdminPath(response.route ?? facts?.route ?? routes.describe(routedMethod(method), req.path)?.route ?? req.path));
    if (journal !== null && recorded(req.path)) {
      // The route that answered is known without asking the routes again (an answer of the pipeline).
      if (response.route === undefined) facts ??= factsOf(req, method, namespace);
      // Fields listed one by one, not spread: an object spread here cost more than the whole
      // operation (bench/stub-features.ts). The object dies young: the journal copies its fields.
      journal.record({
        iface,
        method,
        path: req.path,
        key: requestKey(req.headers),
        namespace,
        operationId: response.operationId ?? facts?.operationId,
        route: response.route ?? facts?.route,
        // As sent when the adapter has it (parsed when the journal is read); most requests have none.
        query: req.search !== undefined ? (req.search === '' ? undefined : req.search) : req.query.size === 0 ? undefined : req.query,
        headers: req.headers,
        body: sent,
        status: response.drop === true ? 0 : response.status,
        contentType: response.headers['content-type'],
        // A body made in pieces is not kept (nor read here: that would make it whole).
        text: response.chunks === undefined ? response.text : '',
        shared: response.shared,
        virtualMs: response.at ?? served?.now() ?? wallMs,
        wallMs,
        fault: rule?.id,
      });
    }
    return response;
  }

  function factsOf(req: FakeRequest, method: string, namespace: string): RequestFacts {
    const info = routes.describe(routedMethod(method), req.path);
    return { iface, method, path: req.path, route: info?.route, operationId: info?.operationId, key: requestKey(req.headers), namespace };
  }

  function preflight(req: FakeRequest): FakeResponse {
    const methods = routes.methods(req.path);
    if (methods.length === 0) {
      const response = errorResponse(domainError.route_not_found(`no endpoint at ${req.path}`));
      response.headers['content-type'] = JSON_CONTENT_TYPE;
      if (cors !== null) addCorsHeaders(cors, req.headers['origin'], response.headers, isAdminPath(req.path));
      return response;
    }
    // A preflight needs no credentials (browsers send none): admin routes too; the real request
    // after it meets the admin token rule as usual.
    const admin = methods.some((m) => isAdminPath(routes.describe(m, req.path)?.route ?? req.path));
    const headers = preflightHeaders(cors, req.headers['origin'], methods, admin);
    return { status: 204, headers, body: undefined, text: '' };
  }

  return { handle };
}

/** HEAD is routed as GET. */
const routedMethod = (method: string): string => (method === 'HEAD' ? 'GET' : method);

function faultResponse(rule: FaultRule, served: ServedNamespace, req: FakeRequest): FakeResponse {
  const { fault } = rule;
  switch (fault.type) {
    case 'delay': {
      const response = served.app.handle(req);
      response.delayMs = fault.ms;
      return response;
    }
    case 'no_answer':
      return { status: 0, headers: {}, body: undefined, text: '', drop: true, delayMs: fault.ms };
    case 'drop':
      return { status: 0, headers: {}, body: undefined, text: '', drop: true };
    // An answer of the fake's own carries the Date of its virtual clock like every other (the
    // pipeline's rule), or an adapter would add the wall clock's: a client comparing Date with
    // record dates must not see two clocks.
    case 'rate_limit': {
      const body = { success: false, error: `rate limit exceeded (injected by fault rule ${rule.id})`, code: 'rate_limited' };
      const at = served.now();
      return { status: 429, headers: { 'content-type': JSON_CONTENT_TYPE, date: new Date(at).toUTCString(), 'retry-after': String(fault.retry_after) }, body, text: JSON.stringify(body), at };
    }
    case 'status': {
      const body = { success: false, error: fault.error ?? `injected fault ${rule.id}: ${fault.status}`, code: 'injected_fault' };
      const at = served.now();
      return { status: fault.status, headers: { 'content-type': JSON_CONTENT_TYPE, date: new Date(at).toUTCString() }, body, text: JSON.stringify(body), at };
    }
  }
}

/** JSON text of a request body; a fuzzer's 100,000 nested arrays overflow JSON.stringify's stack, so then a bounded copy. */
function bodyText(body: unknown): string {
  try {
    return JSON.stringify(body);
  } catch {
    return JSON.stringify(maskBody(body));
  }
}

function utf8Length(text: string): number {
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}
