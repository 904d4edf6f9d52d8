// Tron addresses: base58check of 0x41 followed by a 20-byte account hash, so they start with "T".

import { sha256 } from '@noble/hashes/sha2.js';
import { createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);
const TRON_PREFIX = 0x41;

export function tronAddressFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 20) throw new RangeError(`tron address needs 20 bytes, got ${bytes.length}`);
  return base58check.encode(Uint8Array.of(TRON_PREFIX, ...bytes));
}

/** 21 bytes after the double-SHA-256 checksum is stripped, the first one 0x41. */
export function isTronAddress(s: string): boolean {
  if (!/^T[1-9A-HJ-NP-Za-km-z]{33}$/.test(s)) return false;
  try {
    const payload = base58check.decode(s);
    return payload.length === 21 && payload[0] === TRON_PREFIX;
  } catch {
    return false;
  }
}
