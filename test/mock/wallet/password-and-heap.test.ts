// Password hashing (scrypt + timingSafeEqual) and the pending queue's min-heap.

import { describe, expect, it } from 'vitest';
import { createMinHeap } from '../../../mock/domain/min-heap.js';
import { hashPassword, verifyPassword } from '../../../mock/domain/wallet/password-hash.js';
import { createRng } from '../../../mock/domain/rng.js';

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
