// States that end (the graph's `terminal` relations): once an answer shows a record at one of the
// values after which its state never changes (an order filled, cancelled or settled; a transaction
// confirmed or failed), no later answer shows it at another.
import { named, overlapped } from '../../../model/exchange-facts.js';
import { ofKind, recordName, shown, type RelationJudge } from './relation-judge.js';

export function terminalJudge(): RelationJudge {
  return ({ facts, ex, sightings, out }) => {
    for (const s of sightings) {
      for (const rel of ofKind(s, 'terminal')) {
        const field = rel.fields[0] as string;
        const now = s.values.get(field);
        const before = s.id === undefined ? undefined : facts.instances.get(s.id)?.terminal.get(rel.id);
        if (!before || now === undefined || overlapped(before.ex, ex)) continue;
        out.checked(ex, rel.id);
        const was = before.values.get(field);
        if (now !== was) out.fail({ assertion: rel.id, title: `${recordName(s)} went from ${shown(was)} to ${shown(now)}`, message: `${named(before.ex)} showed ${recordName(before)} ${shown(was)}, after which it never changes; ${named(ex)} shows it ${shown(now)}`, exchange: ex, requests: [before.ex, ex] });
      }
    }
  };
}
