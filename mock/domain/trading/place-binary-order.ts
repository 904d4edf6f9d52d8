// Binary bids (decision trading.binary-semantics): the amount (quote currency) is locked and the
// bid resolves after duration_minutes against the price at opening (settle.ts).

import type { Dec } from '../decimal.js';
import { pushExpiry } from './expiry-queue.js';
import { lock } from './ledger.js';
import type { Market } from './markets.js';
import { recordOrder } from './orders.js';
import type { Order, TradingState } from './trading-state.js';

const MINUTE_MS = 60_000;

export interface BinaryInput {
  market: Market;
  direction: 'long' | 'short';
  amount: Dec;
  durationMinutes: number;
}

export function placeBinaryOrder(state: TradingState, accountId: number, input: BinaryInput, marketPrice: Dec, now: number): Order {
  lock(state, accountId, input.market.quote, input.amount);
  const order = recordOrder(
    state,
    {
      accountId,
      type: 'binary',
      market: input.market.base,
      pair: input.market.quote,
      side: null,
      direction: input.direction,
      orderType: null,
      amount: input.amount,
      price: null,
      fillPrice: marketPrice,
      leverage: null,
      margin: null,
      durationHours: null,
      durationMinutes: input.durationMinutes,
      status: 'open',
      result: null,
      pnl: null,
      expiresAt: now + input.durationMinutes * MINUTE_MS,
      reserved: input.amount,
      reservedCurrency: input.market.quote,
    },
    now,
  );
  pushExpiry(state.expiries, { at: order.expiresAt as number, id: order.id });
  return order;
}
