// Wallets: creation on a chain, ownership lookups and the by-address index.

import { domainError } from '../domain-error.js';
import { generateAddress, normalizeAddress } from './address-format.js';
import { chainBySlug, type Chain } from './chains.js';
import type { WalletRngs } from './wallet-rngs.js';
import type { Wallet, WalletState } from './wallet-state.js';

/** Decision wallet.create-semantics: balance 0, a fresh address in the chain's format; unknown slug 400. */
export function createWallet(state: WalletState, rngs: WalletRngs, userId: number, slug: string): Wallet {
  const chain = chainBySlug(slug);
  if (chain === undefined) throw domainError.invalid_request(`unknown chain ${JSON.stringify(slug)}`);
  let address: string;
  // 20 random bytes make a collision absurd, but the index must stay a function.
  do address = generateAddress(chain.family, rngs.addresses);
  while (state.walletsByAddress.has(addressKey(chain, address)));
  const wallet: Wallet = {
    id: state.nextWalletId++,
    userId,
    chain: chain.slug,
    address,
    native: 0n,
    tokens: new Map(),
    revision: 0,
    history: [],
  };
  state.wallets.set(wallet.id, wallet);
  state.walletsByAddress.set(addressKey(chain, address), wallet.id);
  const own = state.walletsByUser.get(userId);
  if (own === undefined) state.walletsByUser.set(userId, [wallet.id]);
  else own.push(wallet.id);
  return wallet;
}

/**
 * The caller's wallet or 404: another user's wallet answers exactly like a missing one (decision
 * wallet.status-codes), so ids of other users cannot be probed.
 */
export function walletOwnedBy(state: WalletState, userId: number, walletId: number): Wallet {
  const wallet = state.wallets.get(walletId);
  if (wallet === undefined || wallet.userId !== userId) throw domainError.not_found(`wallet ${walletId} not found`);
  return wallet;
}

/** Decision wallet.list-order: oldest first (ids grow with creation). */
export function walletsOf(state: WalletState, userId: number): Wallet[] {
  return (state.walletsByUser.get(userId) ?? []).map((id) => state.wallets.get(id) as Wallet);
}

export function walletAt(state: WalletState, chain: Chain, address: string): Wallet | undefined {
  const id = state.walletsByAddress.get(addressKey(chain, address));
  return id === undefined ? undefined : state.wallets.get(id);
}

/** Per chain: one EVM address may be a wallet on ethereum and a different wallet on bsc. */
export function addressKey(chain: Chain, address: string): string {
  return `${chain.slug}:${normalizeAddress(chain.family, address)}`;
}
