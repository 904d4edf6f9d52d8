// createWalletBackend: the wallet fake's state and operations behind methods; no HTTP words (docs/ARCHITECTURE.md).

import { DEFAULT_DECISIONS, type DecisionValues } from '../../../spec/decision-points.js';
import type { Clock } from '../clock.js';
import { mulDec, type Dec } from '../decimal.js';
import { DomainError, domainError, rateLimitedError } from '../domain-error.js';
import { createRateLimiter } from '../rate-limiter.js';
import { chainOf } from './balances.js';
import { seedDemoData } from './demo-data.js';
import type { PriceSource } from '../price-book.js';
import { auditSupply, type AssetSupply } from './supply-audit.js';
import { failTransfer, depositTo, sendFrom, settleTransfers, type SendInput } from './transfers.js';
import { issueApiKey, loginUser, registerUser, userIdForKey, type RegisterInput } from './user-accounts.js';
import { createWallet, walletOwnedBy, walletsOf } from './wallet-book.js';
import { createWalletRngs } from './wallet-rngs.js';
import { cutWalletState, decodeWalletState, encodeWalletState, type SnapshotCut, type WalletSnapshot } from '../snapshot/index.js';
import { createWalletState, type HistoryEntry, type Transfer, type User, type Wallet, type WalletState } from './wallet-state.js';

/** Seed §8: "60 per minute" per API key. */
export const DEFAULT_WALLET_RATE_LIMIT = 60;
const RATE_WINDOW_MS = 60_000;

export interface WalletBackendOptions {
  seed: number;
  clock: Pick<Clock, 'now'>;
  prices: PriceSource;
  /** Requests per minute per key (the CLI's --wallet-rate-limit). Default 60. */
  rateLimit?: number;
  /** Seed the demo user, key and wallets (default true). */
  demoData?: boolean;
  /** The deployment's decisions (a profile, spec/profile.ts); default doppel's. */
  decisions?: DecisionValues;
}

/** Who is calling: the user the X-API-Key belongs to, and that key (a login token or a static key). */
export interface WalletCaller {
  readonly userId: number;
  readonly key: string;
}

export interface WalletBackend {
  readonly clock: Pick<Clock, 'now'>;
  readonly prices: PriceSource;
  readonly rateLimit: number;
  /** The decision points' values this fake answers with: doppel's, or a profile's (spec/profile.ts). */
  readonly decisions: Readonly<DecisionValues>;
  /** The live state, for read-only views (summary, audits); a new object after importState, so read it through the backend each time. */
  readonly state: WalletState;
  /** Confirms due transfers; called at the start of every request. Returns how many confirmed. */
  settle(now?: number): number;
  register(input: RegisterInput): User;
  login(email: string, password: string): { token: string; user: User };
  /**
   * Seed wallet §5.1-2: X-API-Key carries a login token or a static API key; missing or unknown →
   * 401. Then decision wallet.rate-limit-scope: only requests with a known key count, `rateLimit`
   * a minute per key value (seed wallet §8), 429 with Retry-After.
   */
  authenticate(key: string | undefined, limit?: boolean): WalletCaller;
  /** The rate limit (429) on its own: `authenticate(key, false)` leaves it to this (a profile's guard order). */
  countRequest(caller: WalletCaller): void;
  createWallet(userId: number, chain: string): Wallet;
  walletsOf(userId: number): Wallet[];
  /** The caller's wallet, or not_found (another user's wallet answers like an unknown one). */
  walletOf(userId: number, walletId: number): Wallet;
  /** Newest first (oldest first: a profile's wallet.transactions-paging#order), at most limit entries, O(limit). */
  history(wallet: Wallet, limit: number, oldestFirst?: boolean): HistoryEntry[];
  /** Decision wallet.usd-value: native balance × current price, rounded down to 8 digits. */
  usdValue(wallet: Wallet): Dec;
  send(userId: number, walletId: number, input: SendInput): Transfer;
  deposit(walletId: number, amount: string, tokenId: number | null): Transfer;
  issueApiKey(userId: number): string;
  fail(txHash: string): Transfer;
  audit(): Map<string, AssetSupply>;
  /** When the next pending transfer confirms, if any is pending. */
  nextDue(): number | undefined;
  /** The whole state as plain JSON (wallet-snapshot.ts); rate windows are not state and are left out. */
  exportState(): WalletSnapshot;
  /** The state at this instant, its long collections read a piece at a time (mock/domain/export-cut.ts); release() when done. */
  cutState(): SnapshotCut<WalletSnapshot>;
  /** Replaces the state with a snapshot's, or throws SnapshotError and changes nothing. */
  importState(snapshot: unknown): void;
}

