// Copy relations (seed trading §3; decision trading.copy-semantics).
//
// Start locks copy_amount USDT; the result accrues as copy_amount × daily_return × elapsed
// virtual days, rounded down and never below −copy_amount; stop refunds copy_amount + result.
// The accrual is kept exact (units of 1e-16 × ms) across daily_return changes, and rounded once.

import { beforeWrite } from '../export-cut.js';
import { domainError } from '../domain-error.js';
import { DEC_ONE, formatDec8, type Dec } from '../decimal.js';
import { credit, lock, spendLocked, unlock } from './ledger.js';
import { floorDiv } from './orders.js';
import type { CopyRelation, LeadTrader, TradingState } from './trading-state.js';

const DAY_MS = 86_400_000n;
export const COPY_CURRENCY = 'USDT';

const relationKey = (accountId: number, traderId: number): string => `${accountId}:${traderId}`;

export function activeTrader(state: TradingState, traderId: number): LeadTrader {
  const trader = state.traders.get(traderId);
  if (trader === undefined || !trader.active) throw domainError.not_found(`lead trader ${traderId} not found or not active`);
  return trader;
}

/** The result a relation has accrued by `now` (its final result once stopped). */
export function copyResult(state: TradingState, relation: CopyRelation, now: number): Dec {
  if (relation.result !== null) return relation.result;
  const trader = state.traders.get(relation.traderId) as LeadTrader;
  const accrued = relation.accrued + relation.copyAmount * trader.dailyReturn * BigInt(now - relation.segmentStart);
  const result = floorDiv(accrued, DEC_ONE * DAY_MS);
  return result < -relation.copyAmount ? -relation.copyAmount : result;
}

export function startCopy(state: TradingState, accountId: number, traderId: number, copyAmount: Dec, now: number): CopyRelation {
  const trader = activeTrader(state, traderId);
  if (state.activeCopies.has(relationKey(accountId, traderId))) {
    throw domainError.conflict(`already copying lead trader ${traderId}; stop first`);
  }
  if (copyAmount < trader.minCopyAmount) {
    throw domainError.invalid_request(`copy_amount must be at least ${formatDec8(trader.minCopyAmount)} USDT for lead trader ${traderId}`);
  }
  lock(state, accountId, COPY_CURRENCY, copyAmount);
  const relation: CopyRelation = {
    id: state.nextRelationId++,
    accountId,
    traderId,
    copyAmount,
    status: 'active',
    startedAt: now,
    stoppedAt: null,
    accrued: 0n,
    segmentStart: now,
    result: null,
    refunded: null,
  };
  state.activeCopies.set(relationKey(accountId, traderId), relation);
  state.copies.push(relation);
  trader.copiers++;
  return relation;
}

export function stopCopy(state: TradingState, accountId: number, traderId: number, now: number): CopyRelation {
  const key = relationKey(accountId, traderId);
  const relation = state.activeCopies.get(key);
  if (relation === undefined) throw domainError.not_found(`not copying lead trader ${traderId}`);
  const result = copyResult(state, relation, now);
  beforeWrite(state.cuts, 'copy', relation);
  // The locked copy_amount comes back; the result is the one flow copy trading adds or takes.
  if (result >= 0n) {
    unlock(state, accountId, COPY_CURRENCY, relation.copyAmount);
    credit(state, accountId, COPY_CURRENCY, result);
  } else {
    spendLocked(state, accountId, COPY_CURRENCY, -result);
    unlock(state, accountId, COPY_CURRENCY, relation.copyAmount + result);
  }
  relation.status = 'stopped';
  relation.stoppedAt = now;
  relation.result = result;
  relation.refunded = relation.copyAmount + result;
  state.activeCopies.delete(key);
  (state.traders.get(traderId) as LeadTrader).copiers--;
  return relation;
}

/** Changes a trader's daily_return from now on; accrual so far is kept (admin API). */
export function setDailyReturn(state: TradingState, traderId: number, dailyReturn: Dec, now: number): void {
  const trader = state.traders.get(traderId);
  if (trader === undefined) throw domainError.not_found(`lead trader ${traderId} not found`);
  for (const relation of state.activeCopies.values()) {
    if (relation.traderId !== traderId) continue;
    beforeWrite(state.cuts, 'copy', relation);
    relation.accrued += relation.copyAmount * trader.dailyReturn * BigInt(now - relation.segmentStart);
    relation.segmentStart = now;
  }
  trader.dailyReturn = dailyReturn;
}

