// Per-key request limiter on the virtual clock (seed wallet §8: 60 per minute per API key → 429).
//
// Fixed window per key, opened by the key's first request: the literal reading of "60 per minute",
// deterministic under a virtual clock, and one counter per key. Its known weakness (up to 2×limit
// across a window boundary) is irrelevant for a fake whose job is to show the 429 path.

export interface RateLimiterOptions {
  limit: number;
  /** Window length; 60000 for "per minute". */
  windowMs: number;
  /** Current time in epoch ms, normally clock.now. Must never decrease. */
  now: () => number;
}

export type RateLimitDecision = { allowed: true; remaining: number } | { allowed: false; retryAfterSeconds: number };

export interface RateLimiter {
  /** Counts one request for key. A refused request does not count. */
  hit(key: string): RateLimitDecision;
  /** Forgets every window. */
  reset(): void;
  /** Number of windows held (expired ones may linger until the next hit); for diagnostics and tests. */
  size(): number;
}

interface Window {
  start: number;
  count: number;
}

export function createRateLimiter(options: RateLimiterOptions): RateLimiter {
  const { limit, windowMs, now } = options;
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`createRateLimiter: bad limit ${limit}`);
  if (!Number.isSafeInteger(windowMs) || windowMs < 1) throw new RangeError(`createRateLimiter: bad windowMs ${windowMs}`);

  // A Map iterates in insertion order, and a key is (re)inserted exactly when its window opens,
  // so with a non-decreasing clock the oldest windows are always at the front. Dropping expired
  // windows from the front on each hit is amortised O(1) and bounds memory to the keys seen
  // within the last window.
  const windows = new Map<string, Window>();

  function dropExpired(t: number): void {
    for (const [key, w] of windows) {
      if (w.start + windowMs > t) break;
      windows.delete(key);
    }
  }

  function hit(key: string): RateLimitDecision {
    const t = now();
    dropExpired(t);
    let w = windows.get(key);
    if (w === undefined) {
      w = { start: t, count: 0 };
      windows.set(key, w);
    }
    if (w.count >= limit) {
      const waitMs = w.start + windowMs - t;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
    }
    w.count += 1;
    return { allowed: true, remaining: limit - w.count };
  }

  function reset(): void {
    windows.clear();
  }

  return { hit, reset, size: () => windows.size };
}
