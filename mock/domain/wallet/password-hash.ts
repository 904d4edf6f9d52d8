// Salted scrypt password hashes (issue 4: "stored as salted hashes (node:crypto scrypt)").

import { scryptSync, timingSafeEqual } from 'node:crypto';

/**
 * Cost N = 2^12 (r 8, p 1, ~4 MiB, a few ms): a production store would use 2^15 or more, but the
 * fake's secrets are test passwords and every register/login in the test and conformance suites
 * pays this cost; the point here is that no plain password is ever held, not brute-force cost.
 */
const PARAMS = { N: 1 << 12, r: 8, p: 1 } as const;
const KEY_LENGTH = 32;

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

/** Constant-time comparison of the derived keys, so timing does not reveal a matching prefix. */
export function verifyPassword(password: string, stored: PasswordHash): boolean {
  const candidate = derive(password, stored.salt);
  return candidate.length === stored.hash.length && timingSafeEqual(candidate, stored.hash);
}

function derive(password: string, salt: Uint8Array): Uint8Array {
  return scryptSync(password.normalize('NFC'), salt, KEY_LENGTH, PARAMS);
}
