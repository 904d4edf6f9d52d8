// The wallet domain's public surface: the backend, its records and the per-chain formats.

export { createWalletBackend, DEFAULT_WALLET_RATE_LIMIT } from './wallet-backend.js';
export { CHAINS, chainBySlug } from './chains.js';
export { TOKENS, tokenById, tokensOnChain } from './tokens.js';
export { generateAddress, generateTxHash, isTxHashOf, isValidAddress, normalizeAddress } from './address-format.js';
export { toChecksumAddress } from './evm-address.js';
export { CONFIRMATION_DELAY_MS } from './transfers.js';
export { DEMO_API_KEY, DEMO_USER } from './demo-data.js';
export { balanceOf, chainOf } from './balances.js';
export { assetKey } from './wallet-state.js';

export type { WalletBackend, WalletBackendOptions, WalletCaller } from './wallet-backend.js';
export type { AddressFamily, Chain } from './chains.js';
export type { Token } from './tokens.js';
export type { WalletSnapshot } from '../snapshot/index.js';
export type { AssetSupply } from './supply-audit.js';
export type { SendInput } from './transfers.js';
export type { RegisterInput } from './user-accounts.js';
export type { ApiKey, HistoryEntry, Transfer, TransferStatus, User, Wallet, WalletState } from './wallet-state.js';
