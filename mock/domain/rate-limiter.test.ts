import { describe, expect, it } from 'vitest';
import { createClock } from './clock.js';
import { createRateLimiter } from './rate-limiter.js';

describe('createRateLimiter', () => {
  it('allows 60 per minute, refuses the 61st with retry-after, and reopens after the window', () => {
    const clock = createClock({ start: 0 });
    const limiter = createRateLimiter({ limit: 60, windowMs: 60_000, now: clock.now });
    for (let i = 0; i < 60; i++) expect(limiter.hit('key-a').allowed).toBe(true);
    clock.advance(20_500);
    expect(limiter.hit('key-a')).toEqual({ allowed: false, retryAfterSeconds: 40 });
    // other keys have their own window
    expect(limiter.hit('key-b')).toEqual({ allowed: true, remaining: 59 });
    clock.advance(39_499);
    expect(limiter.hit('key-a')).toEqual({ allowed: false, retryAfterSeconds: 1 });
    clock.advance(1);
    expect(limiter.hit('key-a')).toEqual({ allowed: true, remaining: 59 });
  });

  it('retryAfterSeconds is at least 1', () => {
    const clock = createClock({ start: 0 });
    const limiter = createRateLimiter({ limit: 1, windowMs: 60_000, now: clock.now });
    limiter.hit('k');
    clock.advance(59_999);
    expect(limiter.hit('k')).toEqual({ allowed: false, retryAfterSeconds: 1 });
  });

  it('reset forgets all windows', () => {
    const clock = createClock({ start: 0 });
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: clock.now });
    limiter.hit('k');
    expect(limiter.hit('k').allowed).toBe(false);
    limiter.reset();
    expect(limiter.hit('k').allowed).toBe(true);
  });

  it('drops expired windows so many one-off keys do not pile up', () => {
    const clock = createClock({ start: 0 });
    const limiter = createRateLimiter({ limit: 1, windowMs: 1000, now: clock.now });
    for (let i = 0; i < 100_000; i++) {
      limiter.hit(`k${i}`);
      clock.advance(10);
      expect(limiter.size()).toBeLessThanOrEqual(100);
    }
    // an old key starts a fresh window, a recent key is still limited
    expect(limiter.hit('k0').allowed).toBe(true);
    expect(limiter.hit('k99999').allowed).toBe(false);
  });

  it('rejects nonsense options', () => {
    expect(() => createRateLimiter({ limit: 0, windowMs: 1000, now: () => 0 })).toThrow(RangeError);
    expect(() => createRateLimiter({ limit: 1, windowMs: 0, now: () => 0 })).toThrow(RangeError);
  });
});
