// createApp: matches a FakeRequest to a Route by method and path template and runs it, turning
// every outcome (result, DomainError, bug) into a FakeResponse.

import { DomainError } from '../domain/domain-error.js';
import type { BodyError, FakeRequest, FakeResponse } from './fake-request.js';
import { errorResponse } from './respond.js';
import type { Route } from './route.js';

export interface Logger {
  error(message: string, error?: unknown): void;
}

export const stderrLogger: Logger = {
  error(message, error) {
    console.error(message, error);
  },
};

export interface AppOptions {
  routes: readonly Route[];
  /** The virtual clock; the Date header follows it so that record dates and Date agree. */
  now: () => number;
  /**
   * Runs for each request that matched a route, before body errors and the handler; e.g. to let
   * the domains settle due events. May throw DomainError.
   */
  beforeEach?: (req: FakeRequest, route: Route) => void;
  /** Where unexpected errors go. Default stderr. */
  logger?: Logger;
}

export interface App {
  handle(req: FakeRequest): FakeResponse;
}

export const JSON_CONTENT_TYPE = 'application/json; charset=utf-8';

const BODY_ERROR_MESSAGES: Record<BodyError, string> = {
  invalid_json: 'request body is not valid JSON',
  payload_too_large: 'request body is too large',
  unsupported_media_type: 'request body must be sent with Content-Type: application/json',
};

interface Endpoint {
  route: Route;
  paramNames: string[];
}

// A segment trie: lookup costs O(segments), plus a step back where a literal segment and a
// {param} share a parent (e.g. /wallets/create vs /wallets/{id}), which the route table, not the
// request, bounds.
interface TrieNode {
  literals: Map<string, TrieNode>;
  param?: TrieNode;
  endpoints: Map<string, Endpoint>;
}

const PARAM_SEGMENT = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

export function createApp(options: AppOptions): App {
  const { now, beforeEach } = options;
  const logger = options.logger ?? stderrLogger;
  const root = newNode();
  // Fast path for the common case: a literal template and a request path without escapes.
  const literalPaths = new Map<string, Map<string, Endpoint>>();

  for (const route of options.routes) {
    const segments = templateSegments(route.path);
    const paramNames: string[] = [];
    let node = root;
    for (const segment of segments) {
      const param = PARAM_SEGMENT.exec(segment);
      if (param !== null) {
        paramNames.push(param[1] as string);
        node = node.param ??= newNode();
      } else {
        if (/[{}%]/.test(segment)) throw new Error(`createApp: bad segment "${segment}" in ${route.path}`);
        let next = node.literals.get(segment);
        if (next === undefined) node.literals.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (node.endpoints.has(route.method)) throw new Error(`createApp: two routes for ${route.method} ${route.path}`);
    const endpoint = { route, paramNames };
    node.endpoints.set(route.method, endpoint);
    if (paramNames.length === 0) {
      const byMethod = literalPaths.get(route.path) ?? new Map<string, Endpoint>();
      byMethod.set(route.method, endpoint);
      literalPaths.set(route.path, byMethod);
    }
  }

  function match(method: string, rawPath: string): { endpoint: Endpoint; params: Record<string, string> } | null {
    // Trailing slash: /x/ is /x.
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    const literal = literalPaths.get(path)?.get(method);
    if (literal !== undefined) return { endpoint: literal, params: {} };
    if (!path.startsWith('/')) return null;
    let segments: string[];
    try {
      segments = path === '/' ? [] : path.slice(1).split('/').map(decodeURIComponent);
    } catch {
      return null; // malformed percent-encoding can name no route
    }
    const values: string[] = [];
    const endpoint = walk(root, segments, 0, method, values);
    if (endpoint === undefined) return null;
    const params: Record<string, string> = {};
    endpoint.paramNames.forEach((name, i) => {
      params[name] = values[i] as string;
    });
    return { endpoint, params };
  }

  function handle(req: FakeRequest): FakeResponse {
    let response: FakeResponse;
    let operation = `${req.method} ${req.path}`;
    try {
      const found = match(req.method.toUpperCase(), req.path);
      // Unknown path and known path with another method alike: trading seed section 7 lists 404
      // for "endpoint not found" and no 405.
      if (found === null) throw new DomainError('route_not_found', `no endpoint ${req.method} ${req.path}`);
      const { route } = found.endpoint;
      operation = route.operationId;
      beforeEach?.(req, route);
      // Decision trading.request-bodies: a GET operation takes no body, so whatever came with it
      // (unparsable, mistyped, oversized) is ignored rather than turned into an undocumented status.
      if (req.bodyError !== undefined && route.method !== 'GET') {
        throw new DomainError(req.bodyError, BODY_ERROR_MESSAGES[req.bodyError]);
      }
      const result = route.handle(req, found.params);
      if (typeof (result as { then?: unknown } | undefined)?.then === 'function') {
        throw new Error(`${route.operationId}: handler returned a promise; handlers must be synchronous`);
      }
      if (result.body === undefined) throw new Error(`${route.operationId}: handler returned no body`);
      // Serialized once, here, so that a bigint or a cycle leaking into a body becomes a clean 500
      // instead of an exception inside an adapter, and adapters send the text as it is.
      const text = JSON.stringify(result.body);
      response = { status: result.status ?? 200, headers: lowerCaseKeys(result.headers), body: result.body, text };
    } catch (error) {
      if (!(error instanceof DomainError)) logger.error(`doppel: ${operation} failed with an unexpected error`, error);
      response = errorResponse(error);
    }
    response.headers['content-type'] = JSON_CONTENT_TYPE;
    response.headers['date'] = httpDate(now());
    return response;
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

  return { handle };
}

function walk(node: TrieNode, segments: string[], i: number, method: string, values: string[]): Endpoint | undefined {
  if (i === segments.length) return node.endpoints.get(method);
  const segment = segments[i] as string;
  const literal = node.literals.get(segment);
  if (literal !== undefined) {
    const found = walk(literal, segments, i + 1, method, values);
    if (found !== undefined) return found;
  }
  // A {param} never matches an empty segment (/wallets//balance).
  if (node.param !== undefined && segment !== '') {
    values.push(segment);
    const found = walk(node.param, segments, i + 1, method, values);
    if (found !== undefined) return found;
    values.pop();
  }
  return undefined;
}

function templateSegments(path: string): string[] {
  if (!path.startsWith('/') || (path.length > 1 && path.endsWith('/'))) {
    throw new Error(`createApp: route path must start with '/' and not end with one: ${path}`);
  }
  return path === '/' ? [] : path.slice(1).split('/');
}

function newNode(): TrieNode {
  return { literals: new Map(), endpoints: new Map() };
}

function lowerCaseKeys(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) out[name.toLowerCase()] = value;
  return out;
}
