// The one place where a thrown error becomes a response: DomainError → its status and the error envelope.

import { renderTemplate } from '../../spec/decision-points.js';
import { DomainError } from '../domain/domain-error.js';
import type { FakeResponse } from './fake-request.js';

/**
 * Error body: seed wallet §7 says {success: false, error: string}; the trading seed does
 * not show its error shape, so doppel uses the same one for both, plus the stable `code` (and
 * `details` when the error carries some). The message of an error raised inside an operation is
 * prefixed with the operationId (`placeSpotOrder: …`), the one prefix style of both interfaces;
 * the domain's own messages carry facts only. Anything that is not a DomainError is a bug in the
 * fake: 500 with a fixed message, never the stack or the original message.
 */
const INTERNAL = { success: false, error: 'internal error', code: 'internal' } as const;
const INTERNAL_TEXT = JSON.stringify(INTERNAL);

export function errorResponse(error: unknown, operationId?: string): FakeResponse {
  if (error instanceof DomainError) {
    // A profile's template (decision points with `{operationId}`) is the whole text.
    const message = error.template !== undefined ? renderTemplate(error.template, operationId ?? '') : operationId === undefined ? error.message : `${operationId}: ${error.message}`;
    const body: Record<string, unknown> = { success: false, error: message, code: error.code };
    if (error.details !== undefined) body['details'] = error.details;
    return { status: error.status, headers: { ...error.headers }, body, text: JSON.stringify(body) };
  }
  return { status: 500, headers: {}, body: INTERNAL, text: INTERNAL_TEXT };
}
