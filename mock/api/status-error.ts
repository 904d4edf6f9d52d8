// A status a profile chose at a decision point, as the error code that answers it (one code per
// status, so that ERROR_CODES stays the only map from codes to statuses).

import { DomainError } from '../domain/domain-error.js';
import type { ErrorCode } from '../domain/error-codes.js';

/** The codes a status point can use (spec/decision-points.ts `statuses`). */
export const CODE_FOR_STATUS: Readonly<Record<number, ErrorCode>> = { 400: 'invalid_request', 404: 'not_found', 409: 'conflict' };

/** Re-answers a DomainError of `code` with the profile's status; anything else is rethrown as it is. */
export function withStatus(error: unknown, code: ErrorCode, status: number): never {
  const to = CODE_FOR_STATUS[status];
  if (error instanceof DomainError && error.code === code && to !== undefined && to !== code) {
    throw new DomainError(to, error.message, { ...(error.details === undefined ? {} : { details: error.details }) });
  }
  throw error;
}
