// The Fetch API side of the in-process adapters (msw in Node and in the browser, fake.fetch): a
// Request's parts → FakeRequest, a FakeResponse → Response. Portable: web globals only.

import { CLIENT_IP_HEADER } from './client-ip-header.js';
import { declaredLengthExceeds, decodeBody, DEFAULT_BODY_LIMIT_BYTES } from './decode-body.js';
import type { FakeRequest, FakeResponse } from './fake-request.js';
import { textBodyResponse } from './text-body-response.js';

export interface WebRequestParts {
  method: string;
  url: URL;
  headers: Headers;
  /** Reads the body; called only when the declared length is within the limit. */
  bytes(): Promise<Uint8Array>;
}

/**
 * The FakeRequest for a web request; `mount` (a base URL's path, e.g. `/prefix`) is stripped from
 * the path. In-process requests have no socket: the caller IP is 127.0.0.1 unless the
 * x-doppel-client-ip header names one (mock/core/client-ip-header.ts).
 */
export async function toFakeRequest(parts: WebRequestParts, mount = '', limit = DEFAULT_BODY_LIMIT_BYTES): Promise<FakeRequest> {
  const headers: Record<string, string | undefined> = {};
  parts.headers.forEach((value, name) => {
    headers[name.toLowerCase()] = value;
  });
  const bytes = declaredLengthExceeds(headers['content-length'], limit) ? null : await parts.bytes();
  const decoded = decodeBody(bytes, headers['content-type'], limit);
  const { pathname } = parts.url;
  const path = mount !== '' && (pathname === mount || pathname.startsWith(`${mount}/`)) ? pathname.slice(mount.length) || '/' : pathname;
  const fake: FakeRequest = { method: parts.method, path, query: parts.url.searchParams, search: parts.url.search.slice(1), headers, body: decoded.body, ip: headers[CLIENT_IP_HEADER] ?? '127.0.0.1' };
  if (decoded.bodyError !== undefined) fake.bodyError = decoded.bodyError;
  else if (decoded.text !== undefined) fake.bodyText = decoded.text;
  return fake;
}

/** A text answer as a Response whose json() and text() read the text (text-body-response.ts). */
export function toWebResponse(response: FakeResponse): Response {
  if (response.chunks === undefined && response.text !== '' && !NULL_BODY_STATUSES.has(response.status)) {
    return textBodyResponse(response.text, { status: response.status, headers: response.headers });
  }
  return new Response(webBody(response), { status: response.status, headers: response.headers });
}

/** Statuses whose Response may have no body (Fetch standard, "null body status"). */
const NULL_BODY_STATUSES = new Set([101, 103, 204, 205, 304]);

/** The body of a web Response for a FakeResponse: its text, or a stream of its chunks. */
export function webBody(response: FakeResponse): string | ReadableStream<Uint8Array> | null {
  if (response.chunks !== undefined) return streamChunks(response.chunks);
  // A 204 (a CORS preflight) may not have a body, not even an empty one.
  return response.text === '' ? null : response.text;
}

/**
 * A body made in pieces as a ReadableStream: a piece is made when the reader asks for one, after
 * a turn of the event loop, so that other requests (other fetches, msw handlers) run between two
 * pieces; a cancelled stream abandons the rest.
 */
function streamChunks(chunks: Iterator<string, void, undefined>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      await nextTurn();
      const step = chunks.next();
      if (step.done === true) controller.close();
      else controller.enqueue(encoder.encode(step.value));
    },
    cancel() {
      chunks.return?.();
    },
  });
}

/** Resolves after the event loop's pending work: setImmediate where there is one (Node), else a task. */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));
}

/**
 * A FakeResponse as fetch delivers it: after the fault's delay, and a dropped connection as the
 * TypeError fetch rejects with on a network error (mock/core/fault-rules.ts).
 */
export async function deliver(response: FakeResponse): Promise<Response> {
  if (response.delayMs !== undefined && response.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, response.delayMs));
  if (response.drop === true) throw new TypeError('fetch failed: the connection was dropped (doppel fault injection)');
  return toWebResponse(response);
}
