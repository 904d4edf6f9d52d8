// A duration for the virtual clock: milliseconds, or text such as `90s`, `5m`, `1h30m`, `2d`
// (what a test reads best: `await doppel.clock.advance('1h')`).

export type Duration = number | string;

const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
const PART = /(\d+)(ms|s|m|h|d)/g;

/** Milliseconds of a duration; throws a RangeError naming the value when it is not one. */
export function durationMs(duration: Duration): number {
  if (typeof duration === 'number') {
    if (Number.isSafeInteger(duration) && duration >= 0) return duration;
  } else if (/^(\d+(ms|s|m|h|d))+$/.test(duration)) {
    let ms = 0;
    for (const [, n, unit] of duration.matchAll(PART)) ms += Number(n) * (UNIT_MS[unit as string] as number);
    if (Number.isSafeInteger(ms)) return ms;
  }
  throw new RangeError(`doppel: ${JSON.stringify(duration)} is not a duration: milliseconds (a non-negative integer) or text such as '90s', '5m', '1h30m', '2d'`);
}
