// createPipeline: the one request pipeline of both interfaces. Every adapter (node:http, msw,
// fake.fetch) hands it a FakeRequest; it runs each request exactly once through, in this order
// (decisions trading.guard-order, wallet.guard-order):
//
//   route → settle the clock → authenticate (key → whitelist → permission → rate limit) →
//   body decode error → input validation (path → query → body, ajv from spec/) → the guards a
//   profile's guard order puts after the input (rules.afterInput) → operation → envelope
//
// A read (a GET operation) answered before whose answer still holds (answer-cache.ts) is answered
// again after authenticate, without input validation (only valid inputs' answers are kept) or
// the operation; a write or an admin change invalidates what is kept.
//
// Admin routes: route → admin token → JSON content type of a POST → settle → body decode error →
// handler → {success, data}.
// Before it (mock/core/gateway.ts): Host rule → CORS preflight / HEAD → namespace → fault rule; after it:
// CORS headers → request journal. One pipeline per namespace and interface.
// Every failure is a DomainError turned into the error envelope in one place (respond.ts); a
// message raised inside an operation is prefixed with the operationId, for both interfaces alike.

import { validateParams, validateRequestBody } from '../../spec/index.js';
import { DomainError, domainError } from '../domain/domain-error.js';
import type { BodyError, FakeRequest, FakeResponse } from './fake-request.js';
import type { AdminRoute, InterfaceRules, OperationEntry, Page } from './operation-entry.js';
import { errorResponse } from './respond.js';
import { createRouteTable } from '../../spec/route-table.js';
import { JsonText } from '../api/json-text.js';
import type { AnswerCache, CachedAnswer } from './answer-cache.js';

export interface Logger {
  error(message: string, error?: unknown): void;
}

export const stderrLogger: Logger = {
  error(message, error) {
    console.error(message, error);
  },
};

export interface App {
  handle(req: FakeRequest): FakeResponse;
}

/** What the pipeline knows of its routes, for the stages before it (CORS preflight, fault rules). */
export interface RouteInfo {
  operationId: string;
  /** The path template. */
  route: string;
}

/** An App that can also say which route a request would reach (mock/core/gateway.ts uses it). */
export interface RoutedApp extends App {
  describe(method: string, path: string): RouteInfo | null;
  /** The methods some route answers at this path (empty: no route). */
  methods(path: string): string[];
}

