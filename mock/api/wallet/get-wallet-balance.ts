// GET /api/v1/wallets/{id}/balance (seed §4): native balance and its USD value (decision wallet.usd-value).

import type { Route } from '../../core/route.js';
import { formatDec8 } from '../../domain/decimal.js';
import { chainOf, type WalletModel } from '../../domain/wallet/index.js';
import { authenticate } from './auth-guard.js';
import { pathOf } from './request-input.js';
import { walletRoute } from './wallet-route.js';

const OP = 'getWalletBalance';

export function getWalletBalanceRoute(model: WalletModel): Route {
  return walletRoute(model, {
    method: 'GET',
    path: '/api/v1/wallets/{id}/balance',
    operationId: OP,
    handle(req, params) {
      const userId = authenticate(model, req, OP);
      const { id } = pathOf<{ id: number }>(OP, params);
      const wallet = model.walletOf(userId, id, OP);
      return {
        body: {
          success: true,
          balance: formatDec8(wallet.native),
          symbol: chainOf(wallet).symbol,
          usd_value: formatDec8(model.usdValue(wallet)),
        },
      };
    },
  });
}
