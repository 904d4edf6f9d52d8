// Client-side request budget per key: keeps the checker under the wallet limit of 60 requests a
// minute per API key (seed wallet §8) by waiting, so that a foreign target never throttles it.

export interface KeyBudget {
  /** Resolves when one more request on key fits in the budget, and counts it. */
  take(key: string): Promise<void>;
  /** Requests counted for key in the current minute. */
  used(key: string): number;
  /** Per key, the most requests it sent within one minute (what the run used of the budget). */
  peaks(): { key: string; peak: number }[];
}

export function createKeyBudget(
  perMinute: number,
  now: () => number = Date.now,
  sleep = delay,
  /** Told before each wait, with its length (the run prints a progress line). */
  onWait: (ms: number, key: string) => void = () => {},
): KeyBudget {
  const history = new Map<string, number[]>();
  const peak = new Map<string, number>();
  const recent = (key: string): number[] => {
    const t = now();
    const list = (history.get(key) ?? []).filter((at) => at > t - 60_000);
    history.set(key, list);
    return list;
  };
  return {
    async take(key) {
      for (;;) {
        const list = recent(key);
        if (list.length < perMinute) {
          list.push(now());
          peak.set(key, Math.max(peak.get(key) ?? 0, list.length));
          return;
        }
        const ms = (list[0] ?? now()) + 60_000 - now() + 50;
        onWait(ms, key);
        await sleep(ms);
      }
    },
    used: (key) => recent(key).length,
    peaks: () => [...peak.entries()].map(([key, n]) => ({ key, peak: n })).sort((a, b) => b.peak - a.peak),
  };
}

/** Resolves after ms, or as soon as the signal aborts (the caller then sees signal.aborted). */
export function delay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = (): void => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, Math.max(0, ms));
    signal?.addEventListener('abort', done, { once: true });
  });
}
