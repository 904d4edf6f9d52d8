// What the trading interface supplies to the one pipeline (mock/core/pipeline.ts): its settle, its
// guards and its envelope.

import type { InterfaceRules } from '../../core/operation-entry.js';
import type { TradingBackend } from '../../domain/trading/index.js';

/** What the guards below can answer: the spec lists these for every operation that needs a key. */
export const TRADING_GUARD_STATUSES: readonly number[] = [401, 403];

export function tradingRules(backend: TradingBackend): InterfaceRules {
  return {
    iface: 'trading',
    settle: () => backend.settle(),
    // Seed trading §5.1: the key travels in the API-KEY header (header names arrive lower-case);
    // §5.6 and decision trading.guard-order: key (401) → IP whitelist (403) → permission (403).
    // Decision trading.rate-limit: no rate limit.
    authenticate: (req, op) => backend.authenticate(req.headers['api-key'], req.ip, op.permission === 'trade' ? 'trade' : 'read'),
    guardStatuses: TRADING_GUARD_STATUSES,
    // Seed trading §1: success is {success: true, data}.
    envelope: (data) => ({ success: true, data }),
  };
}
