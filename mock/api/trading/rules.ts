// What the trading interface supplies to the one pipeline (mock/core/pipeline.ts): its settle, its
// guards and its envelope.

import { TRADING_GUARD_ORDERS } from '../../../spec/index.js';
import type { InterfaceRules, OperationEntry } from '../../core/operation-entry.js';
import type { TradingBackend, TradingCaller } from '../../domain/trading/index.js';

/** What the guards below can answer: the spec lists these for every operation that needs a key. */
export const TRADING_GUARD_STATUSES: readonly number[] = [401, 403];

const permissionOf = (op: OperationEntry): 'trade' | 'read' => (op.permission === 'trade' ? 'trade' : 'read');

export function tradingRules(backend: TradingBackend): InterfaceRules {
  const order = backend.decisions['trading.guard-order'];
  if (!(TRADING_GUARD_ORDERS as readonly string[]).includes(order)) throw new Error(`trading.guard-order: the fake cannot run ${order}`);
  const permissionAfterInput = order === 'key > whitelist > input > permission';
  return {
    iface: 'trading',
    settle: () => backend.settle(),
    // Seed trading §5.1: the key travels in the API-KEY header (header names arrive lower-case);
    // §5.6 and decision trading.guard-order: key (401) → IP whitelist (403) → permission (403).
    // Decision trading.rate-limit: no rate limit.
    // A profile may put the input before the permission: then the permission runs after it.
    ...(permissionAfterInput
      ? {
          authenticate: (req) => backend.authenticate(req.headers['api-key'], req.ip),
          afterInput: (caller, _req, op) => backend.authorize(caller as TradingCaller, permissionOf(op)),
        }
      : { authenticate: (req, op) => backend.authenticate(req.headers['api-key'], req.ip, permissionOf(op)) }),
    credentialHeader: 'api-key',
    // What a read answers moves with time at price steps and at due expiries (mock/domain/trading/settle.ts).
    quietUntil: (now) => Math.min(backend.prices.nextChangeAfter(now), backend.nextDue() ?? Infinity),
    guardStatuses: TRADING_GUARD_STATUSES,
    // Seed trading §1: success is {success: true, data}.
    envelope: (data) => ({ success: true, data }),
    envelopeText: (text) => `{"success":true,"data":${text}}`,
  };
}