export function createWalletBackend(options: WalletBackendOptions): WalletBackend {
  const { seed, clock, prices } = options;
  const decisions = options.decisions ?? DEFAULT_DECISIONS;
  const rateLimit = options.rateLimit ?? DEFAULT_WALLET_RATE_LIMIT;
  const limiter = createRateLimiter({ limit: rateLimit, windowMs: RATE_WINDOW_MS, now: () => clock.now() });
  function countRequest(key: string): void {
    const decision = limiter.hit(key);
    if (!decision.allowed) throw rateLimitedError(`rate limit of ${rateLimit} requests per minute exceeded`, decision.retryAfterSeconds);
  }

  let state = createWalletState();
  let rngs = createWalletRngs(seed);
  // The demo data, dated now, is made when the state is first used (`current`), not here: deriving
  // its addresses is ~4 ms of code running for the first time, which a start whose first request is
  // a trading one, and every namespace that never calls the wallet, need not wait for. Nothing reads
  // or draws before it, so the data is the same.
  let demoAt = options.demoData !== false ? clock.now() : undefined;
  function current(): WalletState {
    if (demoAt !== undefined) {
      const at = demoAt;
      demoAt = undefined;
      seedDemoData(state, rngs, at);
    }
    return state;
  }

  // The history is in date order, then creation (a receive is appended at its confirmation).
  function history(wallet: Wallet, limit: number, oldestFirst = false): HistoryEntry[] {
    const entries = wallet.history;
    if (oldestFirst) return entries.slice(0, limit);
    const out: HistoryEntry[] = [];
    for (let i = entries.length - 1; i >= 0 && out.length < limit; i--) out.push(entries[i] as HistoryEntry);
    return out;
  }

  return {
    clock,
    prices,
    rateLimit,
    decisions,
    get state() {
      return current();
    },
    settle: (now = clock.now()) => settleTransfers(current(), now),
    register: (input) => registerUser(current(), rngs, input),
    login: (email, password) => loginUser(current(), rngs, email, password),
    authenticate(key, limit = true) {
      // Decision wallet.status-codes#missing-key-message: the profile's text (default the usual prefix).
      if (key === undefined || key === '') throw new DomainError('unauthorized', 'missing X-API-Key header', { template: decisions['wallet.status-codes#missing-key-message'] });
      const userId = userIdForKey(current(), key);
      if (userId === undefined) throw domainError.unauthorized('unknown X-API-Key');
      if (limit) countRequest(key);
      return { userId, key };
    },
    countRequest: (caller) => countRequest(caller.key),
    createWallet: (userId, chain) => createWallet(current(), rngs, userId, chain),
    walletsOf: (userId) => walletsOf(current(), userId),
    walletOf: (userId, walletId) => walletOwnedBy(current(), userId, walletId),
    history,
    usdValue: (wallet) => mulDec(wallet.native, prices.priceOf(chainOf(wallet).symbol) ?? 0n),
    send: (userId, walletId, input) => sendFrom(current(), rngs, clock.now(), walletOwnedBy(current(), userId, walletId), input, decisions['wallet.send-semantics'] * 1000),
    deposit(walletId, amount, tokenId) {
      const wallet = current().wallets.get(walletId);
      if (wallet === undefined) throw domainError.not_found(`wallet ${walletId} not found`);
      return depositTo(current(), rngs, clock.now(), wallet, amount, tokenId);
    },
    issueApiKey: (userId) => issueApiKey(current(), rngs, userId),
    fail: (txHash) => failTransfer(current(), txHash),
    audit: () => auditSupply(current()),
    nextDue: () => current().pending.peek()?.dueAt,
    exportState: () => encodeWalletState(current(), rngs),
    cutState: () => cutWalletState(current(), rngs),
    importState(snapshot) {
      ({ state, rngs } = decodeWalletState(snapshot, seed));
      demoAt = undefined;
      limiter.reset();
    },
  };
}
