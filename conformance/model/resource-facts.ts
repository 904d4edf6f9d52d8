// What the target's answers said of each resource of the graph (spec/resource-graph.ts) over a
// stream: per record the first value shown of each field, its creation, its end and the listings
// that held it; which keys each listing of a referred resource held; who each credential stands
// for. Only the target's answers go in (their sightings, sightings.ts); the relation judge
// (checks/state/resource-relations.ts) compares each new answer's sightings with what is here.
import { resourceGraph, type Resource } from '../../spec/index.js';
import { keyOf } from '../exchange/exchange-readers.js';
import type { Exchange } from '../types.js';
import { listingsOf, normalised, read, sightingsOf, type Sighting } from './sightings.js';

const SEP = '\u0000';

/** A map key for one resource and a scope, key or other part. */
const slot = (r: Pick<Resource, 'iface' | 'name'>, ...parts: string[]): string => [r.iface, r.name, ...parts].join(SEP);

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

/** Records kept at most: a proxy's stream runs for days; the oldest are forgotten first. */
const MOST = 200_000;

/** The resources some relation refers to (the only ones whose listed keys are kept). */
let referred: Set<string> | undefined;
const isReferred = (r: Resource): boolean => {
  referred ??= new Set(resourceGraph().relations.flatMap((rel) => (rel.kind === 'reference' ? [slot({ iface: rel.iface, name: rel.to as string })] : [])));
  return referred.has(slot(r));
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
      const found = v === undefined ? undefined : this.alternates.get(slot(s.resource, s.scope, f, normalised(s.resource, f, v)));
      if (found && found.id !== s.id) out.push({ field: f, instance: found });
    }
    return out;
  }

  /** The keys the listings of a resource held in a scope (every listing seen so far) and the latest listing, or undefined when none was seen. */
  listed(resource: Resource, scope: string): { keys: ReadonlySet<string>; last: Exchange } | undefined {
    return this.listedKeys.get(slot(resource, scope));
  }

  /** The records of a resource in one scope. */
  inScope(resource: Resource, scope: string): ReadonlySet<Instance> {
    return this.byScope.get(slot(resource, scope)) ?? new Set();
  }

  /** The records of a resource with this key, in every scope. */
  withKey(resource: Resource, key: string): ReadonlySet<Instance> {
    return this.byKey.get(slot(resource, key)) ?? new Set();
  }

  apply(ex: Exchange): void {
    for (const l of listingsOf(ex)) {
      if (!isReferred(l.resource)) continue;
      const k = slot(l.resource, l.scope);
      const seen = this.listedKeys.get(k);
      if (seen) {
        for (const key of l.keys) seen.keys.add(key);
        seen.last = ex;
      } else this.listedKeys.set(k, { keys: new Set(l.keys), last: ex });
    }
    for (const s of sightingsOf(ex)) {
      if (s.id === undefined || s.scope === undefined || s.key === undefined) continue;
      let instance = this.instances.get(s.id);
      // A record ended (a stopped copy) and made again is a new one: what it was is forgotten.
      if (!instance || (instance.ended && s.carrier.role === 'creates')) {
        const old = instance;
        instance = { id: s.id, resource: s.resource, first: new Map(), created: undefined, ended: undefined, terminal: new Map(), listed: undefined, scope: s.scope, key: s.key };
        this.instances.set(s.id, instance);
        this.index(this.byScope, slot(s.resource, s.scope), instance, old);
        this.index(this.byKey, slot(s.resource, s.key), instance, old);
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
        const k = slot(s.resource, s.scope, f, normalised(s.resource, f, v));
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
    this.byScope.get(slot(oldest.resource, oldest.scope))?.delete(oldest);
    this.byKey.get(slot(oldest.resource, oldest.key))?.delete(oldest);
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

