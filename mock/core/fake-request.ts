// The transport-neutral request and response that both adapters (node:http, msw) speak to the app.

export type BodyError = 'invalid_json' | 'payload_too_large' | 'unsupported_media_type';

export interface FakeRequest {
  method: string;
  /** Path only, no query, still percent-encoded (as on the wire). */
  path: string;
  query: URLSearchParams;
  /** Header names in lower case. */
  headers: Record<string, string | undefined>;
  /** Parsed JSON, undefined when the request had no body. */
  body: unknown;
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
  /** `body` serialized once by the router; adapters send this text as it is. */
  text: string;
  /** The operation or admin route that answered (for the journal), when one matched. */
  operationId?: string;
  /** The path template of that route. */
  route?: string;
  /**
   * Fault injection (mock/core/fault-rules.ts): wait this long before acting. The pipeline stays
   * synchronous; the adapter does the waiting.
   */
  delayMs?: number;
  /** Fault injection: send no answer, drop the connection (after delayMs); fetch rejects like a network error. */
  drop?: boolean;
}
