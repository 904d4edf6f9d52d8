// createTradingModel: the trading fake's state plus the clock and price book it runs on.

import type { Clock } from '../clock.js';
import type { PriceBook } from '../price-book.js';
import { createRng, type Rng } from '../rng.js';
import { seedDemo } from './seed-demo.js';
import { settle } from './settle.js';
import { createEmptyState, type TradingState } from './trading-state.js';

export interface TradingModelOptions {
  seed: number;
  clock: Clock;
  prices: PriceBook;
  /** Default true: the demo keys, accounts and lead traders of issue 3. */
  demo?: boolean;
}

export interface TradingModel {
  readonly seed: number;
  readonly clock: Clock;
  readonly prices: PriceBook;
  state: TradingState;
  /** Seeded randomness for generated keys; recreated by reset. */
  rng: Rng;
  /**
   * Processes every event due by now (default: the clock's now) and returns that time; every
   * request calls it first and then works at the returned time.
   */
  settle(now?: number): number;
  /** Back to the seeded trading state. The shared price book and clock are the composer's. */
  reset(): void;
}

export function createTradingModel(options: TradingModelOptions): TradingModel {
  const { seed, clock, prices } = options;
  const fresh = (): TradingState => {
    const state = createEmptyState(clock.now());
    if (options.demo !== false) seedDemo(state, clock.now());
    return state;
  };
  const model: TradingModel = {
    seed,
    clock,
    prices,
    state: fresh(),
    rng: createRng(seed).fork('trading'),
    settle(now = clock.now()) {
      settle(model.state, prices, now);
      return now;
    },
    reset() {
      model.state = fresh();
      model.rng = createRng(seed).fork('trading');
    },
  };
  return model;
}
