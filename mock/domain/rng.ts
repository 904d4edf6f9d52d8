// Seeded deterministic randomness: the only source of chance for the fake (prices, addresses, hashes).
//
// sfc32 (Chris Doty-Humphrey's Small Fast Counting generator) passes PractRand, has a 128-bit
// state and needs only 32-bit integer operations, which JavaScript does exactly.
// A stream's state is derived from SHA-256 of its path ("seed:42/prices/BTC"), so forks depend
// on the root seed and their labels only, never on how much any other stream has been used:
// adding a draw to the price walk does not shift every wallet address.

import { sha256 } from '@noble/hashes/sha2.js';

export interface Rng {
  /** A float in [0, 1) with 32 bits of randomness. */
  next(): number;
  /** An unsigned 32-bit integer. */
  uint32(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** A uniformly chosen element; throws on an empty array. */
  pick<T>(items: readonly T[]): T;
  /** n random bytes. */
  bytes(n: number): Uint8Array;
  /**
   * An independent stream named by label. Forking the same label twice from the same stream
   * gives the same sequence: labels name purposes ("prices", "wallet-addresses"), so use one
   * per purpose.
   */
  fork(label: string): Rng;
  /** How many 32-bit words the stream has drawn since it was made: its position, for snapshots. */
  drawn(): number;
  /** Draws and drops n words, so that a new stream of the same path continues at a saved position. */
  skip(n: number): void;
}

export function createRng(seed: number): Rng {
  if (!Number.isSafeInteger(seed)) throw new RangeError(`createRng: seed must be a safe integer, got ${seed}`);
  return rngFromPath(`seed:${seed}`);
}

function rngFromPath(path: string): Rng {
  const digest = sha256(new TextEncoder().encode(path));
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  let a = view.getUint32(0);
  let b = view.getUint32(4);
  let c = view.getUint32(8);
  let d = view.getUint32(12);
  let drawn = 0;

  function uint32(): number {
    // sfc32 step.
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    drawn++;
    return t >>> 0;
  }

  // The generator's first outputs correlate with the seed words; discarding a few is customary.
  for (let i = 0; i < 12; i++) uint32();
  drawn = 0;

  function next(): number {
    return uint32() / 4294967296;
  }

  function int(min: number, max: number): number {
    if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
      throw new RangeError(`rng.int: need integers min <= max, got ${min}, ${max}`);
    }
    return min + Math.floor(next() * (max - min + 1));
  }

  function pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new RangeError('rng.pick: empty array');
    return items[int(0, items.length - 1)] as T;
  }

  function bytes(n: number): Uint8Array {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`rng.bytes: bad length ${n}`);
    const out = new Uint8Array(n);
    for (let i = 0; i < n; i += 4) {
      let word = uint32();
      for (let j = i; j < Math.min(i + 4, n); j++) {
        out[j] = word & 0xff;
        word >>>= 8;
      }
    }
    return out;
  }

  function fork(label: string): Rng {
    // JSON quoting keeps "a/b" as one label distinct from fork("a").fork("b").
    return rngFromPath(`${path}/${JSON.stringify(label)}`);
  }

  function skip(n: number): void {
    if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`rng.skip: bad count ${n}`);
    for (let i = 0; i < n; i++) uint32();
  }

  return { next, uint32, int, pick, bytes, fork, drawn: () => drawn, skip };
}
