import { describe, expect, it } from 'vitest';
import { Secrets } from '../../conformance/report/secrets.js';

/** A distinct key per client, as a proxy in front of many clients learns them: `key-000001`, … */
const keyOf = (i: number): string => `key-${String(i).padStart(6, '0')}`;

function secretsWith(count: number): Secrets {
  const secrets = new Secrets(false);
  for (let i = 1; i <= count; i++) secrets.add(keyOf(i), 'DOPPEL_TRADING_KEY', 'API-KEY seen in the traffic');
  return secrets;
}

describe('masking with many secrets seen', () => {
  // An exchange as the proxy masks it: the key of its client, keyless text, a near miss.
  const text = JSON.stringify({ headers: { 'api-key': keyOf(1) }, body: 'key-9 is no key; keys are long', list: Array.from({ length: 50 }, (_, i) => ({ id: i, symbol: 'BTCUSDT', price: '42000.5' })) });

  it('does the same work whether 1 or 100,000 secrets were seen (no step per secret)', () => {
    const one = secretsWith(1);
    const many = secretsWith(100_000);
    const before = [one.matcher.steps, many.matcher.steps];
    const maskedOne = one.mask(text);
    const maskedMany = many.mask(text);
    expect(maskedMany).toBe(maskedOne);
    expect(maskedOne).toContain('"api-key":"$DOPPEL_TRADING_KEY"');
    const stepsOne = one.matcher.steps - (before[0] as number);
    const stepsMany = many.matcher.steps - (before[1] as number);
    expect(stepsOne).toBeGreaterThanOrEqual(text.length);
    // The near miss `key-9` walks a few characters further among 100,000 keys: a bounded surplus, not a factor of the count.
    expect(stepsMany).toBeLessThan(stepsOne + 4 * 'key-000000'.length);
  });

  it('replaces the longest secret that starts at a place, leftmost first, in one pass', () => {
    const secrets = new Secrets(false);
    secrets.add('abcd', 'DOPPEL_A', 'a');
    secrets.add('abcdef', 'DOPPEL_B', 'b');
    secrets.add('cdefgh', 'DOPPEL_C', 'c');
    secrets.add('WALLET', 'DOPPEL_D', 'a secret that is a part of a mask is not masked inside the mask');
    expect(secrets.mask('abcdefgh abcd abcdx cdefgh WALLET')).toBe('$DOPPEL_Bgh $DOPPEL_A $DOPPEL_Ax $DOPPEL_C $DOPPEL_D');
    expect(secrets.mask('$DOPPEL_A')).toBe('$DOPPEL_A');
    // A secret learned later splits a path of the trie that an earlier one made.
    secrets.add('abXY', 'DOPPEL_E', 'e');
    expect(secrets.mask('abXY abcd ab')).toBe('$DOPPEL_E $DOPPEL_A ab');
  });
});
