// What a record refers to (the graph's `reference`, `derived` and `involves` relations): a field
// that names another resource names one its listings hold (a wallet's chain is a slug /chains
// lists); a derived field equals the referred record's (a wallet's symbol is its chain's native
// symbol); a record listed under a parent involves it (a wallet's history holds transactions from
// or to its address). Judged as soon as both sides are known, whichever answer comes first: a
// reference read before any listing of its target waits for one.
import type { Relation, Resource } from '../../../../spec/index.js';
import { resourceGraph } from '../../../../spec/index.js';
import { BoundedMap } from '../../bounded-map.js';
import { named } from '../../../model/exchange-facts.js';
import { idIn, normalised, scopeId, shownKey, type Sighting } from '../../../model/sightings.js';
import { ofKind, recordName, shown, type RelationContext, type RelationJudge } from './relation-judge.js';

interface Waiting {
  rel: Relation;
  s: Sighting;
  /** reference: the key sought among the target's listings; derived and involves: the id of the record whose field it needs. */
  key: string;
}

const MOST = 10_000;
const SEP = '\u0000';

/** The target resource of a reference relation, and the key its fields name (normalised as the target compares its key). */
function referred(rel: Relation, s: Sighting): { target: Resource; key: string } | undefined {
  const target = resourceGraph().resource(s.resource.iface, rel.to as string);
  const parts: string[] = [];
  for (const [i, f] of rel.fields.entries()) {
    const v = s.values.get(f);
    if (v === undefined || v === null) return undefined;
    parts.push(normalised(target, target.key[i] as string, v));
  }
  return { target, key: parts.join(SEP) };
}

/** The reference relation a derived relation goes through. */
const viaOf = (s: Sighting, rel: Relation): Relation => ofKind(s, 'reference').find((r) => r.fields.length === 1 && r.fields[0] === rel.via) as Relation;

export function resolvesJudge(): RelationJudge {
  /** Per target (resource and scope, or record id): what waits for it. */
  const waiting = new BoundedMap<string, Waiting[]>(MOST);
  const wait = (k: string, w: Waiting): void => void waiting.set(k, [...(waiting.get(k) ?? []), w]);

  function reference(c: RelationContext, w: Waiting, keys: ReadonlySet<string>, listing: RelationContext['ex']): void {
    c.out.checked(c.ex, w.rel.id);
    if (keys.has(w.key)) return;
    const requests = listing === w.s.ex ? [w.s.ex] : [w.s.ex, listing].sort((a, b) => a.seq - b.seq);
    c.out.fail({ assertion: w.rel.id, title: `${recordName(w.s)}'s ${w.rel.fields.join('/')} ${shownKey(w.key)} is no ${w.rel.to} the listing holds`, message: `${named(w.s.ex)} shows ${recordName(w.s)} with ${w.rel.fields.join('/')} ${shownKey(w.key)}, which no ${w.rel.to} listing holds (${named(listing)}: ${keys.size} ${w.rel.to}(s))`, exchange: c.ex, requests });
  }

  function field(c: RelationContext, w: Waiting, value: unknown, from: Sighting): void {
    const { rel, s } = w;
    const own = rel.kind === 'derived' ? [rel.fields[0] as string] : [...rel.fields];
    const mine = own.map((f) => s.values.get(f)).filter((v) => v !== undefined);
    if (mine.length === 0) return;
    c.out.checked(c.ex, rel.id);
    const want = normalised(s.resource, own[0] as string, value);
    if (own.some((f) => s.values.get(f) !== undefined && normalised(s.resource, f, s.values.get(f)) === want)) return;
    const requests = from.ex === s.ex ? [s.ex] : [from.ex, s.ex].sort((a, b) => a.seq - b.seq);
    if (rel.kind === 'derived') {
      c.out.fail({ assertion: rel.id, title: `${recordName(s)}'s ${own[0]} ${shown(mine[0])} is not its ${rel.via}'s ${rel.equals} ${shown(value)}`, message: `${named(s.ex)} shows ${recordName(s)} on ${rel.via} ${shown(s.values.get(rel.via as string))} with ${own[0]} ${shown(mine[0])}; ${named(from.ex)} shows ${recordName(from)} with ${rel.equals} ${shown(value)}`, exchange: c.ex, requests });
    } else {
      c.out.fail({ assertion: rel.id, title: `${recordName(s)} listed under ${recordName(from)} does not involve it`, message: `${named(s.ex)} lists ${recordName(s)} (${own.map((f) => `${f} ${shown(s.values.get(f))}`).join(', ')}) under ${recordName(from)}, whose ${rel.equals} is ${shown(value)} (${named(from.ex)})`, exchange: c.ex, requests });
    }
  }

  return (c) => {
    const { facts, ex, sightings, listings } = c;
    for (const s of sightings) {
      for (const rel of s.resource.relations) {
        if (rel.kind === 'reference') {
          const r = referred(rel, s);
          const scope = r && scopeId(r.target, r.target.scope, ex, undefined);
          if (!r || scope === undefined) continue;
          const seen = facts.listed(r.target, scope);
          const w = { rel, s, key: r.key };
          if (seen) reference(c, w, seen.keys, seen.last);
          else wait(`${r.target.iface}${SEP}${r.target.name}${SEP}${scope}`, w);
        } else if (rel.kind === 'derived') {
          const r = referred(viaOf(s, rel), s);
          const id = r && idIn(r.target, r.key, ex);
          if (!r || id === undefined) continue;
          const known = facts.instances.get(id)?.first.get(rel.equals as string);
          const w = { rel, s, key: id };
          if (known) field(c, w, known.value, known.by);
          else wait(id, w);
        } else if (rel.kind === 'involves') {
          // A record listed under its parent (a creation under it says nothing of the other party).
          if (s.scope === undefined || (s.carrier.role !== 'lists' && s.carrier.role !== 'lists-all')) continue;
          const known = facts.instances.get(s.scope)?.first.get(rel.equals as string);
          const w = { rel, s, key: s.scope };
          if (known) field(c, w, known.value, known.by);
          else wait(s.scope, w);
        }
      }
    }
    // This answer may be what waited: a listing of a referred resource, or a record whose field a derived or involves relation needs.
    for (const l of listings) {
      const k = `${l.resource.iface}${SEP}${l.resource.name}${SEP}${l.scope}`;
      const ready = waiting.get(k);
      if (!ready) continue;
      waiting.delete(k);
      const keys = new Set([...(facts.listed(l.resource, l.scope)?.keys ?? []), ...l.keys]);
      for (const w of ready) reference(c, w, keys, ex);
    }
    for (const s of sightings) {
      if (s.id === undefined) continue;
      const ready = waiting.get(s.id);
      if (!ready) continue;
      const still: Waiting[] = [];
      for (const w of ready) {
        const value = s.values.get(w.rel.equals as string);
        if (value === undefined) still.push(w);
        else field(c, w, value, s);
      }
      if (still.length) waiting.set(s.id, still);
      else waiting.delete(s.id);
    }
  };
}
