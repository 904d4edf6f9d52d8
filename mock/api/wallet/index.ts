// The wallet interface of the fake: its 9 operations (spec/wallet.openapi.yaml), its rules for the
// pipeline and its admin routes.

import type { OperationDefinition } from '../define-operation.js';
import { createWallet } from './create-wallet.js';
import { getWalletBalance } from './get-wallet-balance.js';
import { getWalletPrices } from './get-wallet-prices.js';
import { listChains } from './list-chains.js';
import { listWalletTransactions } from './list-wallet-transactions.js';
import { listWallets } from './list-wallets.js';
import { login } from './login.js';
import { register } from './register.js';
import { sendFromWallet } from './send-from-wallet.js';

export const walletOperations: readonly OperationDefinition<'wallet'>[] = [
  register,
  login,
  listChains,
  createWallet,
  listWallets,
  getWalletBalance,
  listWalletTransactions,
  sendFromWallet,
  getWalletPrices,
];

export { walletRules, WALLET_GUARD_STATUSES } from './rules.js';
export { walletAdminRoutes } from './admin-routes.js';
export { walletSummary } from './wallet-summary.js';
