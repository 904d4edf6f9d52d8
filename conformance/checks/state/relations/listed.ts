// Who a listing holds (the graph's `stays-listed` and `own-only` relations): a record the target
// made or listed for a caller stays in every later listing of all of that scope until a documented
// transition ends it (a wallet is never removed); and a caller's listing holds no record another
// caller made (RESTler's namespace rule), where the stream tells the two callers apart (their
// logins' users or their keys' accounts differ) and the record listed is the other's: the same key
// and the same unchanging fields.
import { named, overlapped } from '../../../model/exchange-facts.js';
import { keyOf } from '../../../exchange/exchange-readers.js';
import type { Instance } from '../../../model/resource-facts.js';
import type { Sighting } from '../../../model/sightings.js';
import { ofKind, recordName, type RelationJudge } from './relation-judge.js';

/** The first answer that showed the record in its scope: its creation, or the first listing of all. */
const origin = (i: Instance): Sighting | undefined => i.created ?? i.listed;

/** Whether a listed record is `other`: every unchanging field both show agrees, and at least one besides the key does. */
function same(s: Sighting, other: Instance): boolean {
  let compared = 0;
  for (const rel of ofKind(s, 'unchanging')) {
    for (const f of rel.fields) {
      if (s.resource.key.includes(f)) continue;
      const before = other.first.get(f);
      const now = s.norms.get(f);
      if (!before || now === undefined) continue;
      if (before.norm !== now) return false;
      compared++;
    }
  }
  return compared > 0;
}

export function listedJudge(): RelationJudge {
  /** Per resource, the callers known to have made records of it (the cases of own-only). */
  const makers = new Map<string, Set<string>>();
  return ({ facts, ex, sightings, listings, out }) => {
    for (const s of sightings) {
      const maker = s.carrier.role === 'creates' ? facts.principalOf(ex.iface, keyOf(ex)) : undefined;
      if (maker === undefined) continue;
      const k = `${s.resource.iface}/${s.resource.name}`;
      makers.set(k, (makers.get(k) ?? new Set()).add(maker));
    }
    for (const l of listings) {
      for (const rel of ofKind(l, 'stays-listed')) {
        if (l.carrier.role !== 'lists-all') continue;
        for (const i of facts.inScope(l.resource, l.scope)) {
          const from = origin(i);
          if (!from || i.ended || overlapped(from.ex, ex)) continue;
          out.checked(ex, rel.id);
          if (!l.keys.has(i.key)) out.fail({ assertion: rel.id, title: `${recordName(from)} is missing from the ${ex.operationId} listing`, message: `${recordName(from)}, shown by ${named(from.ex)}, is missing from ${named(ex)} (${l.keys.size} listed)`, exchange: ex, requests: [from.ex, ex] });
        }
      }
      // A case: the listing's caller is known and another known caller has made records it could hold.
      for (const rel of ofKind(l, 'own-only')) {
        const lister = facts.principalOf(ex.iface, keyOf(ex));
        if (lister === undefined) continue;
        const others = [...(makers.get(`${l.resource.iface}/${l.resource.name}`) ?? [])].some((m) => m !== lister);
        if (!others) continue;
        out.checked(ex, rel.id);
        for (const s of l.sightings) {
          if (s.key === undefined) continue;
          for (const other of facts.withKey(s.resource, s.key)) {
            const made = other.created;
            const maker = made && facts.principalOf(made.ex.iface, keyOf(made.ex));
            if (!made || maker === undefined || maker === lister || other.scope === l.scope || overlapped(made.ex, ex)) continue;
            if (same(s, other)) out.fail({ assertion: rel.id, title: `${ex.operationId} lists another caller's ${recordName(s)}`, message: `${named(ex)} lists ${recordName(s)}, which ${named(made.ex)} made for another caller (the two keys stand for ${maker.replace('\u0000', ' ')} and ${lister.replace('\u0000', ' ')})`, exchange: ex, requests: [made.ex, ex] });
          }
        }
      }
    }
  };
}
