// The verdict on each difference of one answer: seed when one side's answer breaks a rule of the
// documents and the other's does not (the checker's own judgement of each answer, side named);
// decision when both are lawful and a decision point reads differently on the two sides (the
// point the observers read from this answer, or the status point of the operation); noise for a
// moving value within the tolerance or what a secondary showed differ (noise-model.ts, marked
// before this); unexplained otherwise.
import type { ExchangeVerdict, Failure } from '../conformance/index.js';
import { decisionOf, statusPointFor } from '../spec/index.js';
import type { FieldDifference } from './compare-answers.js';
import type { DecisionChange, Difference, Side } from './types.js';

export type Judged = Pick<Difference, 'kind' | 'at' | 'primary' | 'candidate' | 'verdict' | 'side' | 'rule' | 'decision'>;

/** What both sides showed for one request, and each side's values at the decision points over the whole stream. */
export interface PairToJudge {
  operationId: string | null;
  status: Record<Side, number>;
  differences: readonly FieldDifference[];
  verdicts: Record<Side, ExchangeVerdict>;
  learned: Record<Side, ReadonlyMap<string, number | string>>;
}

const ruleOf = (f: Failure): string => `${f.checkId}/${f.assertion} (${f.source}): ${f.title}`;
const seeds = (v: ExchangeVerdict): Failure[] => v.failures.filter((f) => f.kind === 'seed');
const only = (mine: Failure[], theirs: Failure[]): Failure[] => mine.filter((f) => !theirs.some((t) => t.checkId === f.checkId && t.assertion === f.assertion));

/** The decision point that reads differently on the two sides at this answer, if one does. */
function changedPoint(pair: PairToJudge): DecisionChange | undefined {
  const here = (side: Side) => new Map(pair.verdicts[side].points.map((p) => [p.point, p.value]));
  const [p, c] = [here('primary'), here('candidate')];
  for (const point of new Set([...p.keys(), ...c.keys()])) {
    const primary = p.get(point) ?? pair.learned.primary.get(point);
    const candidate = c.get(point) ?? pair.learned.candidate.get(point);
    if (primary !== undefined && candidate !== undefined && primary !== candidate) return { point, decision: decisionOf(point), primary, candidate };
  }
  if (pair.operationId !== null && pair.status.primary !== pair.status.candidate) {
    const point = statusPointFor(pair.operationId, pair.status.primary);
    if (point && point === statusPointFor(pair.operationId, pair.status.candidate)) return { point: point.id, decision: decisionOf(point.id), primary: pair.status.primary, candidate: pair.status.candidate };
  }
  return undefined;
}

export function judgePair(pair: PairToJudge): Judged[] {
  const [sp, sc] = [seeds(pair.verdicts.primary), seeds(pair.verdicts.candidate)];
  const broken: Partial<Record<Side, Failure[]>> = { candidate: only(sc, sp), primary: only(sp, sc) };
  const seedSide: Side | undefined = broken.candidate?.length ? 'candidate' : broken.primary?.length ? 'primary' : undefined;
  const decision = seedSide ? undefined : changedPoint(pair);
  const out: Judged[] = pair.differences.map((d): Judged => {
    const base = { kind: d.kind, at: d.at, primary: d.primary, candidate: d.candidate };
    if (d.noise) return { ...base, verdict: 'noise' };
    if (seedSide) return { ...base, verdict: 'seed', side: seedSide, rule: ruleOf((broken[seedSide] as Failure[])[0] as Failure) };
    if (decision) return { ...base, verdict: 'decision', decision };
    return { ...base, verdict: 'unexplained' };
  });
  // A rule one side breaks where the answers show no other difference (a state the stream made), and the rules of the other side too.
  for (const side of ['candidate', 'primary'] as const) {
    const failures = broken[side] ?? [];
    if (failures.length === 0 || (side === seedSide && out.some((d) => d.verdict === 'seed'))) continue;
    for (const f of failures) out.push({ kind: 'rule', at: '', primary: side === 'primary' ? f.message : 'lawful', candidate: side === 'candidate' ? f.message : 'lawful', verdict: 'seed', side, rule: ruleOf(f) });
  }
  return out;
}
