// Hand-written checks of admin request bodies (the admin API is doppel's, not in the documents).

import { domainError } from '../../domain/domain-error.js';
import { decFromNumberLiteral, parseDec, type Dec } from '../../domain/decimal.js';

export function objectBody(body: unknown): Record<string, unknown> {
  if (body === undefined) return {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw domainError.invalid_request('body must be a JSON object');
  return body as Record<string, unknown>;
}

/** A decimal given as a string (preferred) or a JSON number; signed only when asked. */
export function decimalField(value: unknown, field: string, signed = false): Dec {
  const parsed = typeof value === 'string' ? parseDec(value, { signed }) : typeof value === 'number' ? decFromNumberLiteral(value) : null;
  if (parsed === null || (!signed && parsed < 0n)) {
    throw domainError.invalid_request(`${field} must be a ${signed ? '' : 'non-negative '}decimal string with at most 8 fraction digits`);
  }
  return parsed;
}

export function stringArray(value: unknown, field: string): string[] {
  if (value === undefined) return [];
  if (!Array.isArray(value) || !value.every((v) => typeof v === 'string')) throw domainError.invalid_request(`${field} must be an array of strings`);
  return value as string[];
}
