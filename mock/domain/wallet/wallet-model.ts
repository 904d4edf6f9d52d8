// createWalletModel: the wallet fake's state and operations behind one object, no HTTP.

import type { Clock } from '../clock.js';
import { mulDec, type Dec } from '../decimal.js';
import { domainError } from '../domain-error.js';
import { createRateLimiter, type RateLimitDecision } from '../rate-limiter.js';
import { chainOf } from './balances.js';
import { seedDemoData } from './demo-data.js';
import type { PriceSource } from './price-source.js';
import { auditSupply, type AssetSupply } from './supply-audit.js';
import { failTransfer, depositTo, sendFrom, settleTransfers, type SendInput } from './transfers.js';
import { issueApiKey, loginUser, registerUser, userIdForKey, type RegisterInput } from './user-accounts.js';
import { createWallet, walletOwnedBy, walletsOf } from './wallet-book.js';
import { createWalletRngs, type WalletRngs } from './wallet-rngs.js';
import { decodeWalletState, encodeWalletState, type WalletSnapshot } from './wallet-snapshot.js';
import { createWalletState, type HistoryEntry, type Transfer, type User, type Wallet, type WalletState } from './wallet-state.js';

/** Seed §8: "60 per minute" per API key. */
export const DEFAULT_WALLET_RATE_LIMIT = 60;
const RATE_WINDOW_MS = 60_000;

export interface WalletModelOptions {
  seed: number;
  clock: Pick<Clock, 'now'>;
  prices: PriceSource;
  /** Requests per minute per key (the CLI's --wallet-rate-limit). Default 60. */
  rateLimit?: number;
  /** Seed the demo user, key and wallets (default true). */
  demoData?: boolean;
}

export interface WalletModel {
  readonly clock: Pick<Clock, 'now'>;
  readonly prices: PriceSource;
  readonly rateLimit: number;
  /** The live state; a new object after reset(), so read it through the model each time. */
  readonly state: WalletState;
  /** Confirms due transfers; called at the start of every request. Returns how many confirmed. */
  settle(now?: number): number;
  /** Back to the seeded state: same users, keys, addresses and hashes; rate windows forgotten. */
  reset(): void;
  register(input: RegisterInput): User;
  login(email: string, password: string): { token: string; user: User };
  userIdForKey(key: string): number | undefined;
  /** Counts one authenticated request for key (decision wallet.rate-limit-scope). */
  hitRateLimit(key: string): RateLimitDecision;
  createWallet(userId: number, chain: string): Wallet;
  walletsOf(userId: number): Wallet[];
  /** The caller's wallet or a 404 DomainError naming operation. */
  walletOf(userId: number, walletId: number, operation: string): Wallet;
  /** Newest first, at most limit entries, O(limit). */
  history(wallet: Wallet, limit: number): HistoryEntry[];
  /** Decision wallet.usd-value: native balance × current price, rounded down to 8 digits. */
  usdValue(wallet: Wallet): Dec;
  send(userId: number, walletId: number, input: SendInput): Transfer;
  deposit(walletId: number, amount: string, tokenId: number | null): Transfer;
  issueApiKey(userId: number): string;
  fail(txHash: string): Transfer;
  audit(): Map<string, AssetSupply>;
  /** The whole state as plain JSON (wallet-snapshot.ts); rate windows are not state and are left out. */
  exportState(): WalletSnapshot;
  /** Replaces the state with a snapshot's, or throws SnapshotError and changes nothing. */
  importState(snapshot: unknown): void;
}

export function createWalletModel(options: WalletModelOptions): WalletModel {
  const { seed, clock, prices } = options;
  const rateLimit = options.rateLimit ?? DEFAULT_WALLET_RATE_LIMIT;
  const limiter = createRateLimiter({ limit: rateLimit, windowMs: RATE_WINDOW_MS, now: () => clock.now() });
  let state: WalletState;
  let rngs: WalletRngs;

  function reset(): void {
    state = createWalletState();
    rngs = createWalletRngs(seed);
    limiter.reset();
    if (options.demoData !== false) seedDemoData(state, rngs, clock.now());
  }
  reset();

  function history(wallet: Wallet, limit: number): HistoryEntry[] {
    const out: HistoryEntry[] = [];
    for (let i = wallet.history.length - 1; i >= 0 && out.length < limit; i--) out.push(wallet.history[i] as HistoryEntry);
    return out;
  }

  return {
    clock,
    prices,
    rateLimit,
    get state() {
      return state;
    },
    settle: (now = clock.now()) => settleTransfers(state, now),
    reset,
    register: (input) => registerUser(state, rngs, input),
    login: (email, password) => loginUser(state, rngs, email, password),
    userIdForKey: (key) => userIdForKey(state, key),
    hitRateLimit: (key) => limiter.hit(key),
    createWallet: (userId, chain) => createWallet(state, rngs, userId, chain),
    walletsOf: (userId) => walletsOf(state, userId),
    walletOf: (userId, walletId, operation) => walletOwnedBy(state, userId, walletId, operation),
    history,
    usdValue: (wallet) => mulDec(wallet.native, prices.priceOf(chainOf(wallet).symbol) ?? 0n),
    send: (userId, walletId, input) => sendFrom(state, rngs, clock.now(), walletOwnedBy(state, userId, walletId, 'send'), input),
    deposit(walletId, amount, tokenId) {
      const wallet = state.wallets.get(walletId);
      if (wallet === undefined) throw domainError.not_found(`deposit: wallet ${walletId} not found`);
      return depositTo(state, rngs, clock.now(), wallet, amount, tokenId);
    },
    issueApiKey: (userId) => issueApiKey(state, rngs, userId),
    fail: (txHash) => failTransfer(state, txHash),
    audit: () => auditSupply(state),
    exportState: () => encodeWalletState(state, rngs),
    importState(snapshot) {
      ({ state, rngs } = decodeWalletState(snapshot, seed));
      limiter.reset();
    },
  };
}
