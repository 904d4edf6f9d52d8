// Moving funds: send (pending → confirmed after 30 s), admin deposit, admin fail, and settle(now).

import { DEFAULT_DECISIONS } from '../../../spec/decision-points.js';
import { formatDec8, parseDec, type Dec } from '../decimal.js';
import { domainError } from '../domain-error.js';
import { beforeWrite } from '../export-cut.js';
import { generateAddress, generateTxHash, isValidAddress, normalizeAddress } from './address-format.js';
import { adjustBalance, assetOf, balanceOf, chainOf, type Asset } from './balances.js';
import type { Chain } from './chains.js';
import { walletAt } from './wallet-book.js';
import type { WalletRngs } from './wallet-rngs.js';
import { assetKey, type Transfer, type Wallet, type WalletState } from './wallet-state.js';

/**
 * Decision wallet.send-semantics / wallet.transaction-states: "confirmed 30 virtual seconds later",
 * doppel's choice of the decision point (spec/decision-points.ts); a profile can change it.
 */
export const CONFIRMATION_DELAY_MS = DEFAULT_DECISIONS['wallet.send-semantics'] * 1000;

export interface SendInput {
  toAddress: string;
  /** Decimal string, already shaped by the request schema (Decimal). */
  amount: string;
  tokenId: number | null;
}

/**
 * Decision wallet.send-semantics, in its order: asset, address of the wallet's chain and not its
 * own, amount > 0 with ≤ 8 fraction digits, amount ≤ available balance; no fee. The amount is
 * debited at once and the transfer stays pending until settle() reaches its due time.
 */
export function sendFrom(state: WalletState, rngs: WalletRngs, now: number, wallet: Wallet, input: SendInput, delayMs = CONFIRMATION_DELAY_MS): Transfer {
  const chain = chainOf(wallet);
  const asset = assetOf(chain, input.tokenId);
  if (!isValidAddress(chain.family, input.toAddress)) {
    throw domainError.invalid_request(`to_address is not a valid ${chain.slug} address`);
  }
  if (normalizeAddress(chain.family, input.toAddress) === normalizeAddress(chain.family, wallet.address)) {
    throw domainError.invalid_request(`to_address is the sending wallet's own address`);
  }
  const amount = positiveAmount(input.amount);
  const available = balanceOf(wallet, asset.tokenId);
  if (amount > available) {
    throw domainError.insufficient_balance(`amount ${formatDec8(amount)} exceeds the available balance ${formatDec8(available)} ${asset.symbol}`);
  }
  const receiver = walletAt(state, chain, input.toAddress);
  adjustBalance(state, wallet, asset.tokenId, -amount);
  const transfer = record(state, rngs, chain, asset, amount, now, {
    from: wallet.address,
    to: receiver?.address ?? input.toAddress,
    fromWalletId: wallet.id,
    toWalletId: receiver?.id ?? null,
    status: 'pending',
    dueAt: now + delayMs,
  });
  wallet.history.push({ transfer, type: 'send', date: now });
  state.pending.push(transfer);
  return transfer;
}

/**
 * Admin deposit (docs/MOCK-CONTRACT.md): funds arrive from a fresh outside address of the chain,
 * confirmed at once, as a `receive` transaction. The only way money enters the fake.
 */
export function depositTo(state: WalletState, rngs: WalletRngs, now: number, wallet: Wallet, amountText: string, tokenId: number | null): Transfer {
  const chain = chainOf(wallet);
  const asset = assetOf(chain, tokenId);
  const amount = positiveAmount(amountText);
  const transfer = record(state, rngs, chain, asset, amount, now, {
    from: generateAddress(chain.family, rngs.addresses),
    to: wallet.address,
    fromWalletId: null,
    toWalletId: wallet.id,
    status: 'confirmed',
    dueAt: now,
  });
  adjustBalance(state, wallet, asset.tokenId, amount);
  wallet.history.push({ transfer, type: 'receive', date: now });
  addTo(state.supply.deposited, assetKey(chain.slug, asset.symbol), amount);
  return transfer;
}

/**
 * Confirms every pending transfer due at or before now, in due order, crediting an in-fake
 * receiver with a `receive` dated at the confirmation time. Runs at the start of every request,
 * so nothing is appended to a history before the confirmations that precede it.
 */
export function settleTransfers(state: WalletState, now: number): number {
  let confirmed = 0;
  for (let next = state.pending.peek(); next !== undefined && next.dueAt <= now; next = state.pending.peek()) {
    state.pending.pop();
    if (next.status !== 'pending') continue; // failed by the admin meanwhile
    beforeWrite(state.cuts, 'transfer', next);
    next.status = 'confirmed';
    confirmed++;
    const receiver = next.toWalletId === null ? undefined : state.wallets.get(next.toWalletId);
    if (receiver === undefined) {
      addTo(state.supply.exported, assetKey(next.chain, next.symbol), next.amount);
    } else {
      adjustBalance(state, receiver, next.tokenId, next.amount);
      receiver.history.push({ transfer: next, type: 'receive', date: next.dueAt });
    }
  }
  return confirmed;
}

/** Decision wallet.transaction-states: pending → failed only through the admin API, refunded. */
export function failTransfer(state: WalletState, hash: string): Transfer {
  const transfer = state.transfers.get(hash);
  if (transfer === undefined) throw domainError.not_found(`transaction ${hash} not found`);
  if (transfer.status !== 'pending') throw domainError.conflict(`transaction ${hash} is ${transfer.status}, not pending`);
  const sender = transfer.fromWalletId === null ? undefined : state.wallets.get(transfer.fromWalletId);
  if (sender === undefined) throw new Error(`pending transfer ${hash} has no sending wallet`);
  beforeWrite(state.cuts, 'transfer', transfer);
  transfer.status = 'failed';
  adjustBalance(state, sender, transfer.tokenId, transfer.amount);
  return transfer;
}

function positiveAmount(text: string): Dec {
  const amount = parseDec(text);
  // Decision wallet.limits: at most 8 fraction digits; the seed's "amount" is a positive quantity.
  if (amount === null) throw domainError.invalid_request('amount must be a decimal with at most 8 fraction digits');
  if (amount <= 0n) throw domainError.invalid_request('amount must be greater than 0');
  return amount;
}

type TransferParties = Pick<Transfer, 'from' | 'to' | 'fromWalletId' | 'toWalletId' | 'status' | 'dueAt'>;

function record(state: WalletState, rngs: WalletRngs, chain: Chain, asset: Asset, amount: Dec, now: number, parties: TransferParties): Transfer {
  let hash: string;
  do hash = generateTxHash(chain.family, rngs.hashes);
  while (state.transfers.has(hash));
  const transfer: Transfer = {
    hash,
    chain: chain.slug,
    tokenId: asset.tokenId,
    symbol: asset.symbol,
    amount,
    createdAt: now,
    seq: state.nextSeq++,
    ...parties,
  };
  state.transfers.set(hash, transfer);
  return transfer;
}

function addTo(map: Map<string, Dec>, key: string, amount: Dec): void {
  map.set(key, (map.get(key) ?? 0n) + amount);
}
