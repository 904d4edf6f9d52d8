// What one accepted answer shows of the resource graph (spec/resource-graph.ts), read generically
// and once per exchange: its records as sightings (each field's value, from the record or from the
// request that asked for it; where its key lives; its key) and the listings it is (an empty one
// too). Only reading: what the stream said over time is resource-facts.ts'.
import { pathParamsAt, resourceGraph, type Carrier, type FieldSource, type Resource, type Scope } from '../../spec/index.js';
import { toUnits } from '../exchange/decimal.js';
import { keyOf, requestBodyOf } from '../exchange/exchange-readers.js';
import type { Exchange } from '../types.js';
import { accepted } from './exchange-facts.js';

/** One record of a resource as one answer showed it. */
export interface Sighting {
  resource: Resource;
  carrier: Carrier;
  ex: Exchange;
  /** Its position among the records the carrier holds in this answer. */
  index: number;
  /** Each field's value (the first source that gives one), and normalised as its resource compares it. */
  values: ReadonlyMap<string, unknown>;
  norms: ReadonlyMap<string, string>;
  /** Fields read from two or more sources in this answer (the record and the request that asked for it). */
  compared: readonly string[];
  /** Those whose sources disagree, with each reading. */
  disagreements: readonly { field: string; readings: readonly { source: string; value: unknown }[] }[];
  /** Where its key lives (an id of the scope), or undefined when the answer does not tell (no credential). */
  scope: string | undefined;
  /** Its key, normalised; undefined when a key field is missing. */
  key: string | undefined;
  /** The record's id in the facts: its scope and key. */
  id: string | undefined;
}

/** One answer that lists a resource (also when it lists none): its scope, the keys it holds and its records. */
export interface Listing {
  resource: Resource;
  carrier: Carrier;
  ex: Exchange;
  scope: string;
  keys: ReadonlySet<string>;
  sightings: readonly Sighting[];
}

const SEP = '\u0000';

/** A value as the resource compares it: case aside, as a decimal number, or as given (an integer and its decimal text alike). */
export function normalised(resource: Resource, field: string, value: unknown): string {
  const how = resource.compare[field] ?? 'exact';
  if (how === 'caseless' && typeof value === 'string') return value.toUpperCase();
  if (how === 'decimal') {
    const units = toUnits(value);
    if (units !== undefined) return `${units}`;
  }
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && /^(0|[1-9][0-9]{0,15})$/.test(value)) return value;
  return JSON.stringify(value) ?? 'undefined';
}

/** The records at a carrier's place in an answer: `*` takes every element of an array or value of an object. */
function at(node: unknown, segments: readonly string[], out: unknown[]): void {
  if (segments.length === 0) {
    out.push(node);
    return;
  }
  const [head, ...rest] = segments as [string, ...string[]];
  if (head === '*') {
    if (Array.isArray(node)) for (const item of node) at(item, rest, out);
    else if (node && typeof node === 'object') for (const v of Object.values(node)) at(v, rest, out);
    return;
  }
  if (node && typeof node === 'object' && !Array.isArray(node) && Object.hasOwn(node, head)) at((node as Record<string, unknown>)[head], rest, out);
}

const describe = (s: FieldSource): string => (s.from === 'record' ? s.name : s.from === 'answer' ? `/${s.pointer.join('/')}` : s.from === 'const' ? 'what the operation implies' : `${s.from}/${s.name}`);

export function read(s: FieldSource, record: unknown, ex: Exchange, params: Readonly<Record<string, string>> | undefined): unknown {
  switch (s.from) {
    case 'record':
      return record && typeof record === 'object' && !Array.isArray(record) ? (record as Record<string, unknown>)[s.name] : undefined;
    case 'answer': {
      const found: unknown[] = [];
      at(ex.json, s.pointer, found);
      return found[0];
    }
    case 'request': {
      const body = requestBodyOf(ex);
      return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>)[s.name] : undefined;
    }
    case 'path':
      return params?.[s.name];
    case 'const':
      return s.value;
  }
}

/** The fields a resource's relations and keys read. */
function fieldsOf(resource: Resource): string[] {
  const out = new Set([...resource.key, ...resource.alsoKey]);
  for (const r of resource.relations) for (const f of r.fields) out.add(f);
  for (const c of resource.carriers) for (const f of Object.keys(c.fields)) out.add(f);
  return [...out];
}

const FIELDS = new WeakMap<Resource, string[]>();
const cache = new WeakMap<Exchange, Sighting[]>();
const listingCache = new WeakMap<Exchange, Listing[]>();

