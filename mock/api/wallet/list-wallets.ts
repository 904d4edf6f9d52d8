// GET /api/v1/wallets (seed §4): the caller's wallets with balances, oldest first (decision wallet.list-order).

import type { Route } from '../../core/route.js';
import type { WalletModel } from '../../domain/wallet/index.js';
import { authenticate } from './auth-guard.js';
import { walletRoute } from './wallet-route.js';
import { wireWallet } from './wire.js';

const OP = 'listWallets';

export function listWalletsRoute(model: WalletModel): Route {
  return walletRoute(model, {
    method: 'GET',
    path: '/api/v1/wallets',
    operationId: OP,
    handle(req) {
      const userId = authenticate(model, req, OP);
      return { body: { success: true, wallets: model.walletsOf(userId).map(wireWallet) } };
    },
  });
}
