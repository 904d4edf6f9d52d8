// What the wallet interface supplies to the one pipeline (mock/core/pipeline.ts): its settle, its
// guards and its envelope.

import { WALLET_GUARD_ORDERS } from '../../../spec/index.js';
import type { InterfaceRules } from '../../core/operation-entry.js';
import type { PriceBook } from '../../domain/price-book.js';
import type { WalletBackend, WalletCaller } from '../../domain/wallet/index.js';

/** What the guards below can answer: the spec lists these for every operation that needs a key. */
export const WALLET_GUARD_STATUSES: readonly number[] = [401, 429];

/** `prices`: the namespace's price book, which the backend reads through its PriceSource. */
export function walletRules(backend: WalletBackend, prices: Pick<PriceBook, 'nextChangeAfter'>): InterfaceRules {
  const order = backend.decisions['wallet.guard-order'];
  if (!(WALLET_GUARD_ORDERS as readonly string[]).includes(order)) throw new Error(`wallet.guard-order: the fake cannot run ${order}`);
  const limitAfterInput = order === 'key > input > rate-limit';
  return {
    iface: 'wallet',
    // Decision wallet.send-semantics: a request never sees a transfer past its due time still pending.
    settle: () => {
      const now = backend.clock.now();
      backend.settle(now);
      return now;
    },
    // Seed wallet §5.1-2 and decision wallet.guard-order: key (401) → rate limit (429).
    // A profile may put the input before the rate limit: then an invalid request does not count.
    ...(limitAfterInput
      ? {
          authenticate: (req) => backend.authenticate(req.headers['x-api-key'], false),
          afterInput: (caller) => backend.countRequest(caller as WalletCaller),
        }
      : { authenticate: (req) => backend.authenticate(req.headers['x-api-key']) }),
    credentialHeader: 'x-api-key',
    // What a read answers moves with time at price steps (USD values) and at due confirmations.
    quietUntil: (now) => Math.min(prices.nextChangeAfter(now), backend.nextDue() ?? Infinity),
    guardStatuses: WALLET_GUARD_STATUSES,
    // Seed wallet §4: the fields sit next to success at the top level.
    envelope: (fields) => ({ success: true, ...(fields as object) }),
    // The fields' object text with success put first (results never carry a `success` of their own).
    envelopeText: (text) => (text === '{}' ? '{"success":true}' : `{"success":true,${text.slice(1)}`),
  };
}
