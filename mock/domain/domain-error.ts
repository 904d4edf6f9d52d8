// DomainError: a failure with a stable code, thrown by handlers and domain code, mapped to HTTP once.

import { ERROR_CODES, type ErrorCode } from './error-codes.js';

export class DomainError extends Error {
  override readonly name = 'DomainError';
  readonly code: ErrorCode;
  /** From ERROR_CODES, so a code can never be sent with a different status. */
  readonly status: number;
  /** Extra data for the error body (e.g. which fields failed validation). Must be JSON-safe. */
  readonly details?: unknown;
  /** Extra response headers, e.g. retry-after for rate_limited. */
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * A profile's message template (spec/profile.ts) sent instead of `operationId: message`: the whole
   * `error` text, with `{operationId}` standing for the operation's id.
   */
  readonly template?: string;

  /** message is sent to the client as the body's `error` string; name the operation in it. */
  constructor(code: ErrorCode, message: string, extra: { details?: unknown; headers?: Record<string, string>; template?: string } = {}) {
    // A DomainError is an answer (a 4xx in the error envelope), not a bug, and its stack is never
    // read: capturing one took about 20 µs of each error answer under load (a CPU profile of
    // 404s), more than the rest of the fake's work for it. stackTraceLimit is V8's; elsewhere
    // setting it does nothing.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
    this.code = code;
    this.status = ERROR_CODES[code];
    if (extra.details !== undefined) this.details = extra.details;
    if (extra.headers !== undefined) this.headers = extra.headers;
    if (extra.template !== undefined) this.template = extra.template;
  }
}

export type DomainErrorFactory = (message: string, details?: unknown) => DomainError;

/**
 * One factory per code: `throw domainError.not_found('wallet 7 not found')`. Built from the
 * registry, so a code added to ERROR_CODES gets its factory without further edits.
 */
export const domainError = Object.fromEntries(
  Object.keys(ERROR_CODES).map((code) => [
    code,
    (message: string, details?: unknown) => new DomainError(code as ErrorCode, message, { details }),
  ]),
) as { readonly [C in ErrorCode]: DomainErrorFactory };

/** rate_limited with the retry-after header the limiter computed. */
export function rateLimitedError(message: string, retryAfterSeconds: number): DomainError {
  return new DomainError('rate_limited', message, { headers: { 'retry-after': String(retryAfterSeconds) } });
}

export function isDomainError(e: unknown): e is DomainError {
  return e instanceof DomainError;
}
