import { describe, expect, it } from 'vitest';
import { createClock, DEFAULT_CLOCK_START } from './clock.js';
import { formatSeedDate } from './format-date.js';

describe('createClock', () => {
  it('manual mode starts at 2026-01-01 and moves only by advance/set', () => {
    const clock = createClock();
    expect(clock.mode).toBe('manual');
    expect(clock.now()).toBe(DEFAULT_CLOCK_START);
    expect(clock.now()).toBe(Date.UTC(2026, 0, 1));
    clock.advance(1500);
    expect(clock.now()).toBe(DEFAULT_CLOCK_START + 1500);
    clock.set(DEFAULT_CLOCK_START + 60_000);
    expect(clock.now()).toBe(DEFAULT_CLOCK_START + 60_000);
  });

  it('refuses to go back or advance by a negative or fractional amount', () => {
    const clock = createClock({ start: 1000 });
    expect(() => clock.advance(-1)).toThrow(RangeError);
    expect(() => clock.advance(0.5)).toThrow(RangeError);
    expect(() => clock.set(999)).toThrow(RangeError);
    clock.set(1000); // same time is allowed
    expect(clock.now()).toBe(1000);
  });

  it('realtime mode adds wall time elapsed and the advanced offset', () => {
    let wall = 500;
    const clock = createClock({ start: 10_000, mode: 'realtime', wallNow: () => wall });
    expect(clock.now()).toBe(10_000);
    wall += 250.7;
    expect(clock.now()).toBe(10_250);
    clock.advance(1000);
    expect(clock.now()).toBe(11_250);
    wall += 50;
    expect(clock.now()).toBe(11_300);
  });

  it('realtime mode follows the real wall clock by default', async () => {
    const clock = createClock({ mode: 'realtime' });
    const before = clock.now();
    await new Promise((r) => setTimeout(r, 30));
    expect(clock.now() - before).toBeGreaterThanOrEqual(20);
  });
});

describe('formatSeedDate', () => {
  it('formats UTC as YYYY-MM-DD HH:MM:SS', () => {
    expect(formatSeedDate(Date.UTC(2026, 0, 1))).toBe('2026-01-01 00:00:00');
    expect(formatSeedDate(Date.UTC(2026, 11, 31, 23, 59, 59, 999))).toBe('2026-12-31 23:59:59');
    expect(() => formatSeedDate(Number.NaN)).toThrow(RangeError);
  });
});
