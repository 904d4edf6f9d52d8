// One minute step of the deterministic price walk: a counter-based hash of (symbol key, minute).
//
// Decision trading.price-walk: one step a minute, at most ±0.5 % a step, exact. A counter-based
// hash (no generator state) lets any minute's step be computed on its own, so the walk can be
// replayed from a checkpoint without remembering every draw.

import { DEC_ONE, type Dec } from './decimal.js';

/** murmur3's 32-bit finaliser: a cheap, well-mixed integer hash. */
export function mix32(x: number): number {
  let h = x | 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

/** Hash of a 32-bit key and a minute index (minutes since the epoch stay below 2^32 until 10136). */
export function hashMinute(key: number, minute: number): number {
  return mix32(key ^ mix32(minute + 0x9e3779b9));
}

/** The relative move of `minute` in 1e-8 units, uniform in [-maxStep, +maxStep]. */
export function stepDelta(key: number, minute: number, maxStep: number): bigint {
  if (maxStep === 0) return 0n;
  return BigInt((hashMinute(key, minute) % (2 * maxStep + 1)) - maxStep);
}

/** Price after the step of `minute`: price × (1 + delta), rounded down, never below 1e-8. */
export function stepPrice(price: Dec, key: number, minute: number, maxStep: number): Dec {
  const next = (price * (DEC_ONE + stepDelta(key, minute, maxStep))) / DEC_ONE;
  return next > 0n ? next : 1n;
}

const UNITS = 100_000_000;
/** Above this many units (about 45 million USD) stepping falls back to bigint. */
const NUMBER_SAFE_UNITS = 2 ** 52;

/**
 * The same step as stepPrice on a price in 1e-8 units held in a Number, exactly: with
 * p = hi·1e8 + lo, p·δ/1e8 = hi·δ + lo·δ/1e8, every product stays below 2^53, and floor of
 * lo·δ/1e8 cannot be rounded across an integer (the quotient is below 5e5, whose ulp is about
 * 1e-10, while a non-integer quotient is at least 1e-8 from an integer). About 20× faster than
 * bigint arithmetic, which matters when the clock jumps by months.
 */
export function stepUnits(p: number, key: number, minute: number, maxStep: number): number {
  if (maxStep === 0) return p;
  const delta = (hashMinute(key, minute) % (2 * maxStep + 1)) - maxStep;
  const hi = Math.floor(p / UNITS);
  const lo = p - hi * UNITS;
  const next = p + hi * delta + Math.floor((lo * delta) / UNITS);
  return next > 0 ? next : 1;
}

/** The price after the steps of minutes from+1 … to (from ≤ to). */
export function walkSteps(price: Dec, key: number, from: number, to: number, maxStep: number): Dec {
  let m = from + 1;
  let p = price;
  while (m <= to && p >= BigInt(NUMBER_SAFE_UNITS)) p = stepPrice(p, key, m++, maxStep);
  if (m > to) return p;
  let n = Number(p);
  for (; m <= to; m++) {
    n = stepUnits(n, key, m, maxStep);
    if (n >= NUMBER_SAFE_UNITS) return walkSteps(BigInt(n), key, m, to, maxStep);
  }
  return BigInt(n);
}
