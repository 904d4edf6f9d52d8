// Decision wallet.auth-exemptions: chains and prices are public in doppel; a profile's
// `key-required` makes them need X-API-Key like every other wallet operation (the same guards:
// 401 without a valid key, then the rate limit), so a client meets the deployment's rule.

import type { FakeRequest } from '../../core/fake-request.js';
import type { WalletBackend } from '../../domain/wallet/index.js';

/** Whether a public read's answer may be kept: not when its handler authenticates (and counts) each request. */
export const keptUnlessKeyRequired = (backend: WalletBackend): boolean => backend.decisions['wallet.auth-exemptions'] !== 'key-required';

export function requireKeyIfProfiled(backend: WalletBackend, req: FakeRequest): void {
  if (backend.decisions['wallet.auth-exemptions'] === 'key-required') backend.authenticate(req.headers['x-api-key']);
}
