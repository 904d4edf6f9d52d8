// Binary bids (decision trading.binary-semantics): the amount (quote currency) is locked and the
// bid resolves after duration_minutes against the price at opening (settle.ts).

import type { Dec } from '../decimal.js';
import { pushExpiry } from './expiry-queue.js';
import { lock } from './ledger.js';
import type { Market } from './markets.js';
import { recordOrder } from './orders.js';
import type { BinaryOrder, TradingState } from './trading-state.js';

const MINUTE_MS = 60_000;

export interface BinaryInput {
  market: Market;
  direction: 'long' | 'short';
  amount: Dec;
  durationMinutes: number;
}

export function placeBinaryOrder(state: TradingState, accountId: number, input: BinaryInput, marketPrice: Dec, now: number): BinaryOrder {
  lock(state, accountId, input.market.quote, input.amount);
  const expiresAt = now + input.durationMinutes * MINUTE_MS;
  const order = recordOrder<BinaryOrder>(
    state,
    {
      accountId,
      type: 'binary',
      market: input.market.base,
      pair: input.market.quote,
      direction: input.direction,
      amount: input.amount,
      fillPrice: marketPrice,
      durationMinutes: input.durationMinutes,
      status: 'open',
      result: null,
      pnl: null,
      expiresAt,
      reserved: input.amount,
      reservedCurrency: input.market.quote,
    },
    now,
  );
  pushExpiry(state.expiries, { at: expiresAt, id: order.id });
  return order;
}
