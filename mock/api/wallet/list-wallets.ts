// GET /api/v1/wallets (seed wallet §4): the caller's wallets with balances, oldest first, or
// newest first when a profile says so (decision wallet.list-order).

import { JsonText } from '../json-text.js';
import { defineOperation } from '../define-operation.js';
import { wireWalletText } from './wire.js';

export const listWallets = defineOperation('wallet', 'listWallets', ({ caller, backend }) => {
  // Each wallet's text is kept until its balances change (wire.ts): the listing is a join, the
  // same bytes as serializing { wallets: wallets.map(wireWallet) }.
  const texts = backend.walletsOf(caller.userId).map(wireWalletText);
  if (backend.decisions['wallet.list-order'] === 'newest-first') texts.reverse();
  return new JsonText(`{"wallets":[${texts.join(',')}]}`);
});
