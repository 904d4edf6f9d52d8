// A status or message a profile chose at a decision point (spec/profile.ts), applied to the DomainError
// that answers it: a status as the error code that answers it (one code per status, so that
// ERROR_CODES stays the only map from codes to statuses), a message as the error's template.

import { DomainError } from '../domain/domain-error.js';
import { ERROR_CODES, type ErrorCode } from '../domain/error-codes.js';

/** The codes a status point can use (spec/decision-points.ts `statuses`). */
export const CODE_FOR_STATUS: Readonly<Record<number, ErrorCode>> = { 400: 'invalid_request', 404: 'not_found', 409: 'conflict' };

/**
 * Re-answers a DomainError of `code` with the profile's status; anything else, or the code's own
 * status (doppel's choice: its code stays), is rethrown as it is.
 */
export function withStatus(error: unknown, code: ErrorCode, status: number): never {
  const to = CODE_FOR_STATUS[status];
  if (error instanceof DomainError && error.code === code && to !== undefined && ERROR_CODES[code] !== status) {
    throw new DomainError(to, error.message, { ...(error.details === undefined ? {} : { details: error.details }) });
  }
  throw error;
}

/** Re-answers a DomainError of `code` with the profile's message template; anything else is rethrown. */
export function withTemplate(error: unknown, code: ErrorCode, template: string): never {
  if (error instanceof DomainError && error.code === code) {
    throw new DomainError(code, error.message, { ...(error.details === undefined ? {} : { details: error.details }), ...(error.headers ? { headers: { ...error.headers } } : {}), template });
  }
  throw error;
}
