// The transport-neutral request and response that both adapters (node:http, msw) speak to the app.

export type BodyError = 'invalid_json' | 'payload_too_large' | 'unsupported_media_type';

export interface FakeRequest {
  method: string;
  /** Path only, no query, still percent-encoded (as on the wire). */
  path: string;
  query: URLSearchParams;
  /** The query as sent, without the `?` ('' when none), when the adapter has it: a kept read's key (answer-cache.ts). */
  search?: string;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** Parsed JSON, undefined when the request had no body. */
  body: unknown;
  /** The body's JSON text as sent, when it was parsed: the journal keeps it rather than serializing `body` again. */
  bodyText?: string;
  /** Set by the adapter when the body could not be decoded; the router turns it into an error. */
  bodyError?: BodyError;
  /** Caller address as the adapter saw it (may be an IPv4-mapped IPv6 address). */
  ip: string;
  /**
   * The listener the request came through: doppel's HTTP server bound to a loopback address
   * (the Host rule applies, mock/core/host-check.ts) or to another one. Unset in process (msw,
   * fake.fetch, the browser's worker): no socket, no other page can reach the fake.
   */
  listener?: 'loopback' | 'network';
}

export interface FakeResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** JSON-safe value; undefined for a page (text is then HTML or another content-type). */
  body: unknown;
  /**
   * `body` serialized once by the router; adapters send this text as it is. When `chunks` is set,
   * reading `text` (or `body`) reads all the remaining chunks at once (in-process callers of
   * App.handle), which adapters never do.
   */
  text: string;
  /**
   * A body made a piece at a time (GET /__doppel/state): the adapter pulls the next piece when it
   * can send it and lets other requests run in between (streamChunks in web-request.ts, the node
   * adapter's writeChunks); return() abandons the rest (client gone, HEAD). The journal does not
   * keep such a text.
   */
  chunks?: Iterator<string, void, undefined>;
  /** The operation or admin route that answered (for the journal), when one matched. */
  operationId?: string;
  /** The path template of that route. */
  route?: string;
  /** The virtual time (epoch ms) of the namespace's clock the answer was made at: its Date header's, the journal's. */
  at?: number;
  /**
   * Fault injection (mock/core/fault-rules.ts): wait this long before acting. The pipeline stays
   * synchronous; the adapter does the waiting.
   */
  delayMs?: number;
  /** Fault injection: send no answer, drop the connection (after delayMs); fetch rejects like a network error. */
  drop?: boolean;
  /**
   * The kept answer (mock/core/answer-cache.ts) this response repeats, the same object for every
   * request it answers: the journal keeps its text once, not once per request.
   */
  shared?: object;
}
