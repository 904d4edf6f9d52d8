// The wallet interface of the fake: its model, its 9 operation routes and its admin routes.

import type { Route } from '../../core/route.js';
import type { WalletModel } from '../../domain/wallet/index.js';
import { createWalletRoute } from './create-wallet.js';
import { getWalletBalanceRoute } from './get-wallet-balance.js';
import { getWalletPricesRoute } from './get-wallet-prices.js';
import { listChainsRoute } from './list-chains.js';
import { listWalletTransactionsRoute } from './list-wallet-transactions.js';
import { listWalletsRoute } from './list-wallets.js';
import { loginRoute } from './login.js';
import { registerRoute } from './register.js';
import { sendFromWalletRoute } from './send-from-wallet.js';

/** The 9 operations of spec/wallet.openapi.yaml, one Route each. */
export function walletRoutes(model: WalletModel): Route[] {
  return [
    registerRoute(model),
    loginRoute(model),
    listChainsRoute(model),
    createWalletRoute(model),
    listWalletsRoute(model),
    getWalletBalanceRoute(model),
    listWalletTransactionsRoute(model),
    sendFromWalletRoute(model),
    getWalletPricesRoute(model),
  ];
}

export { walletAdminRoutes } from './admin-routes.js';
export { createWalletModel, DEFAULT_WALLET_RATE_LIMIT, DEMO_API_KEY, DEMO_USER, CONFIRMATION_DELAY_MS } from '../../domain/wallet/index.js';

export type { WalletModel, WalletModelOptions, PriceSource } from '../../domain/wallet/index.js';
