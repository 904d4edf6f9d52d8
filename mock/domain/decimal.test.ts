import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  absDec, dec, decFromNumberLiteral, decToJsonNumber, divDec, formatDec8, formatDecTrim, maxDec, minDec, mulDec, parseDec,
} from './decimal.js';

describe('parseDec', () => {
  it.each([
    ['0', 0n],
    ['1', 100_000_000n],
    ['10000', 1_000_000_000_000n],
    ['0.5', 50_000_000n],
    ['1.00000001', 100_000_001n],
    ['0.12345678', 12_345_678n],
    ['007.5', 750_000_000n],
  ])('accepts %j', (s, expected) => {
    expect(parseDec(s)).toBe(expected);
  });

  it.each(['', ' 1', '1 ', '+1', '-1', '-0', '.5', '1.', '1e5', '1E5', '1.123456789', '1,5', '0x10', 'NaN', 'Infinity', '١', '1_000'])(
    'rejects %j when unsigned',
    (s) => {
      expect(parseDec(s)).toBeNull();
    },
  );

  it('accepts one leading minus only when signed; -0 is 0', () => {
    expect(parseDec('-0.5', { signed: true })).toBe(-50_000_000n);
    expect(parseDec('-0', { signed: true })).toBe(0n);
    expect(parseDec('-0.00000000', { signed: true })).toBe(0n);
    expect(parseDec('--1', { signed: true })).toBeNull();
    expect(parseDec('-', { signed: true })).toBeNull();
    expect(parseDec('-.5', { signed: true })).toBeNull();
    expect(parseDec('+1', { signed: true })).toBeNull();
  });

  it('rejects absurdly long integer parts', () => {
    expect(parseDec('9'.repeat(30))).not.toBeNull();
    expect(parseDec('9'.repeat(31))).toBeNull();
  });

  it('dec() throws on a bad literal', () => {
    expect(dec('-1.5')).toBe(-150_000_000n);
    expect(() => dec('1.5.5')).toThrow(RangeError);
  });
});

describe('formatting', () => {
  it.each([
    [0n, '0.00000000', '0'],
    [1_000_000_000_000n, '10000.00000000', '10000'],
    [-50_000_000n, '-0.50000000', '-0.5'],
    [1n, '0.00000001', '0.00000001'],
    [-1n, '-0.00000001', '-0.00000001'],
    [1_200_000_000n, '12.00000000', '12'],
    [1_050_000_000n, '10.50000000', '10.5'],
    [10_000_000_000n, '100.00000000', '100'],
  ])('%s → %j / %j', (d, eight, trim) => {
    expect(formatDec8(d)).toBe(eight);
    expect(formatDecTrim(d)).toBe(trim);
  });
});

describe('decFromNumberLiteral', () => {
  it.each([
    [100, 10_000_000_000n],
    [0.1, 10_000_000n],
    [0.3, 30_000_000n],
    [-2.5, -250_000_000n],
    [0.00000001, null], // String gives "1e-8"
    [0.000001, 100n],
    [1e21, null],
    [0.123456789, null],
    [Number.NaN, null],
    [Number.POSITIVE_INFINITY, null],
    [-0, 0n],
  ])('%s → %s', (n, expected) => {
    expect(decFromNumberLiteral(n)).toBe(expected);
  });
});

describe('arithmetic', () => {
  it('mulDec rounds toward zero to 8 places', () => {
    expect(mulDec(dec('1.5'), dec('2'))).toBe(dec('3'));
    expect(mulDec(dec('0.00000001'), dec('0.5'))).toBe(0n);
    expect(mulDec(dec('0.00000003'), dec('0.5'))).toBe(1n); // 1.5e-8 → 1e-8
    expect(mulDec(dec('-0.00000003'), dec('0.5'))).toBe(-1n); // toward zero, not floor
    expect(mulDec(dec('43210.12345678'), dec('0.001'))).toBe(dec('43.21012345'));
  });

  it('divDec rounds toward zero and refuses zero', () => {
    expect(divDec(dec('1'), dec('3'))).toBe(dec('0.33333333'));
    expect(divDec(dec('2'), dec('3'))).toBe(dec('0.66666666'));
    expect(divDec(dec('-2'), dec('3'))).toBe(dec('-0.66666666'));
    expect(divDec(dec('100'), dec('40000'))).toBe(dec('0.0025'));
    expect(() => divDec(1n, 0n)).toThrow(RangeError);
  });

  it('min, max, abs, JSON number', () => {
    expect(minDec(1n, -2n)).toBe(-2n);
    expect(maxDec(1n, -2n)).toBe(1n);
    expect(absDec(-5n)).toBe(5n);
    expect(decToJsonNumber(dec('43210.5'))).toBe(43210.5);
    expect(decToJsonNumber(dec('-0.00000001'))).toBe(-1e-8);
    expect(decToJsonNumber(dec('0.1'))).toBe(0.1);
  });
});

describe('properties', () => {
  const anyDec = fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n });

  it('formatDec8 and formatDecTrim round-trip through parseDec', () => {
    fc.assert(
      fc.property(anyDec, (d) => {
        expect(parseDec(formatDec8(d), { signed: true })).toBe(d);
        expect(parseDec(formatDecTrim(d), { signed: true })).toBe(d);
        expect(formatDec8(d)).toMatch(/^-?\d+\.\d{8}$/);
      }),
    );
  });

  it('add and sub of parsed strings never lose a unit', () => {
    fc.assert(
      fc.property(anyDec, anyDec, (a, b) => {
        const sa = parseDec(formatDec8(a), { signed: true })!;
        const sb = parseDec(formatDec8(b), { signed: true })!;
        expect(sa + sb - sb).toBe(a);
        expect(parseDec(formatDec8(sa + sb), { signed: true })! - sa).toBe(b);
      }),
    );
  });

  it('decFromNumberLiteral agrees with parseDec on numbers printed without exponent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }), fc.integer({ min: 0, max: 8 }), (units, places) => {
        const n = units / 10 ** places;
        const s = String(n);
        fc.pre(!s.includes('e'));
        expect(decFromNumberLiteral(n)).toBe(parseDec(s, { signed: true }));
      }),
    );
  });
});
