// percentile: the value at rank p of a sorted list (the bench's latency figures); median: the
// middle of an unsorted one, the mean of the two middle values for an even count; medianInterval:
// where the median of what was sampled lies, for a figure judged against a goal near it.

/** p in 0..1; NaN for an empty list. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}

/** NaN for an empty list. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? Number.NaN : s.length % 2 === 1 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/**
 * The distribution-free 95 % interval of the median: the values at ranks ⌊n/2 − 0.98·√n⌋ and
 * ⌈1 + n/2 + 0.98·√n⌉ counted from 1 (order statistics, the binomial's normal approximation);
 * [NaN, NaN] for fewer than 6 values, too few to bound it.
 * Nothing is assumed about how the values spread, only that they were drawn independently.
 */
export function medianInterval(xs: readonly number[]): [number, number] {
  const n = xs.length;
  if (n < 6) return [Number.NaN, Number.NaN];
  const s = [...xs].sort((a, b) => a - b);
  const half = 0.98 * Math.sqrt(n);
  const lo = Math.max(0, Math.floor(n / 2 - half) - 1);
  const hi = Math.min(n - 1, Math.ceil(n / 2 + half));
  return [s[lo]!, s[hi]!];
}
