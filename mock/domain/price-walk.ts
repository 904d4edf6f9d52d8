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
