// A large state built fast, through the backends (not HTTP): for the streamed-export tests and the
// stall bench (bench/ imports test/support, never the other way).

import type { Fake } from '../../mock/index.js';
import { dec } from '../../mock/domain/decimal.js';
import { findMarket } from '../../mock/domain/trading/markets.js';

export interface BigState {
  /** The trading key of the account that holds the orders. */
  key: string;
  accountId: number;
}

/**
 * `orders` spot orders of one new account: per block of 4, two market buys (filled) and two limit
 * buys far below the price (open, so a later price drop fills them), plus `deposits` confirmed
 * deposits over the demo user's three wallets.
 */
export function buildBigState(fake: Pick<Fake, 'models' | 'clock'>, orders: number, deposits = 0): BigState {
  const trading = fake.models.trading;
  const now = fake.clock.now();
  const key = 'big-state-key';
  const { accountId } = trading.createAccount({ name: 'big state', permissions: ['read', 'trade'], ipWhitelist: [], key, balances: [{ currency: 'USDT', amount: dec('1000000000000') }] }, now);
  const market = findMarket('BTC', 'USDT');
  if (market === undefined) throw new Error('no BTC/USDT market');
  const amount = dec('0.0001');
  const limit = dec('1000');
  for (let i = 0; i < orders; i++) {
    const input = i % 4 < 2 ? { market, side: 'buy' as const, amount, orderType: 'market' as const, price: null } : { market, side: 'buy' as const, amount, orderType: 'limit' as const, price: limit };
    trading.placeSpotOrder(accountId, input, now);
  }
  for (let i = 0; i < deposits; i++) fake.models.wallet.deposit(1 + (i % 3), '0.001', null);
  return { key, accountId };
}
