// POST /api/v1/wallets/create (seed §4): a new empty wallet on a chain (decision wallet.create-semantics).

import type { Route } from '../../core/route.js';
import type { WalletModel } from '../../domain/wallet/index.js';
import { authenticate } from './auth-guard.js';
import { bodyOf } from './request-input.js';
import { walletRoute } from './wallet-route.js';
import { wireNewWallet } from './wire.js';

const OP = 'createWallet';

export function createWalletRoute(model: WalletModel): Route {
  return walletRoute(model, {
    method: 'POST',
    path: '/api/v1/wallets/create',
    operationId: OP,
    handle(req) {
      const userId = authenticate(model, req, OP);
      const body = bodyOf<{ chain: string }>(OP, req);
      return { body: { success: true, wallet: wireNewWallet(model.createWallet(userId, body.chain)) } };
    },
  });
}
