// Balances per account, currency and chain: available and locked, exact bigints.
//
// Decision trading.balance-meaning: trading moves each currency only on its settlement chain.
// Every movement below either moves money between available and locked of one row, or is one of
// the flows the conservation property allows (fills, pnl, payouts, copy results).

import { domainError } from '../domain-error.js';
import { formatDec8, type Dec } from '../decimal.js';
import { SETTLEMENT_CHAINS, settlementChain } from './settlement-chains.js';
import type { BalanceRow, TradingState } from './trading-state.js';

const joinKey = (currency: string, chain: string): string => `${currency}:${chain}`;

// The settlement rows' keys, built once: every fill debits and credits them, and a key built per
// movement is a new string to hash for each lookup on the order route, the hottest write.
const SETTLEMENT_KEYS = new Map(Object.entries(SETTLEMENT_CHAINS).map(([currency, chain]) => [currency, { chain, key: joinKey(currency, chain) }]));

/** The key of (currency, chain) in an account's rows. */
function rowKey(currency: string, chain: string): string {
  const settlement = SETTLEMENT_KEYS.get(currency);
  return settlement !== undefined && settlement.chain === chain ? settlement.key : joinKey(currency, chain);
}

export function rowsOf(state: TradingState, accountId: number): Map<string, BalanceRow> {
  let rows = state.balances.get(accountId);
  if (rows === undefined) state.balances.set(accountId, (rows = new Map()));
  return rows;
}

/** The row of (currency, chain), created empty on first use; chain defaults to the settlement chain. */
export function balanceRow(state: TradingState, accountId: number, currency: string, chain?: string): BalanceRow {
  const onChain = chain ?? settlementChain(currency);
  if (onChain === undefined) throw new Error(`ledger: ${currency} has no settlement chain`);
  const rows = rowsOf(state, accountId);
  const key = rowKey(currency, onChain);
  let row = rows.get(key);
  if (row === undefined) rows.set(key, (row = { currency, chain: onChain, available: 0n, locked: 0n }));
  return row;
}

/** Entries sorted by currency, then chain, for a stable listing. */
export function balancesOf(state: TradingState, accountId: number): BalanceRow[] {
  return [...rowsOf(state, accountId).values()].sort((a, b) =>
    a.currency === b.currency ? (a.chain < b.chain ? -1 : 1) : a.currency < b.currency ? -1 : 1,
  );
}

/**
 * The settlement-chain row holding at least amount available. Throws insufficient_balance and
 * creates no row, so a refused order leaves the balances listing exactly as it was.
 */
function fundedRow(state: TradingState, accountId: number, currency: string, amount: Dec): BalanceRow {
  if (amount === 0n) return balanceRow(state, accountId, currency);
  const chain = settlementChain(currency);
  const row = chain === undefined ? undefined : state.balances.get(accountId)?.get(rowKey(currency, chain));
  const available = row?.available ?? 0n;
  if (row === undefined || available < amount) {
    throw domainError.insufficient_balance(
      `insufficient ${currency} balance on ${chain ?? 'its chain'}: ${formatDec8(available)} available, ${formatDec8(amount)} needed`,
    );
  }
  return row;
}

/** Takes from available (a fill's payment). Throws insufficient_balance. */
export function debit(state: TradingState, accountId: number, currency: string, amount: Dec): void {
  fundedRow(state, accountId, currency, amount).available -= amount;
}

/** Adds to available (a fill's proceeds, a payout). */
export function credit(state: TradingState, accountId: number, currency: string, amount: Dec): void {
  balanceRow(state, accountId, currency).available += amount;
}

/** Moves available → locked. Throws insufficient_balance. */
export function lock(state: TradingState, accountId: number, currency: string, amount: Dec): void {
  const row = fundedRow(state, accountId, currency, amount);
  row.available -= amount;
  row.locked += amount;
}

/** Moves locked → available (cancel, refund). */
export function unlock(state: TradingState, accountId: number, currency: string, amount: Dec): void {
  const row = balanceRow(state, accountId, currency);
  if (row.locked < amount) throw new Error(`ledger: unlocking more ${currency} than is locked`);
  row.locked -= amount;
  row.available += amount;
}

/** Removes from locked (a reservation spent by a fill or lost by a settlement). */
export function spendLocked(state: TradingState, accountId: number, currency: string, amount: Dec): void {
  const row = balanceRow(state, accountId, currency);
  if (row.locked < amount) throw new Error(`ledger: spending more ${currency} than is locked`);
  row.locked -= amount;
}
