// Per-chain address and transaction-hash formats: generation from the seeded rng and validation.

import { bytesToHex } from '@noble/hashes/utils.js';
import { base58 } from '@scure/base';
import type { Rng } from '../rng.js';
import { isBitcoinAddress, p2wpkhAddress } from './bitcoin-address.js';
import type { AddressFamily } from './chains.js';
import { evmAddressFromBytes, isEvmAddress } from './evm-address.js';
import { isSolanaAddress, solanaAddressFromBytes } from './solana-address.js';
import { isTronAddress, tronAddressFromBytes } from './tron-address.js';

/** A fresh address in the family's format (decision wallet.create-semantics). */
export function generateAddress(family: AddressFamily, rng: Rng): string {
  switch (family) {
    case 'evm':
      return evmAddressFromBytes(rng.bytes(20));
    case 'bitcoin':
      return p2wpkhAddress(rng.bytes(20));
    case 'tron':
      return tronAddressFromBytes(rng.bytes(20));
    case 'solana':
      return solanaAddressFromBytes(rng.bytes(32));
  }
}

export function isValidAddress(family: AddressFamily, s: string): boolean {
  switch (family) {
    case 'evm':
      return isEvmAddress(s);
    case 'bitcoin':
      return isBitcoinAddress(s);
    case 'tron':
      return isTronAddress(s);
    case 'solana':
      return isSolanaAddress(s);
  }
}

/**
 * The index key of a valid address: EVM hex and bech32 are case-insensitive (one account, several
 * spellings), base58 is not.
 */
export function normalizeAddress(family: AddressFamily, s: string): string {
  if (family === 'evm') return s.toLowerCase();
  if (family === 'bitcoin' && /^bc1/i.test(s)) return s.toLowerCase();
  return s;
}

/**
 * Transaction hash in the chain's format (Transaction.tx_hash in the spec): 0x + 64 hex on EVM
 * chains, 64 hex on bitcoin and tron, base58 of a 64-byte signature on solana.
 */
export function generateTxHash(family: AddressFamily, rng: Rng): string {
  switch (family) {
    case 'evm':
      return `0x${bytesToHex(rng.bytes(32))}`;
    case 'bitcoin':
    case 'tron':
      return bytesToHex(rng.bytes(32));
    case 'solana':
      return base58.encode(rng.bytes(64));
  }
}

/** The shape generateTxHash produces, for tests and the conformance checker. */
export function isTxHashOf(family: AddressFamily, s: string): boolean {
  switch (family) {
    case 'evm':
      return /^0x[0-9a-f]{64}$/.test(s);
    case 'bitcoin':
    case 'tron':
      return /^[0-9a-f]{64}$/.test(s);
    case 'solana':
      try {
        return base58.decode(s).length === 64;
      } catch {
        return false;
      }
  }
}
