// Password hashing (@noble/hashes scrypt + a constant-time compare) and the pending queue's min-heap.

import { scryptSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createMinHeap } from '../../../mock/domain/min-heap.js';
import { hashPassword, publishedPasswordHash, verifyPassword } from '../../../mock/domain/wallet/password-hash.js';
import { createRng } from '../../../mock/domain/rng.js';
import { constantTimeEqual } from '../../../mock/domain/constant-time-equal.js';
import { portableScrypt } from '../../../mock/domain/wallet/scrypt.js';

describe('password hashes', () => {
  it('verifies the right password and rejects a wrong one', () => {
    const stored = hashPassword('correct-horse', new Uint8Array(16).fill(1));
    expect(verifyPassword('correct-horse', stored)).toBe(true);
    expect(verifyPassword('correct-horsE', stored)).toBe(false);
    expect(verifyPassword('', stored)).toBe(false);
  });

  it('salts: one password under two salts gives two hashes, neither containing the password', () => {
    const a = hashPassword('same', new Uint8Array(16).fill(1));
    const b = hashPassword('same', new Uint8Array(16).fill(2));
    expect(Buffer.from(a.hash).equals(Buffer.from(b.hash))).toBe(false);
    expect(Buffer.from(a.hash).toString('latin1')).not.toContain('same');
  });

  it('is byte-identical to node:crypto scrypt (N 2^12, r 8, p 1, 32 bytes), so hashes in older snapshots still verify', () => {
    const salt = new Uint8Array(16).map((_, i) => i * 17);
    for (const password of ['correct-horse', 'pässwörd', '', '密码🔑']) {
      const node = scryptSync(password.normalize('NFC'), salt, 32, { N: 1 << 12, r: 8, p: 1 });
      expect(Buffer.from(hashPassword(password, salt).hash).toString('hex')).toBe(node.toString('hex'));
      // The browser's implementation (@noble/hashes) gives the same bytes.
      expect(Buffer.from(portableScrypt(password.normalize('NFC'), salt, { N: 1 << 12, r: 8, p: 1, dkLen: 32 })).toString('hex')).toBe(node.toString('hex'));
      expect(verifyPassword(password, { algorithm: 'scrypt', salt, hash: new Uint8Array(node) })).toBe(true);
    }
  });

  it("a published password's hash (the demo user's) is derived on first read, with hashPassword's bytes", () => {
    const salt = new Uint8Array(16).fill(7);
    const published = publishedPasswordHash('demo-password', salt);
    expect(Buffer.from(published.hash).toString('hex')).toBe(Buffer.from(hashPassword('demo-password', salt).hash).toString('hex'));
    expect(published.hash).toBe(published.hash);
    expect(verifyPassword('demo-password', published)).toBe(true);
    expect(verifyPassword('demo-passworD', published)).toBe(false);
    expect({ ...published }.hash).toEqual(hashPassword('demo-password', salt).hash);
  });

  it('normalises to NFC: a composed and a decomposed é are the same password', () => {
    const stored = hashPassword('caf\u00e9', new Uint8Array(16));
    expect(verifyPassword('cafe\u0301', stored)).toBe(true);
  });
});

describe('constantTimeEqual', () => {
  it('compares bytes and lengths', () => {
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(true);
    expect(constantTimeEqual(new Uint8Array([1, 2, 3]), new Uint8Array([1, 2, 4]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([9, 2, 3]), new Uint8Array([1, 2, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array([1, 2]), new Uint8Array([1, 2, 3]))).toBe(false);
    expect(constantTimeEqual(new Uint8Array(), new Uint8Array())).toBe(true);
  });
});

describe('min-heap', () => {
  it('pops in order for random input', () => {
    const rng = createRng(9);
    const heap = createMinHeap<number>((a, b) => a < b);
    const input = Array.from({ length: 500 }, () => rng.int(0, 1000));
    for (const n of input) heap.push(n);
    const out: number[] = [];
    while (heap.size > 0) out.push(heap.pop() as number);
    expect(out).toEqual([...input].sort((a, b) => a - b));
    expect(heap.pop()).toBeUndefined();
  });
});
