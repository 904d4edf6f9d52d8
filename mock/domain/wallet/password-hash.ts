// Salted scrypt password hashes (no password is stored as sent). Portable (browsers, workers): the
// host's native scrypt or @noble/hashes (./scrypt.ts), byte-identical for the same parameters, so
// hashes in existing snapshots still verify.

import { scrypt } from './scrypt.js';
import { constantTimeEqual } from '../constant-time-equal.js';

/**
 * Cost N = 2^12 (r 8, p 1, ~4 MiB; ~13 ms native, ~15 ms with @noble/hashes once warm): a production store would use 2^15 or more, but the
 * fake's secrets are test passwords and every register/login in the test and conformance suites
 * pays this cost; the point here is that no plain password is ever held, not brute-force cost.
 */
const PARAMS = { N: 1 << 12, r: 8, p: 1, dkLen: 32 } as const;

export interface PasswordHash {
  readonly algorithm: 'scrypt';
  /**
   * 16 bytes from the seeded rng (ARCHITECTURE.md: randomness only from the seeded rng). A salt
   * must be unique per user, not secret, so a deterministic stream is enough and keeps the
   * state reproducible from the seed.
   */
  readonly salt: Uint8Array;
  readonly hash: Uint8Array;
}

export function hashPassword(password: string, salt: Uint8Array): PasswordHash {
  return { algorithm: 'scrypt', salt, hash: derive(password, salt) };
}

/**
 * The hash of a password the docs publish (the demo user's), derived when first read. Holding
 * such a password keeps no secret, and the ~13 ms of scrypt leaves every start and every new
 * namespace (`doppel mock`'s start-up time); the bytes are the same as hashPassword's.
 */
export function publishedPasswordHash(password: string, salt: Uint8Array): PasswordHash {
  let hash: Uint8Array | undefined;
  return {
    algorithm: 'scrypt',
    salt,
    get hash() {
      return (hash ??= derive(password, salt));
    },
  };
}

/** Constant-time comparison of the derived keys, so timing does not reveal a matching prefix. */
export function verifyPassword(password: string, stored: PasswordHash): boolean {
  return constantTimeEqual(derive(password, stored.salt), stored.hash);
}

/** NFC first: the same password typed with composed or decomposed accents is the same password. */
function derive(password: string, salt: Uint8Array): Uint8Array {
  return scrypt(password.normalize('NFC'), salt, PARAMS);
}
