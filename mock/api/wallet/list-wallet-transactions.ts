// GET /api/v1/wallets/{id}/transactions (seed §4): newest first, ?limit (decision wallet.transactions-paging).

import type { Route } from '../../core/route.js';
import type { WalletModel } from '../../domain/wallet/index.js';
import { authenticate } from './auth-guard.js';
import { pathOf, queryOf } from './request-input.js';
import { walletRoute } from './wallet-route.js';
import { wireTransaction } from './wire.js';

const OP = 'listWalletTransactions';

export function listWalletTransactionsRoute(model: WalletModel): Route {
  return walletRoute(model, {
    method: 'GET',
    path: '/api/v1/wallets/{id}/transactions',
    operationId: OP,
    handle(req, params) {
      const userId = authenticate(model, req, OP);
      const { id } = pathOf<{ id: number }>(OP, params);
      // limit 1..100, default 50 from the document; outside the range is a 400.
      const { limit } = queryOf<{ limit: number }>(OP, req);
      const wallet = model.walletOf(userId, id, OP);
      return { body: { success: true, transactions: model.history(wallet, limit).map(wireTransaction) } };
    },
  });
}
