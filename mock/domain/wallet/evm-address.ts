// EVM addresses (ethereum, bsc, polygon): 0x + 40 hex digits with the EIP-55 mixed-case checksum.

import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

const SHAPE = /^0x[0-9a-fA-F]{40}$/;

/**
 * EIP-55: hash the lower-case hex (without 0x) with keccak-256; the i-th letter is upper-case
 * when the i-th nibble of the hash is ≥ 8.
 */
export function toChecksumAddress(address: string): string {
  const lower = address.slice(2).toLowerCase();
  const hash = bytesToHex(keccak_256(utf8ToBytes(lower)));
  let out = '0x';
  for (let i = 0; i < lower.length; i++) {
    const c = lower[i] as string;
    out += parseInt(hash[i] as string, 16) >= 8 ? c.toUpperCase() : c;
  }
  return out;
}

export function evmAddressFromBytes(bytes: Uint8Array): string {
  if (bytes.length !== 20) throw new RangeError(`evm address needs 20 bytes, got ${bytes.length}`);
  return toChecksumAddress(`0x${bytesToHex(bytes)}`);
}

/**
 * EIP-55 compatibility rule, as wallets and libraries apply it: an all-lower-case or all-upper-case
 * address carries no checksum and is accepted; a mixed-case one must match its checksum exactly.
 */
export function isEvmAddress(s: string): boolean {
  if (!SHAPE.test(s)) return false;
  const body = s.slice(2);
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true;
  return toChecksumAddress(s) === s;
}
