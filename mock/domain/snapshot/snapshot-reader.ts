// Strict readers for snapshot JSON: each checks one value and names where it failed, so that an
// invalid snapshot is refused with a message such as `trading.orders[3].amount: expected …`.

import { bytesToHex, hexToBytes } from '@noble/hashes/utils.js';
import { formatDec8, parseDec, type Dec } from '../decimal.js';

/** A snapshot that cannot be imported; `path` locates the offending value. */
export class SnapshotError extends Error {
  override readonly name = 'SnapshotError';
  constructor(
    readonly path: string,
    problem: string,
  ) {
    super(`${path}: ${problem}`);
  }
}

export function fail(path: string, problem: string): never {
  throw new SnapshotError(path, problem);
}

const describe = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v);

/**
 * An object with only the keys listed: a key the format does not have is refused, naming it, rather
 * than dropped (a typo such as `balnce` would otherwise lose data silently). `at` locates a key
 * (default `path.`).
 */
export function obj(v: unknown, path: string, keys: readonly string[], at?: string): Record<string, unknown> {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) fail(path, `expected an object, got ${describe(v)}`);
  const known = keySet(keys);
  for (const key of Object.keys(v)) {
    if (!known.has(key)) fail(`${at ?? `${path}.`}${key.length > 64 ? `${key.slice(0, 64)}…` : key}`, `unknown key (expected ${keys.join(', ')})`);
  }
  return v as Record<string, unknown>;
}

// A record's keys looked up in a set made once per list: an import checks every key of 200,000
// orders (a list's includes() per key, and the default `at` string per record, were a measurable
// part of the time an import holds other requests up).
const keySets = new WeakMap<readonly string[], ReadonlySet<string>>();
function keySet(keys: readonly string[]): ReadonlySet<string> {
  let known = keySets.get(keys);
  if (known === undefined) {
    known = new Set(keys);
    keySets.set(keys, known);
  }
  return known;
}

/** The keys of a snapshot type, as obj() takes them; the compiler checks that none is missing or extra. */
export const keysOf = <T>(keys: Record<keyof T, true>): string[] => Object.keys(keys);

/** A reader of an object with these keys, for field(). */
export const objectOf =
  (keys: readonly string[]) =>
  (v: unknown, path: string): Record<string, unknown> =>
    obj(v, path, keys);

export function arr(v: unknown, path: string): unknown[] {
  if (!Array.isArray(v)) fail(path, `expected an array, got ${describe(v)}`);
  return v;
}

export function int(v: unknown, path: string, min = 0, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < min || v > max) fail(path, `expected an integer from ${min} to ${max}`);
  return v;
}

/** Epoch milliseconds, from 1970 to year 9999. */
export function ms(v: unknown, path: string): number {
  return int(v, path, 0, 253_402_300_799_999);
}

export function str(v: unknown, path: string, pattern?: RegExp): string {
  if (typeof v !== 'string') fail(path, `expected a string, got ${describe(v)}`);
  if (pattern !== undefined && !pattern.test(v)) fail(path, `${JSON.stringify(v.slice(0, 64))} does not match ${pattern}`);
  return v;
}

export function bool(v: unknown, path: string): boolean {
  if (typeof v !== 'boolean') fail(path, `expected true or false, got ${describe(v)}`);
  return v;
}

export function oneOf<const T extends string>(v: unknown, path: string, values: readonly T[]): T {
  if (typeof v !== 'string' || !(values as readonly string[]).includes(v)) fail(path, `expected one of ${values.join(', ')}`);
  return v as T;
}

export function nullable<T>(v: unknown, path: string, read: (v: unknown, path: string) => T): T | null {
  return v === null ? null : read(v, path);
}

/** A decimal string with at most 8 fraction digits (money); unsigned unless asked. */
export function money(v: unknown, path: string, signed = false): Dec {
  const d = typeof v === 'string' ? parseDec(v, { signed }) : null;
  if (d === null) fail(path, `expected a ${signed ? '' : 'non-negative '}decimal string with at most 8 fraction digits`);
  return d;
}

/** A signed integer of any size as a decimal string (exact accumulators). */
export function bigIntText(v: unknown, path: string): bigint {
  if (typeof v !== 'string' || !/^-?\d{1,60}$/.test(v)) fail(path, 'expected an integer as a decimal string');
  return BigInt(v);
}

export function hexBytes(v: unknown, path: string, length: number): Uint8Array {
  const text = str(v, path);
  if (!/^[0-9a-f]*$/.test(text) || text.length !== length * 2) fail(path, `expected ${length} bytes as ${length * 2} lower-case hex digits`);
  return hexToBytes(text);
}

/** Field `name` of a record, read with `read` and located as `path.name`. */
export function field<T>(record: Record<string, unknown>, path: string, name: string, read: (v: unknown, path: string) => T): T {
  return read(record[name], `${path}.${name}`);
}

// Writers: the inverse of the readers, for export.
export const moneyText = formatDec8;
export const moneyOrNull = (d: Dec | null): string | null => (d === null ? null : formatDec8(d));
export const hexText = (bytes: Uint8Array): string => bytesToHex(bytes);
