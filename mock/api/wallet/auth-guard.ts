// The X-API-Key guard of the wallet endpoints: key → user, then the per-key rate limit.

import type { FakeRequest } from '../../core/fake-request.js';
import { domainError, rateLimitedError } from '../../domain/domain-error.js';
import type { WalletModel } from '../../domain/wallet/index.js';

/**
 * Seed §5.1-2: X-API-Key carries a login token or a static API key; missing or unknown → 401.
 * Then decision wallet.rate-limit-scope: only requests with a known key count, 60 a minute per
 * key value (seed §8), 429 with Retry-After. Returns the caller's user id.
 */
export function authenticate(model: WalletModel, req: FakeRequest, operationId: string): number {
  const key = req.headers['x-api-key'];
  if (key === undefined || key === '') throw domainError.unauthorized(`${operationId}: missing X-API-Key header`);
  const userId = model.userIdForKey(key);
  if (userId === undefined) throw domainError.unauthorized(`${operationId}: unknown X-API-Key`);
  const decision = model.hitRateLimit(key);
  if (!decision.allowed) {
    throw rateLimitedError(`${operationId}: rate limit of ${model.rateLimit} requests per minute exceeded`, decision.retryAfterSeconds);
  }
  return userId;
}
