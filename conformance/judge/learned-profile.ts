// `doppel check --learn FILE`: a run's observations at the decision points, as a
// profile (spec/profile.ts) that `doppel mock --profile` and `doppel check --profile` read. Each
// observed point carries how often it was seen, whether every observation agreed, and the masked
// exchanges that show it; every other point stays at doppel's choice and is listed as unobserved,
// with why (the check that observes it was not exercised, or met no case that shows it).
import { DECISION_POINTS, type DecisionPoint, type PointId } from '../../spec/decision-points.js';
import { CHECKS } from '../checks/index.js';
import { PROFILE_VERSION, type Profile, type ProfilePoint } from '../../spec/profile.js';
import type { Observation, RunReport } from '../types.js';

/** Evidence kept per point: the first exchanges that showed it. */
const EVIDENCE_PER_POINT = 2;

export function learnedProfile(report: RunReport): Profile {
  const points: Record<string, ProfilePoint> = {};
  const unobserved: NonNullable<Profile['unobserved']> = [];
  for (const p of DECISION_POINTS as readonly DecisionPoint[]) {
    const seen = report.observations.filter((o) => o.point === p.id);
    if (seen.length === 0) {
      unobserved.push({ id: p.id, default: p.default, reason: whyUnobserved(report, p) });
      continue;
    }
    const { value, consistent } = learnedValue(seen);
    const observed = seen.reduce((n, o) => n + o.count, 0);
    points[p.id] = { value, observed, consistent, evidence: seen.filter((o) => o.value === value).flatMap((o) => o.evidence).slice(0, EVIDENCE_PER_POINT) };
  }
  return {
    doppel_profile: PROFILE_VERSION,
    learned_from: report.traffic
      ? { targets: report.targets.map((t) => `${t.iface} ${t.url}`), at: report.startedAt, traffic: `${report.traffic.source} ${report.traffic.from}`, exchanges: report.traffic.exchanges }
      : { targets: report.targets.map((t) => `${t.iface} ${t.url}`), at: report.startedAt, seed: report.seed, allow_writes: report.allowWrites },
    points,
    unobserved,
  };
}

/** The value a point is learned as from its observations (at least one): the most frequent; on a tie the first seen. */
export function learnedValue(seen: readonly Pick<Observation, 'value' | 'count'>[]): { value: number | string; consistent: boolean } {
  const counts = new Map<number | string, number>();
  for (const o of seen) counts.set(o.value, (counts.get(o.value) ?? 0) + o.count);
  const value = [...counts.entries()].reduce((best, e) => (e[1] > best[1] ? e : best))[0];
  return { value, consistent: counts.size === 1 };
}

function whyUnobserved(report: RunReport, p: DecisionPoint): string {
  const observer = CHECKS.find((c) => c.scope === 'scenario' && c.observes?.includes(p.id as PointId));
  const shows = observer?.scope === 'scenario' ? observer.observer?.shows[p.id as PointId] : undefined;
  // Watched traffic shows a point only when it holds the requests that reveal it.
  if (report.traffic) return `the traffic showed none; that takes ${shows ?? 'requests doppel check sends'}`;
  const check = report.checks.find((c) => c.id === observer?.id);
  if (check && (check.status === 'not-exercised' || check.status === 'skipped')) return `${check.id} was ${check.status}: ${check.reason ?? ''}`.trim();
  if (observer?.scope === 'scenario' && observer.observer?.unobserved) return observer.observer.unobserved;
  return `no case of ${observer?.id ?? 'any check'} showed it; that takes ${shows ?? 'its requests'}`;
}
