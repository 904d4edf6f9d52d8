// What the wallet interface supplies to the one pipeline (mock/core/pipeline.ts): its settle, its
// guards and its envelope.

import type { InterfaceRules } from '../../core/operation-entry.js';
import type { WalletBackend } from '../../domain/wallet/index.js';

/** What the guards below can answer: the spec lists these for every operation that needs a key. */
export const WALLET_GUARD_STATUSES: readonly number[] = [401, 429];

export function walletRules(backend: WalletBackend): InterfaceRules {
  return {
    iface: 'wallet',
    // Decision wallet.send-semantics: a request never sees a transfer past its due time still pending.
    settle: () => {
      const now = backend.clock.now();
      backend.settle(now);
      return now;
    },
    // Seed wallet §5.1-2 and decision wallet.guard-order: key (401) → rate limit (429).
    authenticate: (req) => backend.authenticate(req.headers['x-api-key']),
    guardStatuses: WALLET_GUARD_STATUSES,
    // Seed wallet §4: the fields sit next to success at the top level.
    envelope: (fields) => ({ success: true, ...(fields as object) }),
  };
}
