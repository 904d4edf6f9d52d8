// The price book shared by both fakes: a seeded deterministic walk on the virtual clock, plus
// prices pinned by the admin API.
//
// Decision trading.price-walk: one step per minute of virtual time, at most ±0.5 % a step, exact
// scaled bigints; USDT (and USDC) pinned at 1. The walk is anchored 24 h before the clock's start
// so that change_24h is defined from the first request. A minute's price is computed lazily: the
// book keeps a checkpoint every 60 minutes, so any minute costs at most 59 steps from the
// nearest checkpoint, and extending the walk costs one step per elapsed minute, once.

import type { Clock } from './clock.js';
import { DEC_ONE, parseDec, type Dec } from './decimal.js';
import { PRICE_TABLE, type PriceSeed } from './price-table.js';
import { hashMinute, stepPrice, walkSteps } from './price-walk.js';
import { createRng } from './rng.js';

export const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const CHECKPOINT_MINUTES = 60;
const MEMO_LIMIT = 64;

export interface PriceEntryData {
  symbol: string;
  name: string;
  priceUsd: Dec;
  /** Percent, truncated to 2 fraction digits (decision trading.price-walk). */
  change24h: Dec;
  /** USD, whole dollars. */
  volume24h: Dec;
}

/** What the wallet fake needs (docs/MOCK-CONTRACT.md). */
export interface PriceSource {
  priceOf(symbol: string): bigint | undefined;
  symbols(): string[];
}

export interface PriceBook extends PriceSource {
  /** Price now; symbols are matched case-insensitively (decision trading.symbol-case). */
  priceOf(symbol: string): Dec | undefined;
  /** Price at any time at or after the anchor (earlier times answer the anchor price). */
  priceAt(symbol: string, ms: number): Dec | undefined;
  entry(symbol: string): PriceEntryData | undefined;
  /** Pins the price from now on: the symbol stops walking until reset (admin API). */
  set(symbol: string, price: Dec): void;
  /** True for symbols whose price never moves (stablecoins); the admin API refuses to set them. */
  isStable(symbol: string): boolean;
  /**
   * Calls visit with the price at every minute boundary in (afterMs, untilMs], then at untilMs
   * itself, in time order, stepping the walk once per minute; stops when visit returns false.
   * This is how limit orders see every price the walk took between two requests.
   */
  forEachMinute(symbol: string, afterMs: number, untilMs: number, visit: (ms: number, price: Dec) => boolean): void;
  /**
   * The first instant after ms at which an entry can change with time alone: the next minute step,
   * or earlier, a pin's 24 h reference falling inside this minute (kept answers, mock/core/answer-cache.ts).
   */
  nextChangeAfter(ms: number): number;
  /** Every admin pin, per symbol in table order and then in time order (the book's only state; snapshots). */
  pins(): PricePin[];
  /** Replaces every pin (snapshot import); validated by the caller. */
  restorePins(pins: readonly PricePin[]): void;
}

/** A price pinned by the admin API from `ms` on. */
export interface PricePin {
  symbol: string;
  ms: number;
  price: Dec;
}

export interface PriceBookOptions {
  seed: number;
  /** The virtual clock; or give `now` alone (only now() is read). */
  clock?: Pick<Clock, 'now'>;
  now?: () => number;
  table?: readonly PriceSeed[];
}

interface Pin {
  ms: number;
  price: Dec;
}

interface Track {
  seed: PriceSeed;
  key: number;
  volumeKey: number;
  anchorMinute: number;
  /** checkpoints[i] is the walk's price at anchorMinute + 60 i. */
  checkpoints: Dec[];
  pins: Pin[];
  memo: Map<number, Dec>;
  /** The seeded 24 h volume, parsed once. */
  volumeBase: Dec;
  /** The entry of one virtual minute, while it holds for every instant of that minute (see entry). */
  cached: { minute: number; pinsVersion: number; entry: PriceEntryData } | undefined;
}

