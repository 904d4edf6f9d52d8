import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fieldsNamed } from './dates.js';

/** The plain recursive walk, as the reference: every (path, value) whose key matches, in key order. */
function reference(value: unknown, match: (key: string) => boolean, at = 'body'): [string, unknown][] {
  const out: [string, unknown][] = [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push(...reference(v, match, `${at}[${i}]`)));
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (match(k)) out.push([`${at}.${k}`, v]);
      else out.push(...reference(v, match, `${at}.${k}`));
    }
  }
  return out;
}

describe('fieldsNamed', () => {
  it('finds every matching key with its path, in order, and does not walk into a match', () => {
    const body = { data: [{ created_at: 'a', inner: { updated_at: null, n: 1 } }, 2, { created_at: { at_at: 'x' } }], _at: 'top' };
    expect(fieldsNamed(body, (k) => k.endsWith('_at'))).toEqual([
      ['body.data[0].created_at', 'a'],
      ['body.data[0].inner.updated_at', null],
      ['body.data[2].created_at', { at_at: 'x' }],
      ['body._at', 'top'],
    ]);
  });

  it('answers as the plain recursive walk for any JSON', () => {
    const key = fc.constantFrom('a', 'b_at', 'created_at', '0', '__proto__', 'x');
    const json = fc.letrec((tie) => ({
      value: fc.oneof({ depthSize: 'small' }, fc.constant(null), fc.integer(), fc.string(), fc.boolean(), fc.array(tie('value'), { maxLength: 4 }), fc.dictionary(key, tie('value'), { maxKeys: 4 })),
    })).value;
    fc.assert(fc.property(json, (value) => {
      const match = (k: string) => k.endsWith('_at');
      expect(fieldsNamed(value, match)).toEqual(reference(value, match));
    }), { seed: 7, numRuns: 500 });
  });

  it('collects more matches than a call can spread', () => {
    const many = Array.from({ length: 200_000 }, (_, i) => ({ done_at: i }));
    expect(fieldsNamed({ data: many }, (k) => k.endsWith('_at'))).toHaveLength(200_000);
  });
});
