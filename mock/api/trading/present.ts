// Wire forms of the trading records, typed by spec/generated/trading.ts (decisions
// trading.order-fields, trading.lead-trader-fields, trading.copy-relation-fields, trading.dates):
// money as 8-digit decimal strings, dates as `YYYY-MM-DD HH:MM:SS` UTC, JSON numbers only where the
// seed types a number.

import type { components } from '../../../spec/generated/trading.js';
import { decToJsonNumber, formatDec8, type Dec } from '../../domain/decimal.js';
import { formatSeedDate } from '../../domain/format-date.js';
import type { PriceEntryData } from '../../domain/price-book.js';
import type { BalanceRow, CopyRelation, LeadTrader, Market, Order } from '../../domain/trading/index.js';

type Schemas = components['schemas'];

const decOrNull = (d: Dec | null): string | null => (d === null ? null : formatDec8(d));
const dateOrNull = (ms: number | null): string | null => (ms === null ? null : formatSeedDate(ms));

export function presentPrice(entry: PriceEntryData): Schemas['PriceEntry'] {
  return {
    symbol: entry.symbol,
    name: entry.name,
    price_usd: decToJsonNumber(entry.priceUsd),
    change_24h: decToJsonNumber(entry.change24h),
    volume_24h: decToJsonNumber(entry.volume24h),
  };
}

export function presentMarket(m: Market): Schemas['Market'] {
  return {
    symbol: m.symbol,
    market: m.base,
    pair: m.quote,
    // Trimmed like the document's example ('0.0001'): a Decimal, not a Decimal8.
    min_amount: formatDec8(m.minAmount).replace(/\.?0+$/, ''),
    max_leverage: m.maxLeverage,
    price_precision: m.pricePrecision,
    amount_precision: m.amountPrecision,
    status: 'active',
  };
}

export function presentBalance(row: BalanceRow): Schemas['BalanceEntry'] {
  return { currency: row.currency, chain: row.chain, balance: formatDec8(row.available), locked: formatDec8(row.locked) };
}

/** Every field for every kind (decision trading.order-fields): what a kind does not have is null. */
export function presentOrder(o: Order): Schemas['Order'] {
  const common = {
    id: o.id,
    type: o.type,
    market: o.market,
    pair: o.pair,
    amount: formatDec8(o.amount),
    status: o.status,
    created_at: formatSeedDate(o.createdAt),
    updated_at: formatSeedDate(o.updatedAt),
  };
  const none = { side: null, direction: null, order_type: null, price: null, leverage: null, margin: null, duration_hours: null, duration_minutes: null, result: null, pnl: null, expires_at: null };
  switch (o.type) {
    case 'spot':
      return { ...common, ...none, side: o.side, order_type: o.orderType, price: decOrNull(o.price), fill_price: decOrNull(o.fillPrice) };
    case 'margin':
    case 'futures':
      return {
        ...common,
        ...none,
        side: o.side,
        order_type: o.orderType,
        price: decOrNull(o.price),
        fill_price: formatDec8(o.fillPrice),
        leverage: o.leverage,
        margin: formatDec8(o.margin),
        ...(o.type === 'futures' ? { duration_hours: o.durationHours, pnl: decOrNull(o.pnl), expires_at: formatSeedDate(o.expiresAt) } : {}),
      };
    case 'binary':
      return {
        ...common,
        ...none,
        direction: o.direction,
        fill_price: formatDec8(o.fillPrice),
        duration_minutes: o.durationMinutes,
        result: o.result,
        pnl: decOrNull(o.pnl),
        expires_at: formatSeedDate(o.expiresAt),
      };
  }
}

/** A lead trader; the admin views show inactive ones too, which the public listing never holds. */
export function presentTrader(t: LeadTrader): Omit<Schemas['LeadTrader'], 'status'> & { status: 'active' | 'inactive' } {
  return {
    id: t.id,
    name: t.name,
    status: t.active ? 'active' : 'inactive',
    roi_30d: t.roi30d,
    win_rate: t.winRate,
    followers: t.followers + t.copiers,
    min_copy_amount: formatDec8(t.minCopyAmount),
    daily_return: formatDec8(t.dailyReturn),
  };
}

export function presentRelation({ relation: r, result }: { relation: CopyRelation; result: Dec }): Schemas['CopyRelation'] {
  return {
    lead_trader_id: r.traderId,
    status: r.status,
    copy_amount: formatDec8(r.copyAmount),
    result: formatDec8(result),
    refunded: decOrNull(r.refunded),
    started_at: formatSeedDate(r.startedAt),
    stopped_at: dateOrNull(r.stoppedAt),
  };
}
