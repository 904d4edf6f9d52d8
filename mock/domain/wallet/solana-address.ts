// Solana addresses: plain base58 (no checksum) of a 32-byte public key.

import { base58 } from '@scure/base';

export function solanaAddressFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 32) throw new RangeError(`solana address needs 32 bytes, got ${bytes.length}`);
  return base58.encode(bytes);
}

/**
 * Exactly 32 bytes once decoded. Without a checksum this is the whole rule; the length check is
 * what rejects tron (25 bytes) and bitcoin legacy (25 bytes) strings, which are base58 too.
 */
export function isSolanaAddress(s: string): boolean {
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(s)) return false;
  try {
    return base58.decode(s).length === 32;
  } catch {
    return false;
  }
}
