// The one way an Exchange is made, whoever saw it: the checker's transport, the proxy, a recording
// read back (HAR). The operation comes from the method and path (spec/operation-at.ts), header
// names are lower-cased, the body is parsed as JSON once; so the same request and answer are the
// same record, and every check judges them alike, wherever they were seen.
import { operationAt } from '../../spec/index.js';
import type { Exchange, InterfaceName } from '../types.js';
import { parseBoundedJson } from './bounded-json.js';

export interface ExchangeParts {
  seq: number;
  iface: InterfaceName;
  method: string;
  /** The target's URL (with query), not a proxy's. */
  url: string;
  requestHeaders: Record<string, string | string[] | undefined>;
  requestBody: string | undefined;
  status: number;
  responseHeaders: Record<string, string | string[] | undefined>;
  bodyText: string;
  /** Epoch milliseconds (fractional) when the request started and when its answer had ended. */
  startedAt: number;
  endedAt: number;
  throttled?: number | undefined;
  /** Why the body is not the whole answer (the connection ended early): the JSON check says so. */
  cutOff?: string | undefined;
}

/** Epoch milliseconds with sub-millisecond precision (exchanges that overlap are told apart). */
export const epochNow = (): number => performance.timeOrigin + performance.now();

/** Header names lower-cased, repeated headers joined (as one line on the wire). */
export function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined) out[k.toLowerCase()] = Array.isArray(v) ? v.join(', ') : v;
  }
  return out;
}

export function recordExchange(p: ExchangeParts): Exchange {
  let json: unknown;
  let jsonError: string | undefined;
  if (p.cutOff !== undefined) jsonError = `the answer ended after ${Buffer.byteLength(p.bodyText)} bytes: ${p.cutOff}`;
  else ({ value: json, error: jsonError } = parseBoundedJson(p.bodyText));
  return {
    seq: p.seq,
    iface: p.iface,
    operationId: operationAt(p.iface, p.method, new URL(p.url).pathname)?.operationId ?? null,
    method: p.method.toUpperCase(),
    url: p.url,
    requestHeaders: flatHeaders(p.requestHeaders),
    requestBody: p.requestBody,
    status: p.status,
    responseHeaders: flatHeaders(p.responseHeaders),
    bodyText: p.bodyText,
    json,
    jsonError,
    durationMs: Math.round((p.endedAt - p.startedAt) * 10) / 10,
    startedAt: p.startedAt,
    endedAt: p.endedAt,
    throttled: p.throttled ?? 0,
  };
}