export interface PipelineOptions {
  rules: InterfaceRules;
  operations: readonly OperationEntry[];
  admin: readonly AdminRoute[];
  /**
   * Throws DomainError when an admin request may not reach its route (mock/admin/admin-guard.ts):
   * no admin token where one is needed, a POST a page could send without a CORS preflight.
   */
  adminGuard(req: FakeRequest, route: AdminRoute): void;
  /** The virtual clock; the Date header follows it so that record dates and Date agree. */
  now: () => number;
  /** Where unexpected errors go. Default stderr. */
  logger?: Logger;
  /** The namespace's kept answers (shared by both interfaces' pipelines); absent: every read is computed. */
  answers?: AnswerCache;
  /** For a path no route here has: words appended to the 404's message when the other interface has it (a client aimed at the wrong port). */
  elsewhere?: (path: string) => string | undefined;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const BODY_ERROR_MESSAGES: Record<BodyError, string> = {
  invalid_json: 'request body is not valid JSON',
  payload_too_large: 'request body is too large',
  unsupported_media_type: 'request body must be sent with Content-Type: application/json',
};

type Entry = { kind: 'operation'; op: OperationEntry } | { kind: 'admin'; route: AdminRoute };

export function createPipeline(options: PipelineOptions): RoutedApp {
  const { rules, now, answers } = options;
  // The guards a profile's guard order runs after the input (none in doppel's order).
  const afterInput = rules.afterInput;
  const logger = options.logger ?? stderrLogger;
  const table = createRouteTable<Entry & { method: OperationEntry['method']; path: string }>([
    ...options.operations.map((op) => ({ kind: 'operation' as const, op, method: op.method, path: op.path })),
    ...options.admin.map((route) => ({ kind: 'admin' as const, route, method: route.method, path: route.path })),
  ]);

  function runOperation(req: FakeRequest, op: OperationEntry, rawParams: Record<string, string>): FakeResponse {
    const at = rules.settle();
    const caller = op.secured ? rules.authenticate(req, op) : undefined;
    // Decision trading.request-bodies: a GET operation takes no body, so whatever came with it
    // (unparsable, mistyped, oversized) is ignored rather than turned into an undocumented status.
    const hasBody = op.method !== 'GET';
    if (hasBody) {
      // Whatever its outcome: a write that fails validation changes nothing, but one that fails
      // later might have, and a kept answer must never be stale.
      answers?.invalidate();
      rejectBodyError(req);
    }
    const key = hasBody || answers === undefined || op.cached === false ? undefined : answerKey(req, op);
    if (key !== undefined) {
      const kept = (answers as AnswerCache).get(op, key, at);
      if (kept !== undefined) {
        if (afterInput !== undefined && caller !== undefined) afterInput(caller, req, op);
        const again = new TextAnswer(kept.status, kept.text, kept);
        again.at = at;
        return again;
      }
    }
    const { takes } = op;
    const params = takes.path ? valid(validateParams(op.iface, op.operationId, 'path', rawParams)) : NONE;
    const query = takes.query ? valid(validateParams(op.iface, op.operationId, 'query', firstValues(req.query), op.maxima)) : NONE;
    const body = hasBody && takes.body ? valid(validateRequestBody(op.iface, op.operationId, req.body, op.maxima)) : undefined;
    if (afterInput !== undefined && caller !== undefined) afterInput(caller, req, op);
    const response = answer(op.run({ caller, params, query, body, now: at, backend: op.backend, req }));
    // A success status a decision point sets (a profile's 201).
    if (op.successStatus !== undefined) response.status = op.successStatus();
    if (key !== undefined) (answers as AnswerCache).put(op, key, response, rules.quietUntil(at));
    response.at = at;
    return response;
  }

  /**
   * A read's identity besides its operation (each interface's own entry: both have a /api/v1/prices):
   * who asks (secured reads answer per credential), and the path and the query as sent when the
   * operation reads them.
   */
  function answerKey(req: FakeRequest, op: OperationEntry): string {
    const credential = op.secured ? (req.headers[rules.credentialHeader] ?? '') : '';
    if (!op.takes.path && !op.takes.query) return credential;
    const search = req.search ?? (req.query.size === 0 ? '' : req.query.toString());
    return `${credential}\n${req.path}?${search}`;
  }

  // Data an operation answers frozen (the prices of a virtual minute, mock/api/trading/get-prices.ts)
  // is the same answer for as long as it is the same object: enveloped and serialized once.
  const frozenAnswers = new WeakMap<object, { body: unknown; text: string }>();
  function answer(data: unknown): FakeResponse {
    if (data instanceof JsonText) return new TextAnswer(200, rules.envelopeText(data.text));
    if (typeof data !== 'object' || data === null || !Object.isFrozen(data)) {
      const body = rules.envelope(data);
      return { status: 200, headers: {}, body, text: JSON.stringify(body) };
    }
    let known = frozenAnswers.get(data);
    if (known === undefined) {
      const body = Object.freeze(rules.envelope(data));
      known = { body, text: JSON.stringify(body) };
      frozenAnswers.set(data, known);
    }
    return { status: 200, headers: {}, body: known.body, text: known.text };
  }

  function runAdmin(req: FakeRequest, route: AdminRoute, params: Record<string, string>): unknown {
    options.adminGuard(req, route);
    const at = rules.settle();
    if (route.method !== 'GET') {
      answers?.invalidate();
      rejectBodyError(req);
    }
    return { success: true, data: route.handle({ req, params, body: route.method === 'GET' ? undefined : req.body, now: at }) };
  }

  function handle(req: FakeRequest): FakeResponse {
    let response: FakeResponse;
    let operationId: string | undefined;
    let route: string | undefined;
    try {
      const found = table.match(req.method.toUpperCase(), req.path);
      // Unknown path and known path with another method alike: seed trading §7 lists 404
      // for "endpoint not found" and no 405.
      if (found === null) throw domainError.route_not_found(`no endpoint ${req.method} ${req.path}${options.elsewhere?.(req.path) ?? ''}`);
      const { entry } = found;
      operationId = entry.kind === 'operation' ? entry.op.operationId : entry.route.operationId;
      route = entry.path;
      if (entry.kind === 'operation') {
        response = runOperation(req, entry.op, found.params);
      } else {
        const body = runAdmin(req, entry.route, found.params);
        if (entry.route.answers === 'chunks') {
          const chunks = (body as { data: Iterator<string, void, undefined> }).data;
          return chunkedAnswer(envelopeChunks(chunks), { 'content-type': JSON_CONTENT_TYPE, date: httpDate(now()) }, operationId, route);
        }
        if (entry.route.answers === 'page') {
          const page = (body as { data: Page }).data;
          // No other site may frame a page of the fake (the dashboard's buttons move the clock): no clickjacking.
          return { status: 200, headers: { 'content-type': page.contentType, date: httpDate(now()), 'x-frame-options': 'DENY', 'content-security-policy': "frame-ancestors 'none'" }, body: undefined, text: page.text, operationId, route };
        }
        if (body === undefined) throw new Error(`${operationId}: returned no body`);
        // Serialized once, here, so that a bigint or a cycle leaking into a body becomes a clean 500
        // instead of an exception inside an adapter, and adapters send the text as it is.
        response = { status: 200, headers: {}, body, text: JSON.stringify(body) };
      }
    } catch (error) {
      if (!(error instanceof DomainError)) logger.error(`doppel: ${operationId ?? `${req.method} ${req.path}`} failed with an unexpected error`, error);
      response = errorResponse(error, operationId);
    }
    response.headers['content-type'] = JSON_CONTENT_TYPE;
    // The clock as the operation settled it when it got that far (one reading per request, not one
    // per use: each is a call out of JavaScript), else read now (a refusal before settling).
    response.at ??= now();
    response.headers['date'] = httpDate(response.at);
    if (operationId !== undefined) response.operationId = operationId;
    if (route !== undefined) response.route = route;
    return response;
  }

  function describe(method: string, path: string): RouteInfo | null {
    const found = table.match(method.toUpperCase(), path);
    if (found === null) return null;
    const { entry } = found;
    return { operationId: entry.kind === 'operation' ? entry.op.operationId : entry.route.operationId, route: entry.path };
  }

  function methods(path: string): string[] {
    return ROUTE_METHODS.filter((method) => table.match(method, path) !== null);
  }

  // The Date header has a resolution of a second; formatting it once a second, not per request.
  let dateSecond = Number.NaN;
  let dateText = '';
  function httpDate(ms: number): string {
    const second = Math.floor(ms / 1000);
    if (second !== dateSecond) {
      dateSecond = second;
      dateText = new Date(second * 1000).toUTCString();
    }
    return dateText;
  }

  return { handle, describe, methods };
}

/**
 * An answer made from its text: the body (for in-process callers of App.handle) is parsed from the
 * text when first read, which no adapter does; each response parses its own copy, so a caller that
 * changes it changes no kept answer.
 */
class TextAnswer implements FakeResponse {
  headers: Record<string, string> = {};
  operationId?: string;
  route?: string;
  at?: number;
  private parsed = false;
  private value: unknown;
  constructor(
    public status: number,
    public text: string,
    /** The kept answer this one repeats (FakeResponse.shared). */
    public shared?: CachedAnswer,
  ) {}
  get body(): unknown {
    if (!this.parsed) {
      this.value = JSON.parse(this.text) as unknown;
      this.parsed = true;
    }
    return this.value;
  }
  set body(value: unknown) {
    this.value = value;
    this.parsed = true;
  }
}

/** `{"success":true,"data":` around an admin route's chunks (the envelope of runAdmin). */
function envelopeChunks(chunks: Iterator<string, void, undefined>): Iterator<string, void, undefined> {
  let started = false;
  let ended = false;
  return {
    next() {
      if (ended) return { done: true, value: undefined };
      const step = chunks.next();
      if (step.done === true) {
        ended = true;
        return { done: false, value: started ? '}' : '{"success":true,"data":null}' };
      }
      const value = started ? step.value : `{"success":true,"data":${step.value}`;
      started = true;
      return { done: false, value };
    },
    return() {
      ended = true;
      chunks.return?.();
      return { done: true, value: undefined };
    },
  };
}

/** A FakeResponse whose text comes in chunks; `text` (and so `body`) reads the rest at once when asked. */
function chunkedAnswer(chunks: Iterator<string, void, undefined>, headers: Record<string, string>, operationId: string, route: string): FakeResponse {
  let text: string | undefined;
  return parsedWhenRead({
    status: 200,
    headers,
    chunks,
    get text() {
      if (text === undefined) {
        let all = '';
        for (let step = chunks.next(); step.done !== true; step = chunks.next()) all += step.value;
        text = all;
      }
      return text;
    },
    set text(value: string) {
      text = value;
    },
    operationId,
    route,
  });
}

/** The response with a `body` that is its text parsed when first read (and can be set, as the gateway does for HEAD). */
function parsedWhenRead(response: Omit<FakeResponse, 'body'>): FakeResponse {
  let body: unknown;
  let parsed = false;
  return Object.defineProperty(response, 'body', {
    get() {
      if (!parsed) {
        body = JSON.parse(response.text) as unknown;
        parsed = true;
      }
      return body;
    },
    set(value: unknown) {
      body = value;
      parsed = true;
    },
    enumerable: true,
  }) as FakeResponse;
}

/** Inputs an operation does not document: nothing to read (undocumented query parameters are ignored). */
const NONE: Record<string, unknown> = Object.freeze({}) as Record<string, unknown>;

const ROUTE_METHODS = ['GET', 'POST', 'PUT', 'DELETE'] as const;

function rejectBodyError(req: FakeRequest): void {
  if (req.bodyError !== undefined) throw new DomainError(req.bodyError, BODY_ERROR_MESSAGES[req.bodyError]);
}

function valid<T>(result: { ok: boolean; value?: T; errors: string[] }): T {
  if (!result.ok) throw domainError.invalid_request(result.errors.join('; '), { errors: result.errors });
  return result.value as T;
}

/** A repeated query parameter counts with its first value. */
function firstValues(query: URLSearchParams): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of query) out[name] ??= value;
  return out;
}
