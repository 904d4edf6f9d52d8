// Two answers to one request compared as the interface reads them: status, Content-Type and
// Retry-After, the envelope, then each field: its JSON type; a decimal's scale (decimals are
// strings with a fixed number of digits, trading §2, wallet §2) and value; a date's format and
// value; a listing's membership and order, its records matched by the resource's key; identifiers
// the target mints paired (identifier-map.ts), not compared. Moving values (numbers, times) within
// the tolerance are noise.
import type { Exchange } from '../conformance/index.js';
import type { InterfaceName } from '../spec/index.js';
import { identifierNamespace, listingAt, recordAt, type RecordRole } from './field-roles.js';
import type { IdentifierMap } from './identifier-map.js';
import type { DifferenceKind } from './types.js';

export interface Tolerance {
  /** Relative: |a − b| ≤ relative × max(|a|, |b|) is noise. */
  relative: number;
  /** Seconds two times may be apart and be noise. */
  seconds: number;
}

export interface FieldDifference {
  kind: DifferenceKind;
  at: string;
  primary: string;
  candidate: string;
  /** A moving value within the tolerance. */
  noise?: boolean | undefined;
  /** How far a moving value moved: relative for numbers, seconds for times (what a secondary's noise is learned as). */
  moved?: Moved | undefined;
}

export interface Moved {
  unit: 'relative' | 'seconds';
  by: number;
}

