// Bitcoin mainnet addresses: the fake generates bech32 P2WPKH (bc1q…) and accepts every real form.

import { sha256 } from '@noble/hashes/sha2.js';
import { bech32, bech32m, createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);

/** BIP-173: witness version 0 and a 20-byte key hash, human-readable part "bc". */
export function p2wpkhAddress(keyHash: Uint8Array): string {
  if (keyHash.length !== 20) throw new RangeError(`P2WPKH needs a 20-byte hash, got ${keyHash.length}`);
  return bech32.encode('bc', [0, ...bech32.toWords(keyHash)]);
}

/**
 * Valid mainnet address of any standard kind, so that a client may send to any real address:
 * - base58check legacy P2PKH (version 0x00, "1…") and P2SH (0x05, "3…"), 20-byte payload;
 * - BIP-173 bech32 witness v0: 20 bytes (P2WPKH) or 32 bytes (P2WSH);
 * - BIP-350 bech32m witness v1..16, 2..40 bytes (v1 = taproot, 32 bytes).
 * Testnet prefixes (tb1, m/n/2) are rejected: the fake is one mainnet.
 */
export function isBitcoinAddress(s: string): boolean {
  if (/^[13]/.test(s)) return isLegacy(s);
  if (/^bc1/i.test(s)) return isSegwit(s);
  return false;
}

function isLegacy(s: string): boolean {
  try {
    const payload = base58check.decode(s);
    return payload.length === 21 && (payload[0] === 0x00 || payload[0] === 0x05);
  } catch {
    return false;
  }
}

function isSegwit(s: string): boolean {
  // Mixed case is invalid bech32 (BIP-173); the decoders check it, and the checksum.
  const version = bech32CharValue(s.charAt(3).toLowerCase());
  if (version === undefined) return false;
  try {
    const { prefix, words } = version === 0 ? bech32.decode(s as `${string}1${string}`) : bech32m.decode(s as `${string}1${string}`);
    if (prefix !== 'bc' || words[0] !== version) return false;
    const program = bech32.fromWords(words.slice(1));
    if (version === 0) return program.length === 20 || program.length === 32;
    return version <= 16 && program.length >= 2 && program.length <= 40;
  } catch {
    return false;
  }
}

const CHARSET = 'qpzry9x8gf2tvdw0s3jn54khce6mua7l';

function bech32CharValue(c: string): number | undefined {
  const i = CHARSET.indexOf(c);
  return i === -1 ? undefined : i;
}
