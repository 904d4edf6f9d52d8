// The wallet fake's whole state as plain data: records, bigints for money, Maps for indexes.

import type { Dec } from '../decimal.js';
import type { ExportCut } from '../export-cut.js';
import { createMinHeap, type MinHeap } from '../min-heap.js';
import type { PasswordHash } from './password-hash.js';

export interface User {
  id: number;
  name: string;
  /** As registered; the index key is the lower-case form (decision wallet.register-semantics). */
  email: string;
  password: PasswordHash;
}

export type KeyKind = 'login-token' | 'api-key';

export interface ApiKey {
  key: string;
  userId: number;
  kind: KeyKind;
}

export type TransferStatus = 'pending' | 'confirmed' | 'failed';

/**
 * One movement of funds. A send to another wallet of the fake and its receive share the record
 * (and the tx_hash, as both sides of one on-chain transaction do), so a status change is one write.
 */
export interface Transfer {
  hash: string;
  chain: string;
  /** null: the chain's native coin (decision wallet.tokens). */
  tokenId: number | null;
  symbol: string;
  amount: Dec;
  from: string;
  to: string;
  /** null when the sender is outside the fake (an admin deposit). */
  fromWalletId: number | null;
  /** null when the receiver is outside the fake. */
  toWalletId: number | null;
  status: TransferStatus;
  createdAt: number;
  /** When a pending transfer confirms (decision wallet.send-semantics: 30 virtual seconds). */
  dueAt: number;
  /** Creation order, the tie-breaker of the pending queue. */
  seq: number;
}

/** A line of one wallet's history: its side of a transfer and when that side happened. */
export interface HistoryEntry {
  transfer: Transfer;
  type: 'send' | 'receive';
  date: number;
}

export interface Wallet {
  id: number;
  userId: number;
  chain: string;
  address: string;
  native: Dec;
  /** Token id → balance; only tokens of the wallet's chain ever appear. */
  tokens: Map<number, Dec>;
  /**
   * Grows by one at every balance change (balances.ts adjustBalance), the only change a wallet's
   * listed form can see: a listing keeps each wallet's presented text until this moves, so that a
   * user with 10,000 wallets is not 10,000 presentations per request. Not state: not exported.
   */
  revision: number;
  /**
   * Oldest first, appended in date order: every append happens after settle(now) and carries a
   * date ≥ every earlier one, so the newest-first listing reads from the end in O(limit).
   */
  history: HistoryEntry[];
}

/** Per asset ("ethereum:ETH", "tron:USDT"): money that entered and left the fake. */
export interface SupplyLedger {
  deposited: Map<string, Dec>;
  /** Confirmed sends to addresses outside the fake. */
  exported: Map<string, Dec>;
}

export interface WalletState {
  users: Map<number, User>;
  usersByEmail: Map<string, number>;
  keys: Map<string, ApiKey>;
  wallets: Map<number, Wallet>;
  /** "chain:normalized address" → wallet id. */
  walletsByAddress: Map<string, number>;
  walletsByUser: Map<number, number[]>;
  transfers: Map<string, Transfer>;
  /** Pending transfers by (dueAt, seq); failed ones are skipped when popped (lazy deletion). */
  pending: MinHeap<Transfer>;
  supply: SupplyLedger;
  nextUserId: number;
  nextWalletId: number;
  nextSeq: number;
  /** State exports under way (export-cut.ts): not state, never exported. */
  cuts: ExportCut[];
}

export function createWalletState(): WalletState {
  return {
    users: new Map(),
    usersByEmail: new Map(),
    keys: new Map(),
    wallets: new Map(),
    walletsByAddress: new Map(),
    walletsByUser: new Map(),
    transfers: new Map(),
    pending: createMinHeap<Transfer>((a, b) => a.dueAt < b.dueAt || (a.dueAt === b.dueAt && a.seq < b.seq)),
    supply: { deposited: new Map(), exported: new Map() },
    nextUserId: 1,
    nextWalletId: 1,
    nextSeq: 1,
    cuts: [],
  };
}

export function assetKey(chain: string, symbol: string): string {
  return `${chain}:${symbol}`;
}