export function createPriceBook(options: PriceBookOptions): PriceBook {
  const now = options.now ?? (options.clock ? () => (options.clock as Pick<Clock, 'now'>).now() : undefined);
  if (now === undefined) throw new TypeError('createPriceBook: give clock or now');
  const clock = { now };
  const table = options.table ?? PRICE_TABLE;
  const rng = createRng(options.seed).fork('prices');
  const anchorMinute = Math.floor((clock.now() - DAY_MS) / MINUTE_MS);
  const tracks = new Map<string, Track>();
  // Grows with every change of the pins (set, restorePins): a cached entry of an older version is stale.
  let pinsVersion = 0;
  for (const seed of table) {
    const price = parseDec(seed.price);
    if (price === null || price <= 0n) throw new RangeError(`price table: bad price for ${seed.symbol}`);
    const stream = rng.fork(seed.symbol);
    tracks.set(seed.symbol, {
      seed,
      key: stream.uint32(),
      volumeKey: stream.uint32(),
      anchorMinute,
      checkpoints: [price],
      pins: [],
      memo: new Map(),
      volumeBase: parseDec(seed.volume24h) ?? 0n,
      cached: undefined,
    });
  }

  const track = (symbol: string): Track | undefined => tracks.get(symbol.toUpperCase());

  function walkAt(t: Track, minute: number): Dec {
    const offset = minute - t.anchorMinute;
    if (offset <= 0 || t.seed.maxStep === 0) return t.checkpoints[0] as Dec;
    const memo = t.memo.get(minute);
    if (memo !== undefined) return memo;
    const index = Math.floor(offset / CHECKPOINT_MINUTES);
    while (t.checkpoints.length <= index) {
      const from = t.anchorMinute + (t.checkpoints.length - 1) * CHECKPOINT_MINUTES;
      t.checkpoints.push(walkSteps(t.checkpoints[t.checkpoints.length - 1] as Dec, t.key, from, from + CHECKPOINT_MINUTES, t.seed.maxStep));
    }
    const p = walkSteps(t.checkpoints[index] as Dec, t.key, t.anchorMinute + index * CHECKPOINT_MINUTES, minute, t.seed.maxStep);
    if (t.memo.size >= MEMO_LIMIT) t.memo.clear();
    t.memo.set(minute, p);
    return p;
  }

  /** The latest pin at or before ms, if any (pins are appended in clock order). */
  function pinAt(t: Track, ms: number): Pin | undefined {
    for (let i = t.pins.length - 1; i >= 0; i--) {
      const pin = t.pins[i] as Pin;
      if (pin.ms <= ms) return pin;
    }
    return undefined;
  }

  function trackPriceAt(t: Track, ms: number): Dec {
    return pinAt(t, ms)?.price ?? walkAt(t, Math.floor(ms / MINUTE_MS));
  }

  function priceAt(symbol: string, ms: number): Dec | undefined {
    const t = track(symbol);
    return t === undefined ? undefined : trackPriceAt(t, ms);
  }

  /**
   * The entry now. It is a function of the virtual minute (the walk steps once a minute, the volume
   * once an hour, the 24 h reference is 1,440 minutes back) and of the pins; so one minute's entry
   * is computed once and answered (the same frozen object) until the minute or the pins change.
   * Without it, GET /api/v1/prices spent most of its time recomputing the same figures. Not cached
   * when a pin falls strictly inside the minute or its reference minute, where the answer changes
   * within the minute.
   */
  function entry(symbol: string): PriceEntryData | undefined {
    const t = track(symbol);
    if (t === undefined) return undefined;
    const now = clock.now();
    const minute = Math.floor(now / MINUTE_MS);
    const cached = t.cached;
    if (cached !== undefined && cached.minute === minute && cached.pinsVersion === pinsVersion) return cached.entry;
    const computed = Object.freeze(entryAt(t, now));
    t.cached = steadyOver(t, minute) && steadyOver(t, minute - DAY_MS / MINUTE_MS) ? { minute, pinsVersion, entry: computed } : undefined;
    return computed;
  }

  /** No pin takes effect strictly inside the minute: every instant of it sees the same pin (or none). */
  function steadyOver(t: Track, minute: number): boolean {
    const start = minute * MINUTE_MS;
    return t.pins.every((pin) => pin.ms <= start || pin.ms >= start + MINUTE_MS);
  }

  function entryAt(t: Track, now: number): PriceEntryData {
    const price = trackPriceAt(t, now);
    const before = trackPriceAt(t, now - DAY_MS);
    // Percent with 2 digits, truncated toward zero: (p − q) / q × 100.
    const change = ((price - before) * 100n * DEC_ONE) / before;
    const change24h = (change / 1_000_000n) * 1_000_000n;
    // Volume varies ±10 % per virtual hour around the seeded figure; whole dollars.
    const wobble = BigInt((hashMinute(t.volumeKey, Math.floor(now / 3_600_000)) % 201) - 100);
    const volume24h = ((t.volumeBase * (1000n + wobble)) / 1000n / DEC_ONE) * DEC_ONE;
    return { symbol: t.seed.symbol, name: t.seed.name, priceUsd: price, change24h, volume24h };
  }

  function set(symbol: string, price: Dec): void {
    const t = track(symbol);
    if (t === undefined) throw new RangeError(`price book: unknown symbol ${symbol}`);
    if (price <= 0n) throw new RangeError('price book: a price must be positive');
    t.pins.push({ ms: clock.now(), price });
    pinsVersion++;
  }

  function forEachMinute(symbol: string, afterMs: number, untilMs: number, visit: (ms: number, price: Dec) => boolean): void {
    const t = track(symbol);
    if (t === undefined || untilMs < afterMs) return;
    let minute = Math.floor(afterMs / MINUTE_MS) + 1;
    const lastMinute = Math.floor(untilMs / MINUTE_MS);
    // Stepping by hand from the first boundary keeps a long range at one step per minute.
    let walked = minute <= lastMinute ? walkAt(t, minute) : 0n;
    for (; minute <= lastMinute; minute++) {
      if (minute > Math.floor(afterMs / MINUTE_MS) + 1) {
        walked = minute - t.anchorMinute <= 0 || t.seed.maxStep === 0 ? walked : stepPrice(walked, t.key, minute, t.seed.maxStep);
      }
      const ms = minute * MINUTE_MS;
      if (!visit(ms, pinAt(t, ms)?.price ?? walked)) return;
    }
    if (untilMs % MINUTE_MS !== 0 || untilMs === afterMs) visit(untilMs, trackPriceAt(t, untilMs));
  }

  return {
    symbols: () => [...tracks.keys()],
    priceOf: (symbol) => priceAt(symbol, clock.now()),
    priceAt,
    entry,
    set,
    isStable: (symbol) => track(symbol)?.seed.maxStep === 0,
    forEachMinute,
    nextChangeAfter(ms) {
      let next = (Math.floor(ms / MINUTE_MS) + 1) * MINUTE_MS;
      for (const t of tracks.values()) {
        for (const pin of t.pins) {
          const reference = pin.ms + DAY_MS;
          if (reference > ms && reference < next) next = reference;
        }
      }
      return next;
    },
    pins: () => [...tracks.values()].flatMap((t) => t.pins.map((pin) => ({ symbol: t.seed.symbol, ms: pin.ms, price: pin.price }))),
    restorePins(pins) {
      for (const t of tracks.values()) t.pins = [];
      for (const pin of pins) track(pin.symbol)?.pins.push({ ms: pin.ms, price: pin.price });
      pinsVersion++;
    },
  };
}
