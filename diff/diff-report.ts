// What both kinds of doppel diff (a recording replayed, the checker's run on each side) make of
// their answer pairs: each pair's differences with their verdicts (verdicts.ts), masked; the
// answers of the requests that differ, for the side-by-side page; the decision points whose learned
// value changed; the counts and whether they fail the comparison.
import type { Exchange, ExchangeVerdict, Observation } from '../conformance/index.js';
import { learnedValue } from '../conformance/index.js';
import { decisionOf, type InterfaceName } from '../spec/index.js';
import type { FieldDifference } from './compare-answers.js';
import { judgePair } from './verdicts.js';
import type { AnswerPair, DecisionChange, Difference, DiffReport, Side, Verdict } from './types.js';

/** One request as both sides answered it, what differs, and each side's judgement of its answer. */
export interface AnswerPairJudged {
  index: number;
  iface: InterfaceName;
  method: string;
  /** The request's URL as recorded (or as the primary's run sent it). */
  url: string;
  sides: Record<Side, Exchange>;
  differences: FieldDifference[];
  verdicts: Record<Side, ExchangeVerdict>;
}

/** Answers kept for the side-by-side page, and how much of each body. */
const ANSWERS_KEPT = 200;
const BODY_KEPT = 8_000;

/** An answer's body as a person reads it: JSON indented, cut at BODY_KEPT characters. */
function readable(ex: Exchange): string {
  const text = ex.json === undefined ? ex.bodyText : JSON.stringify(ex.json, null, 2);
  return text.length > BODY_KEPT ? `${text.slice(0, BODY_KEPT)}\n…` : text;
}

/** Each point's learned value on one side, over its whole stream (the rule of --learn). */
export function learnedValues(observations: readonly Observation[]): Map<string, number | string> {
  const byPoint = new Map<string, Observation[]>();
  for (const o of observations) byPoint.set(o.point, [...(byPoint.get(o.point) ?? []), o]);
  return new Map([...byPoint].map(([point, seen]) => [point, learnedValue(seen).value]));
}

/** A URL's path and query, as a difference names its request. */
export const pathOf = (url: string): string => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

/** The differences of each pair with their verdicts, masked. */
export function judgedDifferences(pairs: readonly AnswerPairJudged[], values: Record<Side, ReadonlyMap<string, number | string>>, mask: (text: string) => string): Difference[] {
  const differences: Difference[] = [];
  for (const r of pairs) {
    const judged = judgePair({ operationId: r.sides.primary.operationId, status: { primary: r.sides.primary.status, candidate: r.sides.candidate.status }, differences: r.differences, verdicts: r.verdicts, learned: values });
    for (const d of judged) {
      differences.push({
        index: r.index,
        iface: r.iface,
        operationId: r.sides.primary.operationId,
        method: r.method,
        path: mask(pathOf(r.url)),
        ...d,
        primary: mask(d.primary),
        candidate: mask(d.candidate),
        ...(d.rule !== undefined ? { rule: mask(d.rule) } : {}),
      });
    }
  }
  return differences;
}

export type ReportHead = Pick<DiffReport, 'recording' | 'primary' | 'candidate' | 'requests' | 'replayed' | 'skippedWrites' | 'skippedInterfaces' | 'aligned'> & Partial<Pick<DiffReport, 'unpaired' | 'divergedAfter' | 'partial' | 'secondary' | 'learnedNoisy'>>;

/** The report of the differences found: answers of the requests that differ, changed decisions, counts and the verdict. */
export function diffReport(head: ReportHead, pairs: readonly AnswerPairJudged[], differences: Difference[], values: Record<Side, ReadonlyMap<string, number | string>>, mask: (text: string) => string, strict: boolean): DiffReport {
  const shown = new Set(differences.filter((d) => d.verdict !== 'noise').map((d) => d.index));
  const side = (ex: Exchange) => ({ status: ex.status, contentType: ex.responseHeaders['content-type'] ?? '', body: mask(readable(ex)) });
  const answers: AnswerPair[] = pairs.filter((r) => shown.has(r.index)).slice(0, ANSWERS_KEPT).map((r) => ({ index: r.index, method: r.method, path: mask(pathOf(r.url)), primary: side(r.sides.primary), candidate: side(r.sides.candidate) }));
  const decisions: DecisionChange[] = [];
  for (const [point, primary] of values.primary) {
    const candidate = values.candidate.get(point);
    if (candidate !== undefined && candidate !== primary) decisions.push({ point, decision: decisionOf(point), primary, candidate });
  }
  const counts: Record<Verdict, number> = { seed: 0, decision: 0, unexplained: 0, noise: 0 };
  for (const d of differences) counts[d.verdict]++;
  return {
    format: 'doppel-diff/1',
    ...head,
    differences,
    answers,
    decisions,
    counts,
    strict,
    failed: counts.seed > 0 || (strict && counts.decision + counts.unexplained > 0),
  };
}