/** The scope id of `scope` for a record of `resource` in this exchange (parentKey: the parent's key, for a parent scope). */
export function scopeId(resource: Resource, scope: Scope, ex: Exchange, parentId: string | undefined): string | undefined {
  if (scope.kind === 'interface') return `${resource.iface}`;
  if (scope.kind === 'caller') {
    const key = keyOf(ex);
    return key === undefined ? undefined : `${resource.iface}${SEP}${key}`;
  }
  return parentId;
}
/** The records of the graph an exchange shows (none unless it was accepted), read once per exchange. */
export function sightingsOf(ex: Exchange): Sighting[] {
  const cached = cache.get(ex);
  if (cached) return cached;
  const out: Sighting[] = [];
  if (ex.operationId !== null && accepted(ex)) {
    const graph = resourceGraph();
    const carriers = graph.carriersOf(ex.iface, ex.operationId);
    const params = carriers.some(({ carrier }) => carrier.parent || Object.values(carrier.fields).some((s) => s.some((x) => x.from === 'path'))) ? pathParamsAt(ex.iface, ex.method, new URL(ex.url).pathname) : undefined;
    for (const { resource, carrier } of carriers) {
      const records: unknown[] = [];
      at(ex.json, carrier.at, records);
      let fields = FIELDS.get(resource);
      if (!fields) FIELDS.set(resource, (fields = fieldsOf(resource)));
      const parentId = parentIdOf(resource, carrier, ex, params);
      records.forEach((record, index) => {
        if (!record || typeof record !== 'object' || Array.isArray(record)) return;
        const values = new Map<string, unknown>();
        const norms = new Map<string, string>();
        const compared: string[] = [];
        const disagreements: Sighting['disagreements'][number][] = [];
        for (const field of fields as string[]) {
          const sources = carrier.fields[field] ?? [{ from: 'record', name: field } as FieldSource];
          const all = sources.map((s) => ({ source: describe(s), value: read(s, record, ex, params) })).filter((r) => r.value !== undefined);
          if (all.length === 0) continue;
          values.set(field, all[0]?.value);
          norms.set(field, normalised(resource, field, all[0]?.value));
          // Between the sources of one answer, null says the field does not apply (a market order's
          // price, which the request may still carry: decision trading.required-fields).
          const readings = all.filter((r) => r.value !== null);
          if (readings.length < 2) continue;
          compared.push(field);
          if (new Set(readings.map((r) => normalised(resource, field, r.value))).size > 1) disagreements.push({ field, readings });
        }
        const scope = scopeId(resource, resource.scope, ex, parentId);
        const key = recordKey(resource, values);
        out.push({ resource, carrier, ex, index, values, norms, compared, disagreements, scope, key, id: scope === undefined || key === undefined ? undefined : `${resource.iface}${SEP}${resource.name}${SEP}${scope}${SEP}${key}` });
      });
    }
  }
  cache.set(ex, out);
  return out;
}
/** The normalised key of a record of `resource` with these values; undefined when a key field is missing. */
export function recordKey(resource: Resource, values: ReadonlyMap<string, unknown>): string | undefined {
  const parts: string[] = [];
  for (const f of resource.key) {
    const v = values.get(f);
    if (v === undefined || v === null) return undefined;
    parts.push(normalised(resource, f, v));
  }
  return parts.join(SEP);
}
/** The id of the parent record of a record that a carrier shows under a parent (a wallet's transactions: the wallet in the path). */
function parentIdOf(resource: Resource, carrier: Carrier, ex: Exchange, params: Readonly<Record<string, string>> | undefined): string | undefined {
  if (resource.scope.kind !== 'parent' || !carrier.parent) return undefined;
  const parent = resourceGraph().resource(resource.iface, resource.scope.resource);
  const values = new Map(Object.entries(carrier.parent).map(([f, s]) => [f, read(s, undefined, ex, params)] as const));
  const scope = scopeId(parent, parent.scope, ex, undefined);
  const key = recordKey(parent, values);
  return scope === undefined || key === undefined ? undefined : `${parent.iface}${SEP}${parent.name}${SEP}${scope}${SEP}${key}`;
}
/** The id a record of `resource` with this key has in this exchange's scope (a reference's target, a derived field's source). */
export function idIn(resource: Resource, key: string, ex: Exchange): string | undefined {
  const scope = scopeId(resource, resource.scope, ex, undefined);
  return scope === undefined ? undefined : `${resource.iface}${SEP}${resource.name}${SEP}${scope}${SEP}${key}`;
}
/** The listings an exchange is (an accepted answer of a carrier that lists), each with the keys it holds; an empty one too. */
export function listingsOf(ex: Exchange): Listing[] {
  const cached = listingCache.get(ex);
  if (cached) return cached;
  const out: Listing[] = [];
  if (ex.operationId !== null && accepted(ex)) {
    const sightings = sightingsOf(ex);
    for (const { resource, carrier } of resourceGraph().carriersOf(ex.iface, ex.operationId)) {
      if (carrier.role !== 'lists' && carrier.role !== 'lists-all') continue;
      const params = carrier.parent ? pathParamsAt(ex.iface, ex.method, new URL(ex.url).pathname) : undefined;
      const scope = scopeId(resource, resource.scope, ex, parentIdOf(resource, carrier, ex, params));
      if (scope === undefined) continue;
      const mine = sightings.filter((s) => s.carrier === carrier);
      out.push({ resource, carrier, ex, scope, keys: new Set(mine.flatMap((s) => (s.key === undefined ? [] : [s.key]))), sightings: mine });
    }
  }
  listingCache.set(ex, out);
  return out;
}
/** A key as messages show it (its parts joined by `/`). */
export const shownKey = (key: string): string => key.split(SEP).join('/');
