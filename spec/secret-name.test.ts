import { describe, expect, it } from 'vitest';
import { isSecretName } from './secret-name.js';

describe('isSecretName', () => {
  const secret = ['API-KEY', 'X-API-Key', 'authorization', 'Set-Cookie', 'access_token', 'apiKey', 'client_secret', 'new_password', 'sessionId', 'X-Signature', 'password_hash', 'salt', 'password_salt'];
  const plain = ['token_id', 'tokens', 'keys', 'market', 'balance', 'content-type', 'author', 'tx_hash', 'hash', 'salty_name'];

  it('names a secret by its last word, ignoring case, - and _, and not a name that only contains one', () => {
    // Twice each: the second answer comes from what it remembers.
    for (let round = 0; round < 2; round++) {
      for (const name of secret) expect(isSecretName(name), name).toBe(true);
      for (const name of plain) expect(isSecretName(name), name).toBe(false);
    }
  });

  it('answers the same after more distinct names than it remembers', () => {
    for (let i = 0; i < 3000; i++) expect(isSecretName(i % 2 === 0 ? `field_${i}` : `field_${i}_token`)).toBe(i % 2 === 1);
    for (const name of secret) expect(isSecretName(name), name).toBe(true);
    for (const name of plain) expect(isSecretName(name), name).toBe(false);
  });
});
