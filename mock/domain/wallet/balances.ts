// Balance of one asset (native coin or a token) of a wallet, and the asset named by a token_id.

import type { Dec } from '../decimal.js';
import { domainError } from '../domain-error.js';
import { chainBySlug, type Chain } from './chains.js';
import { tokenById } from './tokens.js';
import { beforeWrite } from '../export-cut.js';
import type { Wallet, WalletState } from './wallet-state.js';

export interface Asset {
  tokenId: number | null;
  symbol: string;
}

/**
 * Decision wallet.tokens: null (or absent) is the native coin; a token_id that is unknown or not
 * on the wallet's chain is a 400.
 */
export function assetOf(chain: Chain, tokenId: number | null): Asset {
  if (tokenId === null) return { tokenId: null, symbol: chain.symbol };
  const token = tokenById(tokenId);
  if (token === undefined) throw domainError.invalid_request(`unknown token_id ${tokenId}`);
  if (token.chain !== chain.slug) {
    throw domainError.invalid_request(`token_id ${tokenId} (${token.symbol} on ${token.chain}) is not on ${chain.slug}`);
  }
  return { tokenId: token.id, symbol: token.symbol };
}

export function chainOf(wallet: Wallet): Chain {
  const chain = chainBySlug(wallet.chain);
  if (chain === undefined) throw new Error(`wallet ${wallet.id} on unknown chain ${wallet.chain}`);
  return chain;
}

export function balanceOf(wallet: Wallet, tokenId: number | null): Dec {
  return tokenId === null ? wallet.native : (wallet.tokens.get(tokenId) ?? 0n);
}

/** Adds a signed amount; refuses to go below zero, so an accounting bug surfaces as a 500, not a negative balance. */
export function adjustBalance(state: WalletState, wallet: Wallet, tokenId: number | null, delta: Dec): void {
  const next = balanceOf(wallet, tokenId) + delta;
  if (next < 0n) throw new Error(`wallet ${wallet.id}: balance would become negative`);
  // Its history grows only right after a balance change (transfers.ts): this keeps both.
  beforeWrite(state.cuts, 'wallet', wallet);
  if (tokenId === null) wallet.native = next;
  else wallet.tokens.set(tokenId, next);
  wallet.revision++;
}
