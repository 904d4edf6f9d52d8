// Unchanging fields (the graph's `unchanging` relations): a record shows the same value of each such
// field in every answer, across operations and time (a wallet's chain in its creation, the listing
// and its balance; the user a login answers and the one register made), and an answer that reads a
// field from two places (the record and the request that asked for it) shows one value.
import type { Relation } from '../../../../spec/index.js';
import type { Instance } from '../../../model/resource-facts.js';
import type { Sighting } from '../../../model/sightings.js';
import { named } from '../../../model/exchange-facts.js';
import { ofKind, recordName, shown, type RelationJudge } from './relation-judge.js';

/** The unchanging relation a field's disagreement is reported under: the first that names it. */
function ownerOf(s: Sighting, field: string): Relation | undefined {
  return ofKind(s, 'unchanging').find((r) => r.fields.includes(field));
}

export function unchangingJudge(): RelationJudge {
  return ({ facts, ex, sightings, out }) => {
    for (const s of sightings) {
      const relations = ofKind(s, 'unchanging');
      if (relations.length === 0) continue;
      // Within the answer: the record against what the request asked for.
      for (const field of s.compared) {
        const rel = ownerOf(s, field);
        if (!rel) continue;
        out.checked(ex, rel.id);
        const d = s.disagreements.find((x) => x.field === field);
        if (d) out.fail({ assertion: rel.id, title: `${ex.operationId} shows ${s.resource.name} ${field} ${d.readings.map((r) => shown(r.value)).join(' and ')}`, message: `${named(ex)} shows ${recordName(s)} with ${field} ${d.readings.map((r) => `${shown(r.value)} (${r.source})`).join(' but ')}`, exchange: ex, requests: [ex] });
      }
      // Against what earlier answers showed of the same record, found by its key or another of its keys.
      const found: Instance[] = [];
      const own = s.id === undefined ? undefined : facts.instances.get(s.id);
      // A record ended (a stopped copy) and made again starts anew.
      if (own && !(own.ended && s.carrier.role === 'creates')) found.push(own);
      for (const { instance } of facts.alternateOf(s)) if (!found.includes(instance)) found.push(instance);
      for (const instance of found) {
        for (const rel of relations) {
          for (const field of rel.fields) {
            if (ownerOf(s, field) !== rel) continue;
            const before = instance.first.get(field);
            const now = s.values.get(field);
            if (!before || now === undefined) continue;
            out.checked(ex, rel.id);
            if (before.norm === s.norms.get(field)) continue;
            out.fail({
              assertion: rel.id,
              title: `${recordName(s)}'s ${field} changed from ${shown(before.value)} to ${shown(now)}`,
              message: `${named(before.by.ex)} showed ${recordName(before.by)} with ${field} ${shown(before.value)}; ${named(ex)} shows ${recordName(s)} with ${field} ${shown(now)}`,
              exchange: ex,
              requests: [before.by.ex, ex],
            });
          }
        }
      }
    }
  };
}
