// The virtual clock: the only source of time for the fake, manual or following wall time.
//
// Why virtual: expiries (futures duration_hours, binary duration_minutes) and the wallet rate
// limit (60 per minute) must be testable without sleeping, and two runs with the same seed must
// produce the same dates.

export type ClockMode = 'manual' | 'realtime';

export interface ClockOptions {
  /** Epoch ms the clock starts at. Default 2026-01-01T00:00:00Z. */
  start?: number;
  /** 'manual' (default): moves only by advance/set. 'realtime': also follows wall time. */
  mode?: ClockMode;
  /** Monotonic wall time in ms, injectable for tests. Default performance.now(). */
  wallNow?: () => number;
}

export interface Clock {
  readonly mode: ClockMode;
  /** Current virtual time in epoch ms (an integer, never decreasing). */
  now(): number;
  /** Moves the clock forward by ms (≥ 0). */
  advance(ms: number): void;
  /** Moves the clock forward to ms; setting it to the past throws. */
  set(ms: number): void;
}

export const DEFAULT_CLOCK_START = Date.UTC(2026, 0, 1);

export function createClock(options: ClockOptions = {}): Clock {
  const start = options.start ?? DEFAULT_CLOCK_START;
  const mode = options.mode ?? 'manual';
  const wallNow = options.wallNow ?? (() => performance.now());
  if (!Number.isSafeInteger(start)) throw new RangeError(`createClock: start must be an integer epoch ms, got ${start}`);

  const wallAtStart = wallNow();
  let offset = 0;
  // Wall time read through a monotonic source can still be floored differently between calls;
  // remembering the last answer keeps now() from ever going back.
  let last = start;

  function now(): number {
    const elapsed = mode === 'realtime' ? Math.floor(wallNow() - wallAtStart) : 0;
    last = Math.max(last, start + elapsed + offset);
    return last;
  }

  function advance(ms: number): void {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new RangeError(`clock.advance: ms must be a non-negative integer, got ${ms}`);
    offset += ms;
  }

  function set(ms: number): void {
    const current = now();
    if (!Number.isSafeInteger(ms)) throw new RangeError(`clock.set: ms must be an integer epoch ms, got ${ms}`);
    if (ms < current) throw new RangeError(`clock.set: cannot move back from ${current} to ${ms}`);
    advance(ms - current);
  }

  return { mode, now, advance, set };
}
