// Wire forms of the wallet records, typed by spec/generated/wallet.ts.

import type { components } from '../../../spec/generated/wallet.js';
import { formatSeedDate } from '../../domain/format-date.js';
import { formatDec8 } from '../../domain/decimal.js';
import { balanceOf, chainOf, tokensOnChain, type HistoryEntry, type User, type Wallet } from '../../domain/wallet/index.js';

/** components/schemas/User: never the password hash. */
export function wireUser(user: User): components['schemas']['User'] {
  return { id: user.id, name: user.name, email: user.email };
}

/** components/schemas/NewWallet. */
export function wireNewWallet(wallet: Wallet): components['schemas']['NewWallet'] {
  return { id: wallet.id, chain: wallet.chain, address: wallet.address, symbol: chainOf(wallet).symbol };
}

/**
 * components/schemas/Wallet. Decision wallet.tokens: `tokens` lists every token of the wallet's
 * chain in id order (or the reverse: a profile's wallet.tokens#order), zero balances included, so a
 * client can discover token ids.
 */
export function wireWallet(wallet: Wallet, newestFirst = false): components['schemas']['Wallet'] {
  const tokens = tokensOnChain(wallet.chain).map((t) => ({ token_id: t.id, symbol: t.symbol, balance: formatDec8(balanceOf(wallet, t.id)) }));
  return { ...wireNewWallet(wallet), balance: formatDec8(wallet.native), tokens: newestFirst ? tokens.reverse() : tokens };
}

/**
 * wireWallet's JSON text, kept per wallet until its balances change (Wallet.revision): what the
 * wallets listing is made of, so that it costs a lookup per wallet, not a presentation and a
 * serialization (a user with 10,000 wallets took ~100 ms a listing, most of it allocation and GC).
 * Keyed by the record: a reset or a state import makes new records, and the texts go with the old.
 */
const walletTexts = new WeakMap<Wallet, { revision: number; newestFirst: boolean; text: string }>();
export function wireWalletText(wallet: Wallet, newestFirst = false): string {
  const kept = walletTexts.get(wallet);
  if (kept !== undefined && kept.revision === wallet.revision && kept.newestFirst === newestFirst) return kept.text;
  const text = JSON.stringify(wireWallet(wallet, newestFirst));
  walletTexts.set(wallet, { revision: wallet.revision, newestFirst, text });
  return text;
}

/** components/schemas/Transaction; dates in UTC (decision wallet.dates-utc). */
export function wireTransaction(entry: HistoryEntry): components['schemas']['Transaction'] {
  const t = entry.transfer;
  return {
    tx_hash: t.hash,
    type: entry.type,
    amount: formatDec8(t.amount),
    from: t.from,
    to: t.to,
    status: t.status,
    date: formatSeedDate(entry.date),
    symbol: t.symbol,
    token_id: t.tokenId,
  };
}