const SHOWN = 120;
const shown = (v: unknown): string => {
  const text = v === undefined ? '(absent)' : typeof v === 'string' ? v : JSON.stringify(v);
  return text.length > SHOWN ? `${text.slice(0, SHOWN)}…` : text;
};
const pointer = (path: readonly string[]): string => path.map((p) => `/${p.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

const DECIMAL = /^-?\d+(?:\.(\d+))?$/;
const DATE = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/;
const mediaType = (v: string | undefined): string => (v ?? '').split(';')[0]!.trim().toLowerCase();
const typeOf = (v: unknown): string => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);
const relativeMove = (a: number, b: number): Moved => ({ unit: 'relative', by: Math.abs(a - b) / Math.max(Math.abs(a), Math.abs(b)) });
const timeOf = (text: string): number => Date.parse(/[zZ]|[+-]\d{2}:?\d{2}$/.test(text) ? text.replace(' ', 'T') : `${text.replace(' ', 'T')}Z`);

export function compareAnswers(iface: InterfaceName, p: Exchange, c: Exchange, ids: IdentifierMap, tolerance: Tolerance): FieldDifference[] {
  const out: FieldDifference[] = [];
  const add = (kind: DifferenceKind, at: string, a: unknown, b: unknown, noise?: boolean, moved?: Moved) => out.push({ kind, at, primary: shown(a), candidate: shown(b), ...(noise ? { noise } : {}), ...(moved ? { moved } : {}) });
  // A value that cannot be measured (a date Date.parse refuses, digits past a double's range) is a plain value difference.
  const moving = (at: string, a: unknown, b: unknown, moved: Moved) => (Number.isFinite(moved.by) ? add('value', at, a, b, moved.by <= (moved.unit === 'relative' ? tolerance.relative : tolerance.seconds), moved) : add('value', at, a, b));
  if (p.status !== c.status) add('status', '', p.status, c.status);
  if (mediaType(p.responseHeaders['content-type']) !== mediaType(c.responseHeaders['content-type'])) add('content-type', 'header content-type', p.responseHeaders['content-type'], c.responseHeaders['content-type']);
  const [ra, rb] = [p.responseHeaders['retry-after'], c.responseHeaders['retry-after']];
  if ((ra === undefined) !== (rb === undefined)) add('retry-after', 'header retry-after', ra, rb);
  else if (ra !== undefined && rb !== undefined && Math.abs(Number(ra) - Number(rb)) > tolerance.seconds) add('retry-after', 'header retry-after', ra, rb, false, { unit: 'seconds', by: Math.abs(Number(ra) - Number(rb)) });
  // A different status is one difference: the bodies of a success and an error differ throughout.
  if (p.status !== c.status) return out;
  if (p.json === undefined || c.json === undefined) {
    if (p.bodyText !== c.bodyText) add('value', '', p.bodyText, c.bodyText);
    return out;
  }
  const op = p.operationId;

  function leaf(path: string[], a: unknown, b: unknown): void {
    const at = pointer(path);
    if (typeof a === 'string' && typeof b === 'string') {
      const [da, db] = [DECIMAL.exec(a), DECIMAL.exec(b)];
      if (da && db) {
        if ((da[1] ?? '').length !== (db[1] ?? '').length) return void add('scale', at, a, b);
        if (Number(a) !== Number(b)) moving(at, a, b, relativeMove(Number(a), Number(b)));
        return;
      }
      if (DATE.test(a) && DATE.test(b)) {
        if (a.replace(/\d/g, '9') !== b.replace(/\d/g, '9')) return void add('date-format', at, a, b);
        if (a !== b) moving(at, a, b, { unit: 'seconds', by: Math.abs(timeOf(a) - timeOf(b)) / 1000 });
        return;
      }
    }
    if (typeof a === 'number' && typeof b === 'number') {
      if (a !== b) moving(at, a, b, relativeMove(a, b));
      return;
    }
    if (a !== b) add('value', at, a, b);
  }

  function field(path: string[], role: RecordRole | undefined, name: string, a: unknown, b: unknown): void {
    const namespace = identifierNamespace(iface, role, name);
    const primitive = (v: unknown) => typeof v === 'string' || typeof v === 'number';
    if (namespace && primitive(a) && primitive(b)) {
      if (ids.pair(namespace, String(a), String(b)) === 'conflict') add('identity', pointer([...path, name]), `${shown(a)} (paired with ${ids.get(namespace, String(a)) ?? 'another'})`, b);
      return;
    }
    walk([...path, name], a, b);
  }

  function listing(path: string[], a: unknown[], b: unknown[], role: RecordRole): void {
    const { resource } = role;
    const keyOf = (record: unknown, translate: boolean): string | undefined => {
      if (record === null || typeof record !== 'object') return undefined;
      const parts: string[] = [];
      for (const name of resource.key) {
        let value = String((record as Record<string, unknown>)[name]);
        const namespace = identifierNamespace(iface, role, name);
        if (namespace && translate) {
          const to = ids.get(namespace, value);
          if (to === undefined) return undefined;
          value = to;
        }
        parts.push(resource.compare[name] === 'caseless' ? value.toLowerCase() : value);
      }
      return parts.join(' ');
    };
    const candidateKeys = b.map((r) => keyOf(r, false));
    const matched = new Map<number, number>();
    const used = new Set<number>();
    a.forEach((r, i) => {
      const key = keyOf(r, true);
      const j = key === undefined ? -1 : candidateKeys.findIndex((k, n) => k === key && !used.has(n));
      if (j >= 0) {
        matched.set(i, j);
        used.add(j);
      }
    });
    // Records whose minted key is not paired yet (created since): paired in the listing's order.
    const freshKey = (r: unknown, translate: boolean) => resource.key.some((name) => {
      const namespace = identifierNamespace(iface, role, name);
      const v = String((r as Record<string, unknown> | null)?.[name]);
      return namespace !== undefined && (translate ? ids.get(namespace, v) === undefined : !ids.taken(namespace, v));
    });
    const freshA = a.map((_, i) => i).filter((i) => !matched.has(i) && freshKey(a[i], true));
    const freshB = b.map((_, j) => j).filter((j) => !used.has(j) && freshKey(b[j], false));
    freshA.forEach((i, n) => {
      const j = freshB[n];
      if (j === undefined) return;
      matched.set(i, j);
      used.add(j);
    });
    const at = pointer(path);
    a.forEach((r, i) => {
      if (!matched.has(i)) add('membership', at, r, 'not listed');
    });
    b.forEach((r, j) => {
      if (!used.has(j)) add('membership', at, 'not listed', r);
    });
    const order = [...matched.entries()].sort((x, y) => x[0] - y[0]).map(([, j]) => j);
    if (order.some((j, n) => n > 0 && j < (order[n - 1] as number))) add('order', at, [...matched.keys()].sort((x, y) => x - y).map((i) => keyOf(a[i], false)).join(', '), [...order].sort((x, y) => x - y).map((j) => candidateKeys[j]).join(', '));
    for (const [i, j] of matched) walk([...path, String(i)], a[i], b[j]);
  }

  function walk(path: string[], a: unknown, b: unknown): void {
    const [ta, tb] = [typeOf(a), typeOf(b)];
    if (ta !== tb) return void add(path.length <= 1 ? 'envelope' : 'type', pointer(path), a, b);
    if (ta === 'array') {
      const role = listingAt(iface, op, path) ? recordAt(iface, op, [...path, '*']) : undefined;
      if (role) return listing(path, a as unknown[], b as unknown[], role);
      const [xa, xb] = [a as unknown[], b as unknown[]];
      if (xa.length !== xb.length) add('membership', pointer(path), `${xa.length} elements`, `${xb.length} elements`);
      for (let i = 0; i < Math.min(xa.length, xb.length); i++) walk([...path, String(i)], xa[i], xb[i]);
      return;
    }
    if (ta === 'object') {
      const [oa, ob] = [a as Record<string, unknown>, b as Record<string, unknown>];
      const role = recordAt(iface, op, path);
      for (const name of new Set([...Object.keys(oa), ...Object.keys(ob)])) {
        if (!(name in ob) || !(name in oa)) add(path.length === 0 ? 'envelope' : 'field', pointer([...path, name]), oa[name], ob[name]);
        else field(path, role, name, oa[name], ob[name]);
      }
      return;
    }
    leaf(path, a, b);
  }

  walk([], p.json, c.json);
  return out;
}
