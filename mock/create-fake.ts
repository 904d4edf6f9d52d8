// createFake: both interfaces over one virtual clock and one price book, each served by the one
// request pipeline (mock/core/pipeline.ts) with its operations, its rules and the admin routes.
import { createPipeline, type AdminRoute, type App, type FakeRequest, type FakeResponse, type Logger } from './core/index.js';
import { createClock, DEFAULT_CLOCK_START, type Clock } from './domain/clock.js';
import { createPriceBook, type PriceBook } from './domain/price-book.js';
import { createTradingBackend, type TradingBackend } from './domain/trading/index.js';
import { createWalletBackend, type WalletBackend } from './domain/wallet/index.js';
import { tradingAdminRoutes, tradingOperations, tradingRules } from './api/trading/index.js';
import { walletAdminRoutes, walletOperations, walletRules } from './api/wallet/index.js';
import { readProfile } from '../spec/profile.js';
import { commonAdminRoutes } from './admin/common-admin-routes.js';
import { adminGuard } from './admin/admin-guard.js';
import { stateRoutes } from './admin/state-routes.js';
import { createFakeFetch, type FetchLike } from './fetch/create-fake-fetch.js';
import { pinsSnapshot, readSnapshotEnvelope, SNAPSHOT_VERSION, type DoppelSnapshot, type SnapshotEnvelope } from './domain/snapshot/index.js';

/** Where in-process clients reach the fake by default (fake.fetch, createHandlers). */
export const DEFAULT_BASE_URLS = { trading: 'http://trading.doppel.test', wallet: 'http://wallet.doppel.test' } as const;

export interface FakeOptions {
  /** Seed of the demo data, addresses and the price walk. Default 1. */
  seed?: number;
  /** `manual` (default in-process): time moves only when told; `realtime`: with the wall clock too. */
  clock?: 'manual' | 'realtime';
  /** Virtual start time, epoch ms. Default 2026-01-01 00:00:00 UTC. */
  start?: number;
  /** Default true: the demo accounts, keys, wallets and lead traders (README, demo data); false starts empty. */
  demo?: boolean;
  /** Wallet requests per minute per key (seed wallet §8: 60). */
  walletRateLimit?: number;
  /** When set, /__doppel/* requires `Authorization: Bearer <token>`. */
  adminToken?: string;
  logger?: Logger;
  /** More admin routes on both ports (startMock adds GET /__doppel/docs); the admin token applies to them. */
  adminRoutes?: AdminRoute[];
  /** The base URLs fake.fetch answers (defaults http://trading.doppel.test and http://wallet.doppel.test). */
  baseUrls?: { trading?: string; wallet?: string };
  /**
   * Start from this snapshot (mock/snapshot.ts) instead of the seeded demo data; its seed and
   * clock replace `seed` and `start`. Reset goes back to it. Invalid → throws SnapshotError.
   */
  snapshot?: unknown;
  /**
   * A deployment profile (spec/profile.ts, issue 17): the decision points' values to answer with
   * instead of doppel's. Invalid → throws ProfileError naming the field.
   */
  profile?: unknown;
}

export interface Fake {
  readonly trading: App;
  readonly wallet: App;
  readonly clock: Clock;
  /**
   * A fetch-compatible function over both interfaces, routed by origin (FakeOptions.baseUrls), for
   * clients and SDKs that take a custom fetch: the same pipeline as HTTP and msw, no port.
   */
  readonly fetch: FetchLike;
  /** The two backends and the shared price book (fixtures, benchmarks); requests go through trading/wallet. */
  readonly models: { trading: TradingBackend; wallet: WalletBackend; prices: PriceBook };
  /** Moves the virtual clock forward and processes everything that fell due. */
  advance(ms: number): void;
  /** Back to the starting state (the seeded one, or the snapshot it was created from): both interfaces and the clock. */
  reset(): void;
  /** The whole fake as a snapshot, after settling what is due now. */
  exportState(): DoppelSnapshot;
  /** Replaces the whole fake with a snapshot's state, or throws SnapshotError and changes nothing. */
  importState(snapshot: unknown): void;
}

