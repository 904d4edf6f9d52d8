// Byte comparison whose time does not depend on where two equal-length inputs differ, so a timing
// probe cannot find a matching prefix (password hashes, the admin token). Portable: no node:crypto.

/** True when a and b hold the same bytes; the time depends only on their lengths. */
export function constantTimeEqual(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  let diff = 0;
  for (let i = 0; i < a.length; i++) diff |= a[i]! ^ b[i]!;
  return diff === 0;
}
