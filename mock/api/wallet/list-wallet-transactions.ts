// GET /api/v1/wallets/{id}/transactions (seed wallet §4): newest first (or a profile's order),
// ?limit 1..100 default 50 (decision wallet.transactions-paging; the pipeline refused a limit
// outside the range).

import { defineOperation } from '../define-operation.js';
import { wireTransaction } from './wire.js';

export const listWalletTransactions = defineOperation('wallet', 'listWalletTransactions', ({ caller, params, query, backend, req }) => {
  const wallet = backend.walletOf(caller.userId, params.id);
  // Without `limit` the fake's decision point (doppel's 50, or a profile's) applies.
  const limit = req.query.has('limit') ? (query.limit as number) : backend.decisions['wallet.transactions-paging'];
  // Decision point wallet.transactions-paging#order: newest first, or the profile's order.
  const oldestFirst = backend.decisions['wallet.transactions-paging#order'] === 'oldest-first';
  return { transactions: backend.history(wallet, limit, oldestFirst).map(wireTransaction) };
  // The largest `limit` is the fake's decision point too (doppel's 100, or a profile's).
}, { maxima: (backend) => ({ limit: backend.decisions['wallet.transactions-paging#max-limit'] }) });
