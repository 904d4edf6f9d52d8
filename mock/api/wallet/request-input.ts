// Request input through the spec's validators (spec/index.ts), failures as 400 DomainErrors.

import { validateParams, validateRequestBody } from '../../../spec/index.js';
import type { FakeRequest } from '../../core/fake-request.js';
import { domainError } from '../../domain/domain-error.js';

/** The body, checked against the operation's request schema (decision wallet.status-codes: 400). */
export function bodyOf<T>(operationId: string, req: FakeRequest): T {
  const result = validateRequestBody('wallet', operationId, req.body);
  if (!result.ok) throw invalid(operationId, result.errors);
  return req.body as T;
}

/** Path parameters, coerced (a wallet id must be a plain positive integer literal). */
export function pathOf<T>(operationId: string, params: Record<string, string>): T {
  const result = validateParams('wallet', operationId, 'path', params);
  if (!result.ok) throw invalid(operationId, result.errors);
  return result.value as T;
}

/** Query parameters with defaults applied; parameters the operation does not document are ignored. */
export function queryOf<T>(operationId: string, req: FakeRequest): T {
  const result = validateParams('wallet', operationId, 'query', Object.fromEntries(req.query));
  if (!result.ok) throw invalid(operationId, result.errors);
  return result.value as T;
}

function invalid(operationId: string, errors: string[]) {
  return domainError.invalid_request(`${operationId}: ${errors.join('; ')}`, { errors });
}
