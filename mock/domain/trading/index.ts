// The trading domain's public surface: the backend and the records it hands out. No HTTP here.

export { createTradingBackend } from './trading-backend.js';
export { MARKETS, findMarket, fitsPrecision } from './markets.js';
export { settlementChain } from './settlement-chains.js';
export { DEMO_ACCOUNTS, LEAD_TRADERS } from './seed-demo.js';
export { ORDER_KINDS, ORDER_STATUSES } from './trading-state.js';
export { HOUR_MS } from './place-position.js';

export type { TradingBackend, TradingBackendOptions, TradingCaller, NewAccount, AccountView } from './trading-backend.js';
export type { Market } from './markets.js';
export type { OrderFilter } from './order-index.js';
export type { SpotInput } from './place-spot-order.js';
export type { PositionInput } from './place-position.js';
export type { BinaryInput } from './place-binary-order.js';
export type { TradingSnapshot } from '../snapshot/index.js';
export type { Account, ApiKey, BalanceRow, CopyRelation, LeadTrader, Order, OrderKind, OrderStatus, Permission, BinaryResult } from './trading-state.js';
