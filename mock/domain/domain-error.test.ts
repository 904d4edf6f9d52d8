import { describe, expect, it } from 'vitest';
import { DomainError, domainError, isDomainError, rateLimitedError } from './domain-error.js';
import { ERROR_CODES, isErrorCode } from './error-codes.js';

describe('DomainError', () => {
  it('takes its status from the registry', () => {
    const e = new DomainError('insufficient_balance', 'spot order: insufficient USDT balance', { details: { need: '10' } });
    expect(e).toBeInstanceOf(Error);
    expect(e.status).toBe(400);
    expect(e.code).toBe('insufficient_balance');
    expect(e.details).toEqual({ need: '10' });
    expect(isDomainError(e)).toBe(true);
    expect(isDomainError(new Error('x'))).toBe(false);
  });

  it('has one factory per registered code', () => {
    for (const code of Object.keys(ERROR_CODES)) {
      expect(isErrorCode(code)).toBe(true);
      const factory = domainError[code as keyof typeof ERROR_CODES];
      const e = factory('m');
      expect(e.code).toBe(code);
      expect(e.status).toBe(ERROR_CODES[code as keyof typeof ERROR_CODES]);
    }
    expect(domainError.not_found('wallet 7 not found').status).toBe(404);
    expect(isErrorCode('toString')).toBe(false);
  });

  it('the registry pins the decided statuses', () => {
    expect(ERROR_CODES).toMatchObject({
      invalid_request: 400, invalid_json: 400, unsupported_media_type: 400, unknown_symbol: 404, unauthorized: 401,
      forbidden: 403, ip_not_whitelisted: 403, route_not_found: 404, conflict: 409, payload_too_large: 413,
      rate_limited: 429, internal: 500,
    });
  });

  it('rateLimitedError carries retry-after', () => {
    const e = rateLimitedError('rate limit exceeded: 60 requests per minute', 12);
    expect(e.status).toBe(429);
    expect(e.headers).toEqual({ 'retry-after': '12' });
  });
});
