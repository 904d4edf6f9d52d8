// What the target's answers said of each resource of the graph (spec/resource-graph.ts), read
// generically: every accepted answer's records as sightings (the fields each answer shows, where
// its key lives), and per record the first value shown of each field, its creation, its end and
// the listings that held it. Only the target's answers go in; the relation judge
// (checks/state/resource-relations.ts) compares each new answer's sightings with what is here.
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

/** What the answers said of one record. */
export interface Instance {
  id: string;
  resource: Resource;
  /** The first value shown of each field, normalised, with the sighting that showed it. */
  first: Map<string, { norm: string; value: unknown; by: Sighting }>;
  /** The accepted request that made it, if the stream holds it. */
  created: Sighting | undefined;
  /** The accepted request that ended it (a copy's stop). */
  ended: Sighting | undefined;
  /** The first sighting of each field at one of a terminal relation's values. */
  terminal: Map<string, Sighting>;
  /** The first listing of all of its scope that held it. */
  listed: Sighting | undefined;
  /** Its scope (where its key lives) and key. */
  scope: string;
  key: string;
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

function read(s: FieldSource, record: unknown, ex: Exchange, params: Readonly<Record<string, string>> | undefined): unknown {
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

/** Records kept at most: a proxy's stream runs for days; the oldest are forgotten first. */
const MOST = 200_000;

/** The resources some relation refers to (the only ones whose listed keys are kept). */
let referred: Set<string> | undefined;
const isReferred = (r: Resource): boolean => {
  referred ??= new Set(resourceGraph().relations.flatMap((rel) => (rel.kind === 'reference' ? [`${rel.iface}${SEP}${rel.to}`] : [])));
  return referred.has(`${r.iface}${SEP}${r.name}`);
};

export class ResourceFacts {
  readonly instances = new Map<string, Instance>();
  /**
   * A record found by one of its other keys (a user's e-mail): `resource SEP scope SEP field SEP
   * value` → its instance; null when two records were made with it (a target that lets two users
   * register one e-mail): it then finds neither.
   */
  private readonly alternates = new Map<string, Instance | null>();
  /** Per resource and scope, the keys every listing of it held (a reference resolves against them), and the latest listing, once one was seen. */
  private readonly listedKeys = new Map<string, { keys: Set<string>; last: Exchange }>();
  /** Per resource and scope, its records; per resource and key, its records in every scope. */
  private readonly byScope = new Map<string, Set<Instance>>();
  private readonly byKey = new Map<string, Set<Instance>>();
  /** A credential → the record it stands for (a login token's user, a key's account): who the caller is. */
  readonly principals = new Map<string, string>();
  private readonly cache = new WeakMap<Exchange, Sighting[]>();
  private readonly listingCache = new WeakMap<Exchange, Listing[]>();

  /** The scope id of `scope` for a record of `resource` in this exchange (parentKey: the parent's key, for a parent scope). */
  scopeId(resource: Resource, scope: Scope, ex: Exchange, parentId: string | undefined): string | undefined {
    if (scope.kind === 'interface') return `${resource.iface}`;
    if (scope.kind === 'caller') {
      const key = keyOf(ex);
      return key === undefined ? undefined : `${resource.iface}${SEP}${key}`;
    }
    return parentId;
  }

  /** The records of the graph an exchange shows (none unless it was accepted), read once per exchange. */
  sightingsOf(ex: Exchange): Sighting[] {
    const cached = this.cache.get(ex);
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
        const parentId = this.parentIdOf(resource, carrier, ex, params);
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
          const scope = this.scopeId(resource, resource.scope, ex, parentId);
          const key = this.keyOf(resource, values);
          out.push({ resource, carrier, ex, index, values, norms, compared, disagreements, scope, key, id: scope === undefined || key === undefined ? undefined : `${resource.iface}${SEP}${resource.name}${SEP}${scope}${SEP}${key}` });
        });
      }
    }
    this.cache.set(ex, out);
    return out;
  }

  /** The normalised key of a record of `resource` with these values; undefined when a key field is missing. */
  keyOf(resource: Resource, values: ReadonlyMap<string, unknown>): string | undefined {
    const parts: string[] = [];
    for (const f of resource.key) {
      const v = values.get(f);
      if (v === undefined || v === null) return undefined;
      parts.push(normalised(resource, f, v));
    }
    return parts.join(SEP);
  }

  /** The id of the parent record of a record that a carrier shows under a parent (a wallet's transactions: the wallet in the path). */
  private parentIdOf(resource: Resource, carrier: Carrier, ex: Exchange, params: Readonly<Record<string, string>> | undefined): string | undefined {
    if (resource.scope.kind !== 'parent' || !carrier.parent) return undefined;
    const parent = resourceGraph().resource(resource.iface, resource.scope.resource);
    const values = new Map(Object.entries(carrier.parent).map(([f, s]) => [f, read(s, undefined, ex, params)] as const));
    const scope = this.scopeId(parent, parent.scope, ex, undefined);
    const key = this.keyOf(parent, values);
    return scope === undefined || key === undefined ? undefined : `${parent.iface}${SEP}${parent.name}${SEP}${scope}${SEP}${key}`;
  }

  /** The id a record of `resource` with this key has in this exchange's scope (a reference's target, a derived field's source). */
  idIn(resource: Resource, key: string, ex: Exchange): string | undefined {
    const scope = this.scopeId(resource, resource.scope, ex, undefined);
    return scope === undefined ? undefined : `${resource.iface}${SEP}${resource.name}${SEP}${scope}${SEP}${key}`;
  }

  /**
   * Other records found by the sighting's other keys (a user's e-mail), with the field that found
   * each; none for a creation, which makes a new record (whether its other key may repeat is not
   * this relation's to say).
   */
  alternateOf(s: Sighting): { field: string; instance: Instance }[] {
    const out: { field: string; instance: Instance }[] = [];
    if (s.scope === undefined || s.carrier.role === 'creates') return out;
    for (const f of s.resource.alsoKey) {
      const v = s.values.get(f);
      const found = v === undefined ? undefined : this.alternates.get([s.resource.iface, s.resource.name, s.scope, f, normalised(s.resource, f, v)].join(SEP));
      if (found && found.id !== s.id) out.push({ field: f, instance: found });
    }
    return out;
  }

  /** The listings an exchange is (an accepted answer of a carrier that lists), each with the keys it holds; an empty one too. */
  listingsOf(ex: Exchange): Listing[] {
    const cached = this.listingCache.get(ex);
    if (cached) return cached;
    const out: Listing[] = [];
    if (ex.operationId !== null && accepted(ex)) {
      const sightings = this.sightingsOf(ex);
      for (const { resource, carrier } of resourceGraph().carriersOf(ex.iface, ex.operationId)) {
        if (carrier.role !== 'lists' && carrier.role !== 'lists-all') continue;
        const params = carrier.parent ? pathParamsAt(ex.iface, ex.method, new URL(ex.url).pathname) : undefined;
        const scope = this.scopeId(resource, resource.scope, ex, this.parentIdOf(resource, carrier, ex, params));
        if (scope === undefined) continue;
        const mine = sightings.filter((s) => s.carrier === carrier);
        out.push({ resource, carrier, ex, scope, keys: new Set(mine.flatMap((s) => (s.key === undefined ? [] : [s.key]))), sightings: mine });
      }
    }
    this.listingCache.set(ex, out);
    return out;
  }

  /** The keys the listings of a resource held in a scope (every listing seen so far) and the latest listing, or undefined when none was seen. */
  listed(resource: Resource, scope: string): { keys: ReadonlySet<string>; last: Exchange } | undefined {
    return this.listedKeys.get(`${resource.iface}${SEP}${resource.name}${SEP}${scope}`);
  }

  /** The records of a resource in one scope. */
  inScope(resource: Resource, scope: string): ReadonlySet<Instance> {
    return this.byScope.get(`${resource.iface}${SEP}${resource.name}${SEP}${scope}`) ?? new Set();
  }

  /** The records of a resource with this key, in every scope. */
  withKey(resource: Resource, key: string): ReadonlySet<Instance> {
    return this.byKey.get(`${resource.iface}${SEP}${resource.name}${SEP}${key}`) ?? new Set();
  }

  apply(ex: Exchange): void {
    for (const l of this.listingsOf(ex)) {
      if (!isReferred(l.resource)) continue;
      const k = `${l.resource.iface}${SEP}${l.resource.name}${SEP}${l.scope}`;
      const seen = this.listedKeys.get(k);
      if (seen) {
        for (const key of l.keys) seen.keys.add(key);
        seen.last = ex;
      } else this.listedKeys.set(k, { keys: new Set(l.keys), last: ex });
    }
    for (const s of this.sightingsOf(ex)) {
      if (s.id === undefined || s.scope === undefined || s.key === undefined) continue;
      let instance = this.instances.get(s.id);
      // A record ended (a stopped copy) and made again is a new one: what it was is forgotten.
      if (!instance || (instance.ended && s.carrier.role === 'creates')) {
        const old = instance;
        instance = { id: s.id, resource: s.resource, first: new Map(), created: undefined, ended: undefined, terminal: new Map(), listed: undefined, scope: s.scope, key: s.key };
        this.instances.set(s.id, instance);
        this.index(this.byScope, `${s.resource.iface}${SEP}${s.resource.name}${SEP}${s.scope}`, instance, old);
        this.index(this.byKey, `${s.resource.iface}${SEP}${s.resource.name}${SEP}${s.key}`, instance, old);
        if (this.instances.size > MOST) this.forgetOldest();
      }
      for (const [field, value] of s.values) if (!instance.first.has(field)) instance.first.set(field, { norm: s.norms.get(field) as string, value, by: s });
      if (s.carrier.role === 'creates') instance.created ??= s;
      if (s.carrier.role === 'ends') instance.ended ??= s;
      if (s.carrier.role === 'lists-all') instance.listed ??= s;
      for (const r of s.resource.relations) {
        if (r.kind !== 'terminal') continue;
        const v = s.values.get(r.fields[0] as string);
        if (typeof v === 'string' && r.values?.includes(v) && !instance.terminal.has(r.id)) instance.terminal.set(r.id, s);
      }
      for (const f of s.resource.alsoKey) {
        const v = s.values.get(f);
        if (v === undefined) continue;
        const k = [s.resource.iface, s.resource.name, s.scope, f, normalised(s.resource, f, v)].join(SEP);
        const had = this.alternates.get(k);
        if (had === undefined) this.alternates.set(k, instance);
        else if (had !== null && had !== instance && s.carrier.role === 'creates') this.alternates.set(k, null);
      }
      this.learnPrincipal(s);
    }
  }

  private forgetOldest(): void {
    const [id, oldest] = this.instances.entries().next().value as [string, Instance];
    this.instances.delete(id);
    this.byScope.get(`${oldest.resource.iface}${SEP}${oldest.resource.name}${SEP}${oldest.scope}`)?.delete(oldest);
    this.byKey.get(`${oldest.resource.iface}${SEP}${oldest.resource.name}${SEP}${oldest.key}`)?.delete(oldest);
  }

  private index(map: Map<string, Set<Instance>>, k: string, instance: Instance, replaced: Instance | undefined): void {
    let set = map.get(k);
    if (!set) map.set(k, (set = new Set()));
    if (replaced) set.delete(replaced);
    set.add(instance);
  }

  private learnPrincipal(s: Sighting): void {
    const by = s.carrier.identifiesCaller;
    if (by === undefined || s.key === undefined) return;
    const credential = by === 'caller' ? keyOf(s.ex) : read(by, undefined, s.ex, undefined);
    if (typeof credential === 'string' && credential !== '') this.principals.set(`${s.resource.iface}${SEP}${credential}`, `${s.resource.name}${SEP}${s.key}`);
  }

  /** Who a credential of an interface stands for, when an answer told (a login's user, a key's account). */
  principalOf(iface: string, credential: string | undefined): string | undefined {
    return credential === undefined ? undefined : this.principals.get(`${iface}${SEP}${credential}`);
  }
}

/** A key as messages show it (its parts joined by `/`). */
export const shownKey = (key: string): string => key.split(SEP).join('/');
