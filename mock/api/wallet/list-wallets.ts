// GET /api/v1/wallets (seed wallet §4): the caller's wallets with balances, oldest first (decision wallet.list-order).

import { defineOperation } from '../define-operation.js';
import { wireWallet } from './wire.js';

export const listWallets = defineOperation('wallet', 'listWallets', ({ caller, backend }) => ({
  wallets: backend.walletsOf(caller.userId).map(wireWallet),
}));
