// createFake: both interfaces over one virtual clock and one price book, as two Apps.
import { createApp, type App, type FakeRequest, type FakeResponse, type Logger } from './core/index.js';
import { createClock, type Clock } from './domain/clock.js';
import { createPriceBook, type PriceBook } from './domain/price-book.js';
import { createTradingModel, tradingAdminRoutes, tradingBeforeEach, tradingRoutes, type TradingModel } from './api/trading/index.js';
import { createWalletModel, walletAdminRoutes, walletRoutes, type WalletModel } from './api/wallet/index.js';
import { commonAdminRoutes } from './admin/common-admin-routes.js';
import { adminGuard } from './admin/admin-guard.js';

export interface FakeOptions {
  /** Seed of the demo data, addresses and the price walk. Default 1. */
  seed?: number;
  /** `manual` (default in-process): time moves only when told; `realtime`: with the wall clock too. */
  clock?: 'manual' | 'realtime';
  /** Virtual start time, epoch ms. Default 2026-01-01 00:00:00 UTC. */
  start?: number;
  /** Wallet requests per minute per key (seed wallet §8: 60). */
  walletRateLimit?: number;
  /** When set, /__doppel/* requires `Authorization: Bearer <token>`. */
  adminToken?: string;
  logger?: Logger;
}

export interface Fake {
  readonly trading: App;
  readonly wallet: App;
  readonly clock: Clock;
  readonly models: { trading: TradingModel; wallet: WalletModel; prices: PriceBook };
  /** Moves the virtual clock forward and processes everything that fell due. */
  advance(ms: number): void;
  /** Back to the seeded state: both interfaces and the clock. */
  reset(): void;
}

interface Built {
  clock: Clock;
  prices: PriceBook;
  trading: TradingModel;
  wallet: WalletModel;
  tradingApp: App;
  walletApp: App;
}

export function createFake(options: FakeOptions = {}): Fake {
  const seed = options.seed ?? 1;
  const guard = adminGuard(options.adminToken);
  let built = build();

  function build(): Built {
    const clock = createClock({ mode: options.clock ?? 'manual', ...(options.start !== undefined ? { start: options.start } : {}) });
    const prices = createPriceBook({ seed, clock });
    const trading = createTradingModel({ seed, clock, prices });
    const wallet = createWalletModel({ seed, clock, prices, rateLimit: options.walletRateLimit ?? 60 });
    const admin = commonAdminRoutes({ now: () => clock.now(), advance, reset });
    const common = { now: () => clock.now(), ...(options.logger ? { logger: options.logger } : {}) };
    const tradingGuards = tradingBeforeEach(trading);
    return {
      clock,
      prices,
      trading,
      wallet,
      tradingApp: createApp({
        ...common,
        routes: [...tradingRoutes(trading), ...tradingAdminRoutes(trading), ...admin],
        beforeEach: (req, route) => {
          guard(req, route);
          tradingGuards(req, route);
        },
      }),
      walletApp: createApp({
        ...common,
        routes: [...walletRoutes(wallet), ...walletAdminRoutes(wallet), ...admin],
        beforeEach: (req, route) => {
          guard(req, route);
          wallet.settle(clock.now());
        },
      }),
    };
  }

  function advance(ms: number): void {
    built.clock.advance(ms);
    built.trading.settle(built.clock.now());
    built.wallet.settle(built.clock.now());
  }

  function reset(): void {
    built = build();
  }

  // The Apps handed out stay valid across reset: they delegate to whatever is current.
  const delegate = (pick: (b: Built) => App): App => ({ handle: (req: FakeRequest): FakeResponse => pick(built).handle(req) });
  return {
    trading: delegate((b) => b.tradingApp),
    wallet: delegate((b) => b.walletApp),
    get clock() {
      return built.clock;
    },
    get models() {
      return { trading: built.trading, wallet: built.wallet, prices: built.prices };
    },
    advance,
    reset,
  };
}
