// GET /api/v1/wallets (seed wallet §4): the caller's wallets with balances, oldest first, or
// newest first when a profile says so (decision wallet.list-order); each wallet's tokens in id
// order, or the reverse (wallet.tokens#order).

import { JsonText } from '../json-text.js';
import { defineOperation } from '../define-operation.js';
import { wireWalletText } from './wire.js';

export const listWallets = defineOperation('wallet', 'listWallets', ({ caller, backend }) => {
  // Each wallet's text is kept until its balances change (wire.ts): the listing is one join, the
  // same bytes as serializing { wallets: wallets.map(wireWallet) }. The brackets go into the first
  // and last pieces so that the join makes the one flat copy of a large listing.
  const tokensNewestFirst = backend.decisions['wallet.tokens#order'] === 'newest-first';
  const texts = backend.walletsOf(caller.userId).map((w) => wireWalletText(w, tokensNewestFirst));
  if (texts.length === 0) return new JsonText('{"wallets":[]}');
  if (backend.decisions['wallet.list-order'] === 'newest-first') texts.reverse();
  texts[0] = `{"wallets":[${texts[0] as string}`;
  texts[texts.length - 1] = `${texts[texts.length - 1] as string}]}`;
  return new JsonText(texts.join(','));
});
