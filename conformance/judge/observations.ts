// What the observers saw at the decision points (--learn writes them as a profile): one entry per
// point, check and value, with how many cases showed it and the first exchanges that did, so that
// a proxy watching a million listings keeps a few lines, not a million.
import { maskSecretFields } from '../report/secrets.js';
import type { Exchange, Observation } from '../types.js';

/** How much of a response body an observation quotes. */
const EVIDENCE_CHARS = 600;
/** Evidence kept per point and value: the first cases' exchanges. */
const EVIDENCE_PER_VALUE = 2;


function evidenceOf(ex: Exchange): Observation['evidence'][number] {
  return {
    request: maskSecretFields(`${ex.method} ${ex.url}${ex.requestBody ? ` ${ex.requestBody}` : ''}`),
    status: ex.status,
    response: maskSecretFields(ex.bodyText.length > EVIDENCE_CHARS ? `${ex.bodyText.slice(0, EVIDENCE_CHARS)}…` : ex.bodyText),
  };
}

/** Observations as plain data, each with the number of the exchange that first showed it (merging judges orders by it). */
export type ObservationsSnapshot = { observation: Observation; at: number }[];

const keyOf = (o: Pick<Observation, 'point' | 'checkId' | 'value'>): string => `${o.point}\u0000${o.checkId}\u0000${typeof o.value}\u0000${o.value}`;

export class Observations {
  private readonly byKey = new Map<string, Observation>();
  private readonly at = new Map<Observation, number>();

  add(point: string, checkId: string, value: number | string, evidence: readonly Exchange[]): void {
    const key = keyOf({ point, checkId, value });
    const seen = this.byKey.get(key);
    if (seen) {
      seen.count++;
      return;
    }
    const observation = { point, checkId, value, count: 1, evidence: evidence.slice(-EVIDENCE_PER_VALUE).map(evidenceOf) };
    this.byKey.set(key, observation);
    this.at.set(observation, evidence.at(-1)?.seq ?? 0);
  }

  list(): Observation[] {
    return [...this.byKey.values()];
  }

  snapshot(): ObservationsSnapshot {
    return this.list().map((observation) => ({ observation, at: this.at.get(observation) ?? 0 }));
  }

  /** What judges that each saw part of one stream observed, as one that saw all of it would list it. */
  static merged(snapshots: readonly ObservationsSnapshot[]): Observations {
    const out = new Observations();
    const all = snapshots.flat().sort((a, b) => a.at - b.at);
    for (const { observation, at } of all) {
      const key = keyOf(observation);
      const seen = out.byKey.get(key);
      if (seen) seen.count += observation.count;
      else {
        const copy = { ...observation };
        out.byKey.set(key, copy);
        out.at.set(copy, at);
      }
    }
    return out;
  }
}
