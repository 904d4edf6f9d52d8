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

export class Observations {
  private readonly byKey = new Map<string, Observation>();

  add(point: string, checkId: string, value: number | string, evidence: readonly Exchange[]): void {
    const key = `${point}\u0000${checkId}\u0000${typeof value}\u0000${value}`;
    const seen = this.byKey.get(key);
    if (seen) {
      seen.count++;
      return;
    }
    this.byKey.set(key, { point, checkId, value, count: 1, evidence: evidence.slice(-EVIDENCE_PER_VALUE).map(evidenceOf) });
  }

  list(): Observation[] {
    return [...this.byKey.values()];
  }
}
