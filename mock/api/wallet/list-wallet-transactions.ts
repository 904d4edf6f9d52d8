// GET /api/v1/wallets/{id}/transactions (seed wallet §4): newest first, ?limit 1..100 default 50
// (decision wallet.transactions-paging; the pipeline applied the default and refused the rest).

import { defineOperation } from '../define-operation.js';
import { wireTransaction } from './wire.js';

export const listWalletTransactions = defineOperation('wallet', 'listWalletTransactions', ({ caller, params, query, backend }) => {
  const wallet = backend.walletOf(caller.userId, params.id);
  return { transactions: backend.history(wallet, query.limit as number).map(wireTransaction) };
});
