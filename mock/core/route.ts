// Route: one operation of an interface, a path template and its synchronous handler.

import type { FakeRequest } from './fake-request.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RouteResult {
  /** Default 200. */
  status?: number;
  /**
   * The whole JSON body: the trading interface wraps in {success: true, data}, the wallet
   * interface puts fields at the top level ({success: true, wallets: [...]}), so the route decides.
   */
  body: unknown;
  /** Extra headers, lower-case names. content-type and date are set by the app. */
  headers?: Record<string, string>;
}

export interface Route {
  method: HttpMethod;
  /** Template such as '/api/v1/wallets/{id}/balance'; a {name} segment matches any one segment. */
  path: string;
  /** The spec's operationId, for logs and conformance reports. */
  operationId: string;
  /**
   * Synchronous on purpose (docs/ARCHITECTURE.md): a request is applied whole before the next
   * one starts, so concurrent clients cannot interleave half-applied state. Throw DomainError
   * for failures. params holds the decoded {name} segments.
   */
  handle(req: FakeRequest, params: Record<string, string>): RouteResult;
}
