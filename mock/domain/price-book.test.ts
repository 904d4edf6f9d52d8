// The price book: deterministic walk (decision trading.price-walk), pins, stablecoins, ranges.
import { describe, expect, it } from 'vitest';
import { createClock } from './clock.js';
import { dec } from './decimal.js';
import { createPriceBook, MINUTE_MS, type PricePin } from './price-book.js';
import { PRICE_TABLE } from './price-table.js';

const book = (seed = 1) => {
  const clock = createClock();
  return { clock, prices: createPriceBook({ seed, clock }) };
};

describe('createPriceBook', () => {
  it('is deterministic per seed and differs across seeds', () => {
    const a = book(1);
    const b = book(1);
    const c = book(2);
    for (const x of [a, b, c]) x.clock.advance(90 * MINUTE_MS);
    expect(a.prices.priceOf('BTC')).toBe(b.prices.priceOf('BTC'));
    expect(a.prices.priceOf('BTC')).not.toBe(c.prices.priceOf('BTC'));
  });

  it('steps at most ±0.5 % a minute and only on minute boundaries', () => {
    const { clock, prices } = book();
    const start = clock.now();
    for (const symbol of prices.symbols()) {
      let prev = prices.priceAt(symbol, start) as bigint;
      expect(prices.priceAt(symbol, start + 59_999)).toBe(prev);
      for (let m = 1; m <= 600; m++) {
        const p = prices.priceAt(symbol, start + m * MINUTE_MS) as bigint;
        expect(p * 1000n >= prev * 995n && p * 1000n <= prev * 1005n + 1000n).toBe(true);
        prev = p;
      }
    }
  });

  it('keeps USDT and USDC at exactly 1', () => {
    const { clock, prices } = book();
    clock.advance(40 * 86_400_000);
    expect(prices.priceOf('USDT')).toBe(dec('1'));
    expect(prices.entry('usdc')).toMatchObject({ priceUsd: dec('1'), change24h: 0n });
    expect(prices.isStable('USDT')).toBe(true);
    expect(prices.isStable('BTC')).toBe(false);
  });

  it('answers the same minute price however it is reached (checkpoints, memo, sequential)', () => {
    const a = book(9);
    const b = book(9);
    const t = a.clock.now() + 12_345 * MINUTE_MS;
    const direct = a.prices.priceAt('SOL', t);
    for (let m = 0; m < 12_345; m += 97) b.prices.priceAt('SOL', b.clock.now() + m * MINUTE_MS);
    expect(b.prices.priceAt('SOL', t)).toBe(direct);
    const seen: Array<[number, bigint]> = [];
    a.prices.forEachMinute('SOL', a.clock.now() + 30_000, a.clock.now() + 200 * MINUTE_MS + 5, (ms, p) => (seen.push([ms, p]), true));
    expect(seen).toHaveLength(201);
    for (const [ms, p] of seen) expect(p).toBe(a.prices.priceAt('SOL', ms));
  });

  it('computes change_24h in percent with 2 digits from the walk', () => {
    const { clock, prices } = book();
    clock.advance(3 * 3_600_000);
    const e = prices.entry('ETH');
    const now = prices.priceAt('ETH', clock.now()) as bigint;
    const before = prices.priceAt('ETH', clock.now() - 86_400_000) as bigint;
    expect(e?.change24h).toBe(((((now - before) * 100n * 100_000_000n) / before) / 1_000_000n) * 1_000_000n);
    expect(e?.volume24h).toBeGreaterThan(0n);
  });

  it('set pins a price from now on and keeps history', () => {
    const { clock, prices } = book();
    clock.advance(10 * MINUTE_MS);
    const earlier = prices.priceAt('BTC', clock.now() - MINUTE_MS);
    prices.set('btc', dec('50000'));
    clock.advance(86_400_000);
    expect(prices.priceOf('BTC')).toBe(dec('50000'));
    expect(prices.priceAt('BTC', clock.now() - 86_400_000 - MINUTE_MS)).toBe(earlier);
    expect(() => prices.set('NOPE', 1n)).toThrow(RangeError);
  });

  /** The entry a new book (nothing cached) anchored at `start` computes at `ms`, with these pins. */
  const freshEntry = (seed: number, start: number, ms: number, symbol: string, pins: PricePin[] = []) => {
    let t = start;
    const fresh = createPriceBook({ seed, now: () => t });
    fresh.restorePins(pins);
    t = ms;
    return fresh.entry(symbol);
  };

  it('answers a minute\'s entry once (the same object), equal to what a book without a cache computes', () => {
    const { clock, prices } = book(3);
    const start = clock.now();
    const first = prices.entry('BTC');
    clock.advance(MINUTE_MS - 1 - (start % MINUTE_MS));
    expect(prices.entry('BTC')).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    for (let step = 0; step < 120; step++) {
      clock.advance(7_919); // crosses minute and hour boundaries at odd offsets
      expect(prices.entry('BTC')).toEqual(freshEntry(3, start, clock.now(), 'BTC'));
    }
  });

  it('a pin inside the current minute shows at once; a minute a pin splits is not answered from one entry', () => {
    const { clock, prices } = book(4);
    const start = clock.now();
    clock.advance(MINUTE_MS - (start % MINUTE_MS) + 10_000); // 10 s into a minute
    const before = prices.entry('ETH');
    clock.advance(10_000);
    prices.set('ETH', dec('1234.5'));
    const pinned = prices.entry('ETH');
    expect(pinned?.priceUsd).toBe(dec('1234.5'));
    expect(pinned).not.toBe(before);
    clock.advance(10_000);
    expect(prices.entry('ETH')?.priceUsd).toBe(dec('1234.5'));
    // A day later the pin splits the reference minute of change_24h: before the pin's instant the
    // reference is the walk, after it the pin.
    clock.advance(86_400_000 - 15_000); // 5 s before the pin's instant, a day later
    const early = prices.entry('ETH');
    expect(early).toEqual(freshEntry(4, start, clock.now(), 'ETH', prices.pins()));
    clock.advance(10_000);
    const late = prices.entry('ETH');
    expect(late).toEqual(freshEntry(4, start, clock.now(), 'ETH', prices.pins()));
    expect(late?.change24h).not.toBe(early?.change24h);
  });

  it('a jump of a year costs well under a second', () => {
    const { clock, prices } = book();
    clock.advance(365 * 86_400_000);
    const t0 = performance.now();
    for (const s of prices.symbols()) prices.entry(s);
    expect(performance.now() - t0).toBeLessThan(2000);
    expect(prices.priceOf('BTC')).toBeGreaterThan(0n);
  });

  it('knows every symbol of the table and nothing else', () => {
    const { prices } = book();
    expect(prices.symbols()).toEqual(PRICE_TABLE.map((s) => s.symbol));
    expect(prices.priceOf('XYZ')).toBeUndefined();
    expect(prices.entry('XYZ')).toBeUndefined();
  });
});

describe('createPriceBook options', () => {
  it('takes a now function instead of a clock, with the same walk', () => {
    const clock = createClock();
    const a = createPriceBook({ seed: 4, clock });
    const b = createPriceBook({ seed: 4, now: () => clock.now() });
    clock.advance(77 * MINUTE_MS);
    expect(b.priceOf('ETH')).toBe(a.priceOf('ETH'));
    expect(() => createPriceBook({ seed: 4 })).toThrow(TypeError);
  });
});