interface Built {
  seed: number;
  /** Virtual start time: the price walk is anchored 24 h before it. */
  start: number;
  clock: Clock;
  prices: PriceBook;
  trading: TradingBackend;
  wallet: WalletBackend;
  tradingApp: App;
  walletApp: App;
}

export function createFake(options: FakeOptions = {}): Fake {
  const guard = adminGuard(options.adminToken);
  const initial = options.snapshot === undefined ? undefined : readSnapshotEnvelope(options.snapshot);
  const decisions = options.profile === undefined ? undefined : readProfile(options.profile);
  let built = build(initial);

  function build(from?: SnapshotEnvelope): Built {
    const seed = from?.seed ?? options.seed ?? 1;
    const start = from?.start ?? options.start ?? DEFAULT_CLOCK_START;
    const clock = createClock({ mode: options.clock ?? 'manual', start });
    const prices = createPriceBook({ seed, clock });
    const demo = from === undefined && options.demo !== false;
    const trading = createTradingBackend({ seed, clock, prices, demo, decisions });
    const wallet = createWalletBackend({ seed, clock, prices, rateLimit: options.walletRateLimit ?? 60, demoData: demo, decisions });
    if (from !== undefined) {
      // Each decoder checks its whole part before assigning; a throw here leaves `built` as it was.
      trading.importState(from.trading);
      wallet.importState(from.wallet);
      prices.restorePins(from.pins);
      const behind = from.now - clock.now();
      if (behind > 0) clock.advance(behind);
    }
    const admin = [...commonAdminRoutes({ now: () => clock.now(), advance, reset }), ...stateRoutes({ exportState, importState, now: () => clock.now() }), ...(options.adminRoutes ?? [])];
    const common = { now: () => clock.now(), adminGuard: guard, ...(options.logger ? { logger: options.logger } : {}) };
    return {
      seed,
      start,
      clock,
      prices,
      trading,
      wallet,
      tradingApp: createPipeline({
        ...common,
        rules: tradingRules(trading),
        operations: tradingOperations.map((op) => op.bind(trading)),
        admin: [...tradingAdminRoutes(trading), ...admin],
      }),
      walletApp: createPipeline({
        ...common,
        rules: walletRules(wallet),
        operations: walletOperations.map((op) => op.bind(wallet)),
        admin: [...walletAdminRoutes(wallet), ...admin],
      }),
    };
  }

  function advance(ms: number): void {
    built.clock.advance(ms);
    built.trading.settle(built.clock.now());
    built.wallet.settle(built.clock.now());
  }

  function reset(): void {
    built = build(initial);
  }

  function exportState(): DoppelSnapshot {
    advance(0);
    return {
      doppel_snapshot: SNAPSHOT_VERSION,
      seed: built.seed,
      clock: { start: built.start, now: built.clock.now() },
      prices: { pins: pinsSnapshot(built.prices.pins()) },
      trading: built.trading.exportState(),
      wallet: built.wallet.exportState(),
    };
  }

  function importState(snapshot: unknown): void {
    built = build(readSnapshotEnvelope(snapshot));
  }

  // The Apps handed out stay valid across reset: they delegate to whatever is current.
  const delegate = (pick: (b: Built) => App): App => ({ handle: (req: FakeRequest): FakeResponse => pick(built).handle(req) });
  const trading = delegate((b) => b.tradingApp);
  const wallet = delegate((b) => b.walletApp);
  const fetch = createFakeFetch([
    { baseUrl: options.baseUrls?.trading ?? DEFAULT_BASE_URLS.trading, app: trading },
    { baseUrl: options.baseUrls?.wallet ?? DEFAULT_BASE_URLS.wallet, app: wallet },
  ]);
  return {
    trading,
    wallet,
    fetch,
    get clock() {
      return built.clock;
    },
    get models() {
      return { trading: built.trading, wallet: built.wallet, prices: built.prices };
    },
    advance,
    reset,
    exportState,
    importState,
  };
}
