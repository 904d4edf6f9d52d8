// Readers of one exchange (its status class, parsed bodies, query, key header), shared by the checks,
// the target model and the traffic session: what an exchange says, read the same way everywhere.
import { validateRequestBody } from '../../spec/validators.js';
import type { Exchange } from '../types.js';
import { parseBoundedJson } from './bounded-json.js';

/** Status classes used by many checks. */
export const is2xx = (status: number): boolean => status >= 200 && status < 300;

/** An answer that has no content whatever its headers say (RFC 9110 §6.4.1): a 1xx, 204 or 304, or any answer to HEAD. */
export const withoutContent = (ex: Pick<Exchange, 'method' | 'status'>): boolean => ex.method === 'HEAD' || ex.status < 200 || ex.status === 204 || ex.status === 304;

/** The body as an object, or undefined. */
export function bodyOf(exchange: Exchange): Record<string, unknown> | undefined {
  const json = exchange.json;
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
}

/** Query parameters of the exchange's URL. */
export function queryOf(exchange: Exchange): URLSearchParams {
  return new URL(exchange.url).searchParams;
}

/** The interface's key header of the request (trading §5 API-KEY, wallet §5 X-API-Key); undefined when absent or empty. */
export function keyOf(exchange: Exchange): string | undefined {
  return exchange.requestHeaders[exchange.iface === 'trading' ? 'api-key' : 'x-api-key'] || undefined;
}

const requestJson = new WeakMap<Exchange, unknown>();

/** The request body parsed as JSON (undefined when there is none or it is not JSON); parsed once per exchange. */
export function requestBodyOf(exchange: Exchange): unknown {
  if (exchange.requestBody === undefined) return undefined;
  if (!requestJson.has(exchange)) {
    requestJson.set(exchange, parseBoundedJson(exchange.requestBody).value);
  }
  return requestJson.get(exchange);
}

/** Whether the request's body is one the operation's schema accepts (spec/; a copy: the validator fills in defaults). */
export function bodyIsValid(exchange: Exchange): boolean {
  const body = requestBodyOf(exchange);
  return exchange.operationId !== null && body !== undefined && validateRequestBody(exchange.iface, exchange.operationId, structuredClone(body)).ok;
}

/**
 * Whether a POST is valid input in every respect: a body the operation's schema accepts, sent as
 * application/json (trading §4 and wallet §4 Conventions). What such a request lacks besides (a key,
 * a permission) is all a refusal of it can be about.
 */
export function postIsValid(exchange: Exchange): boolean {
  return exchange.method === 'POST' && /^application\/json\s*(;|$)/i.test(exchange.requestHeaders['content-type'] ?? '') && bodyIsValid(exchange);
}

/** Retry-After as whole seconds ≥ 1, the form wallet.rate-limit-scope decides; undefined otherwise. */
export function retryAfterSeconds(exchange: Exchange): number | undefined {
  const value = exchange.responseHeaders['retry-after'];
  return value !== undefined && /^[1-9][0-9]*$/.test(value) ? Number(value) : undefined;
}
