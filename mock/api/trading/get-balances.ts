// GET /api/v1/account/balances: one entry per currency and chain (seed trading §2; decision
// trading.balance-meaning: balance is available, locked is held by orders and copies).

import type { Dec } from '../../domain/decimal.js';
import type { BalanceRow } from '../../domain/trading/index.js';
import { defineOperation } from '../define-operation.js';
import { presentBalance } from './present.js';

type BalanceEntry = ReturnType<typeof presentBalance>;

/**
 * Balances are read far more often than they change. A row's entry is formatted again
 * only when its amounts changed, and while every entry of an account is the one answered last, the
 * listing is that same frozen array, which the pipeline serializes once (mock/core/pipeline.ts).
 */
const entries = new WeakMap<BalanceRow, { available: Dec; locked: Dec; entry: BalanceEntry }>();
const listings = new WeakMap<object, BalanceEntry[]>();

function entryOf(row: BalanceRow): BalanceEntry {
  const known = entries.get(row);
  if (known !== undefined && known.available === row.available && known.locked === row.locked) return known.entry;
  const entry = Object.freeze(presentBalance(row));
  entries.set(row, { available: row.available, locked: row.locked, entry });
  return entry;
}

export const getBalances = defineOperation('trading', 'getBalances', ({ caller, backend }) => {
  const fresh = backend.balances(caller.account.id).map(entryOf);
  const last = listings.get(caller.account);
  if (last !== undefined && last.length === fresh.length && last.every((entry, i) => entry === fresh[i])) return last;
  const listing = Object.freeze(fresh) as BalanceEntry[];
  listings.set(caller.account, listing);
  return listing;
});
