// The one way an Exchange is made, whoever saw it: the checker's transport, the proxy, a recording
// read back (HAR). The operation comes from the method and path (spec/operation-at.ts), header
// names are lower-cased, the answer's bytes are kept as received and decoded once, the way a
// client's text() does (UTF-8, a leading byte-order mark dropped, a byte that is not UTF-8 read as
// U+FFFD), and that text is parsed as JSON once; so the same request and answer are the same
// record, and every check judges them alike, wherever they were seen. The bytes are the byte
// checks' (a BOM, another charset, bytes that are not UTF-8: trading §1 bullet 2, RFC 8259 §8.1);
// the checks that read JSON read the text, so such an answer is one finding of those checks, not
// one of every check that reads the body (RFC 8259 §8.1 lets a parser ignore a BOM).
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
  /** As received: a header repeated is an array of its values, in order. */
  responseHeaders: Record<string, string | string[] | undefined>;
  /** The answer's body as received, content-coding (gzip) undone; a string stands for its UTF-8 bytes. */
  body: Uint8Array | string;
  /** Body bytes on the wire (what Content-Length counts); null when not known (a recording of another tool); default the body's length. */
  receivedBytes?: number | null | undefined;
  /** Epoch milliseconds (fractional) when the request started and when its answer had ended. */
  startedAt: number;
  endedAt: number;
  throttled?: number | undefined;
  /** Why the body is not the whole answer (the connection ended early): the JSON check says so. */
  cutOff?: string | undefined;
  /** Why more bytes came than the answer's Content-Length announced (they are not in the body). */
  overrun?: string | undefined;
}

/** Why an answer's body stopped before its end, from the error undici met reading it (the exchange's cutOff). */
export function cutOffBy(error: unknown): string {
  const { code, message } = error as { code?: string; message?: string };
  return code === 'UND_ERR_BODY_TIMEOUT' ? `no more of it came in time (${code})` : `the target's connection ended early (${message ?? String(error)})`;
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

/** Each header line as received, names lower-cased (a repeated header once per value). */
function headerLines(headers: Record<string, string | string[] | undefined>): [string, string][] {
  const out: [string, string][] = [];
  for (const [k, v] of Object.entries(headers)) {
    if (v !== undefined) for (const one of Array.isArray(v) ? v : [v]) out.push([k.toLowerCase(), one]);
  }
  return out;
}

/** UTF-8 as a client's text() decodes it: a leading BOM dropped, a byte that is not UTF-8 as U+FFFD. */
const utf8 = new TextDecoder();
const encoder = new TextEncoder();

export function recordExchange(p: ExchangeParts): Exchange {
  const bodyBytes = typeof p.body === 'string' ? encoder.encode(p.body) : p.body;
  const bodyText = utf8.decode(bodyBytes);
  let json: unknown;
  let jsonError: string | undefined;
  if (p.cutOff !== undefined) jsonError = `the answer ended after ${bodyBytes.length} bytes: ${p.cutOff}`;
  else ({ value: json, error: jsonError } = parseBoundedJson(bodyText));
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
    responseHeaderLines: headerLines(p.responseHeaders),
    bodyBytes,
    receivedBytes: p.receivedBytes === undefined ? bodyBytes.length : p.receivedBytes,
    bodyText,
    json,
    jsonError,
    cutOff: p.cutOff,
    overrun: p.overrun,
    durationMs: Math.round((p.endedAt - p.startedAt) * 10) / 10,
    startedAt: p.startedAt,
    endedAt: p.endedAt,
    throttled: p.throttled ?? 0,
  };
}
