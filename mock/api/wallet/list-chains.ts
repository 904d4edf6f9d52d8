// GET /api/v1/chains (seed §4): the fixed chain table (decision wallet.chains); no key.

import type { Route } from '../../core/route.js';
import { CHAINS, type WalletModel } from '../../domain/wallet/index.js';
import { walletRoute } from './wallet-route.js';

export function listChainsRoute(model: WalletModel): Route {
  return walletRoute(model, {
    method: 'GET',
    path: '/api/v1/chains',
    operationId: 'listChains',
    handle() {
      return { body: { success: true, chains: CHAINS.map(({ id, name, slug, symbol }) => ({ id, name, slug, symbol })) } };
    },
  });
}
