// Exact money: a scaled bigint with 8 fraction digits, parsed from and formatted to the wire.
//
// Why bigint and not number: the trading seed (section 2, balance entry) types balances as a
// "decimal with 8 fractional digits", and a ledger that adds and subtracts floats drifts. Every
// amount inside the fake is a Dec; it becomes a string or a JSON number only at the edge.

/** An amount in units of 1e-8. `123_000_000n` is 1.23. */
export type Dec = bigint;

export const DEC_DIGITS = 8;
/** 1.00000000 as a Dec. */
export const DEC_ONE: Dec = 100_000_000n;
export const DEC_ZERO: Dec = 0n;

// Amounts longer than this are absurd for a trading fake; capping them keeps BigInt parsing of a
// 1 MiB digit string (allowed by the body limit) from becoming a cheap way to burn CPU.
const MAX_INTEGER_DIGITS = 30;

const UNSIGNED = /^(\d+)(?:\.(\d{1,8}))?$/;
const SIGNED = /^(-?)(\d+)(?:\.(\d{1,8}))?$/;

export interface ParseDecOptions {
  /** Allow one leading '-'. "-0" and "-0.0" parse to 0 (a bigint has no negative zero). */
  signed?: boolean;
}

const NO_OPTIONS: ParseDecOptions = {};

/**
 * Parses a decimal string strictly: digits, optionally '.' and 1 to 8 fraction digits.
 * Rejects (returns null) exponents, spaces, '+', '', '.5', '1.', more than 8 fraction digits, and
 * '-' unless `signed` is set. Leading zeros ("007") are accepted: they are unambiguous.
 */
export function parseDec(s: string, options: ParseDecOptions = NO_OPTIONS): Dec | null {
  const signed = options.signed === true;
  const m = (signed ? SIGNED : UNSIGNED).exec(s);
  if (m === null) return null;
  const intPart = signed ? m[2] : m[1];
  const fracPart = signed ? m[3] : m[2];
  if (intPart === undefined || intPart.length > MAX_INTEGER_DIGITS) return null;
  // One BigInt of every digit, the fraction padded to 8: the scaled value itself (every order
  // parses its amount; two BigInts, a product and a sum cost more).
  const magnitude = BigInt(intPart + (fracPart ?? '').padEnd(DEC_DIGITS, '0'));
  return signed && m[1] === '-' ? -magnitude : magnitude;
}

/** Like parseDec, for literals in code and fixtures: throws instead of returning null. */
export function dec(s: string): Dec {
  const d = parseDec(s, { signed: true });
  if (d === null) throw new RangeError(`not a decimal literal: ${JSON.stringify(s)}`);
  return d;
}

/** Always exactly 8 fraction digits: "10000.00000000", "-0.50000000" (seed trading §2 balance format, seed wallet §2). */
export function formatDec8(d: Dec): string {
  const negative = d < 0n;
  // The digits of the scaled value, at least 9 of them, split before the last 8: one conversion
  // and no bigint division (every answered order formats several amounts).
  const digits = (negative ? -d : d).toString().padStart(DEC_DIGITS + 1, '0');
  const point = digits.length - DEC_DIGITS;
  return `${negative ? '-' : ''}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** The fewest digits that say the same amount: "0.5", "12", "-3.25". */
export function formatDecTrim(d: Dec): string {
  const full = formatDec8(d);
  return full.replace(/\.?0+$/, '');
}

/**
 * Converts a JSON number sent by a client (copy_amount is a number per seed trading §4)
 * through its shortest round-trip string, so 0.1 becomes exactly 0.1 and not the binary float
 * 0.1000000000000000055…. Returns null for NaN, ±Infinity, exponent forms (String(1e21) is
 * "1e+21", String(1e-7) is "1e-7") and more than 8 fraction digits.
 */
export function decFromNumberLiteral(n: number): Dec | null {
  if (!Number.isFinite(n)) return null;
  const s = String(n);
  if (/e/i.test(s)) return null;
  return parseDec(s, { signed: true });
}

/** a × b, rounded toward zero to 8 fraction digits (BigInt division truncates). */
export function mulDec(a: Dec, b: Dec): Dec {
  return (a * b) / DEC_ONE;
}

/** a ÷ b, rounded toward zero to 8 fraction digits. Throws RangeError when b is 0. */
export function divDec(a: Dec, b: Dec): Dec {
  if (b === 0n) throw new RangeError('divDec: division by zero');
  return (a * DEC_ONE) / b;
}

/**
 * Wire form for fields the seeds type as a JSON number (price_usd, change_24h, the wallet
 * prices map). Exact as long as the amount has at most 15 significant digits; beyond that the
 * double nearest to the decimal is sent, which is what any JSON producer would do.
 */
export function decToJsonNumber(d: Dec): number {
  return Number(formatDecTrim(d));
}

export function minDec(a: Dec, b: Dec): Dec {
  return a < b ? a : b;
}

export function maxDec(a: Dec, b: Dec): Dec {
  return a > b ? a : b;
}

export function absDec(d: Dec): Dec {
  return d < 0n ? -d : d;
}
