// `doppel diff --profiles a.json b.json`: two deployment profiles (what --learn learned of each
// deployment, or written by hand) compared point by point: the decisions whose value changed, and
// the points only one of them holds (the other's traffic did not show it: no verdict on those).
import { decisionOf, readProfile, type Profile } from '../spec/index.js';
import type { DecisionChange } from './types.js';

export interface ProfileDiff {
  changed: DecisionChange[];
  /** Points one profile holds and the other does not (unobserved there). */
  onlyPrimary: string[];
  onlyCandidate: string[];
}

/** Compares two parsed profiles; an invalid one throws ProfileError (spec/profile.ts). */
export function compareProfiles(primary: unknown, candidate: unknown): ProfileDiff {
  readProfile(primary);
  readProfile(candidate);
  const [a, b] = [(primary as Profile).points, (candidate as Profile).points];
  const changed: DecisionChange[] = [];
  for (const [point, { value }] of Object.entries(a)) {
    const other = b[point];
    if (other !== undefined && other.value !== value) changed.push({ point, decision: decisionOf(point), primary: value, candidate: other.value });
  }
  return { changed, onlyPrimary: Object.keys(a).filter((p) => !(p in b)), onlyCandidate: Object.keys(b).filter((p) => !(p in a)) };
}
