// GET /api/v1/wallets (seed wallet §4): the caller's wallets with balances, oldest first, or
// newest first when a profile says so (decision wallet.list-order); each wallet's tokens in id
// order, or the reverse (wallet.tokens#order).

import { defineOperation } from '../define-operation.js';
import { wireWallet } from './wire.js';

export const listWallets = defineOperation('wallet', 'listWallets', ({ caller, backend }) => {
  const tokensNewestFirst = backend.decisions['wallet.tokens#order'] === 'newest-first';
  const wallets = backend.walletsOf(caller.userId).map((w) => wireWallet(w, tokensNewestFirst));
  return { wallets: backend.decisions['wallet.list-order'] === 'newest-first' ? wallets.reverse() : wallets };
});
