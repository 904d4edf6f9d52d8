// Unique keys (the graph's `unique` relations): a listing holds each record once; two accepted
// creations never answer the same key, nor one a record the stream already showed (a new wallet
// with an id listed before, a send with a hash already answered), in the scope the key is unique in
// (a tx_hash on the whole interface, an order id per account). Order does not matter between two
// creations (overlapping ones included: --concurrency); an earlier answer must have ended before
// the creation began.
import { BoundedMap } from '../../bounded-map.js';
import { named, overlapped } from '../../../model/exchange-facts.js';
import { scopeId, type Sighting } from '../../../model/sightings.js';
import { timings } from '../../race/race-history.js';
import { ofKind, recordName, type RelationJudge } from './relation-judge.js';

/** Keys remembered per map: a proxy's stream runs for days. */
const MOST = 100_000;

export function uniqueJudge(): RelationJudge {
  /** Per relation and scope: the key's creation still live (not ended), or the last answer that showed it. */
  const created = new BoundedMap<string, Sighting>(MOST);
  const shownBefore = new BoundedMap<string, Sighting>(MOST);
  return ({ facts, ex, sightings, listings, out }) => {
    for (const l of listings) {
      for (const rel of ofKind(l, 'unique')) {
        if (rel.among !== 'listing' || l.sightings.length === 0) continue;
        out.checked(ex, rel.id);
        const first = new Map<string, number>();
        for (const s of l.sightings) {
          if (s.key === undefined) continue;
          const at = first.get(s.key);
          if (at === undefined) first.set(s.key, s.index);
          else out.fail({ assertion: rel.id, title: `${ex.operationId} lists ${recordName(s)} twice`, message: `${named(ex)} lists ${recordName(s)} twice (entries ${at + 1} and ${s.index + 1} of ${l.sightings.length})`, exchange: ex, requests: [ex] });
        }
      }
    }
    for (const s of sightings) {
      for (const rel of ofKind(s, 'unique')) {
        if (rel.among !== 'creations' || s.key === undefined) continue;
        const scope = rel.scope ? scopeId(s.resource, rel.scope, ex, s.scope) : s.scope;
        if (scope === undefined) continue;
        const k = `${rel.id}\u0000${scope}\u0000${s.key}`;
        if (s.carrier.role === 'ends') {
          created.delete(k);
          shownBefore.delete(k);
          continue;
        }
        if (s.carrier.role !== 'creates') {
          shownBefore.set(k, s);
          continue;
        }
        out.checked(ex, rel.id);
        const twin = created.get(k);
        const before = shownBefore.get(k);
        if (twin) {
          const together = overlapped(twin.ex, ex);
          out.fail({ assertion: rel.id, title: `two ${twin.ex.operationId === ex.operationId ? `${ex.operationId}s` : 'creations'} answered ${recordName(s)}`, message: `${named(twin.ex)} and ${named(ex)} were both accepted and both answered ${recordName(s)}${together ? `; the requests overlapped: ${timings([twin.ex, ex])}` : ''}`, exchange: ex, requests: [twin.ex, ex], together: together ? 2 : undefined });
        } else if (before && !overlapped(before.ex, ex) && before.ex.endedAt <= ex.startedAt) {
          out.fail({ assertion: rel.id, title: `${ex.operationId} answered ${recordName(s)}, which was there before`, message: `${named(ex)} answered a new ${recordName(s)}; ${named(before.ex)} had already shown ${recordName(before)}`, exchange: ex, requests: [before.ex, ex] });
        }
        created.set(k, s);
        shownBefore.set(k, s);
      }
    }
  };
}
