// Noise learned from a secondary (Diffy's way): a second copy of the primary answers every request
// too, and what differs between the two copies is noise, not a change. Each difference between the
// primary and the secondary is learned under its operation, its JSON pointer with array indices
// generalised (`/data/3/price` as `/data/*/price`: a listing's records are one field) and its kind;
// a moving value (a number, relatively; a time, in seconds) learns the largest move seen, any other
// kind is noisy once it differed at all. A difference between the primary and the candidate is
// noise when its key was learned noisy and, for a moving value, it moved no further than the
// secondary did.
//
// Statuses are learned conservatively: two copies that answered one operation with 200 and 429
// make only that pair of statuses noise for that operation (in either order: which copy answered
// which is chance), not every status, and not the bodies behind them.
import type { FieldDifference } from './compare-answers.js';
import type { AnswerPairJudged } from './diff-report.js';

/** An array index in a pointer: every record of a listing is the same field. */
const INDEX = /\/\d+(?=\/|$)/g;

const keyOf = (operationId: string | null, d: FieldDifference): string =>
  `${operationId ?? '(no operation)'} ${d.kind}${d.moved ? ` ${d.moved.unit}` : ''} ${d.at.replace(INDEX, '/*')}`;

const statusKey = (operationId: string | null, a: string, b: string): string => `${operationId ?? '(no operation)'} status ${[a, b].sort().join(' ')}`;

export class NoiseModel {
  /** Each noisy key and how far its value moved at most (Infinity: any difference there is noise). */
  private readonly bounds = new Map<string, number>();

  /** Learns the differences between the primary's and the secondary's answers to one request (`candidate` is the secondary's side). */
  learn(operationId: string | null, differences: readonly FieldDifference[]): void {
    for (const d of differences) {
      const key = d.kind === 'status' ? statusKey(operationId, d.primary, d.candidate) : keyOf(operationId, d);
      this.bounds.set(key, Math.max(this.bounds.get(key) ?? 0, d.moved ? d.moved.by : Infinity));
    }
  }

  /** Whether a difference between the primary and the candidate is noise: within the fixed tolerance, or what the secondary showed. */
  isNoise(operationId: string | null, d: FieldDifference): boolean {
    if (d.noise) return true;
    const bound = this.bounds.get(d.kind === 'status' ? statusKey(operationId, d.primary, d.candidate) : keyOf(operationId, d));
    return bound !== undefined && (d.moved ? d.moved.by : Infinity) <= bound;
  }

  /** The pairs with each difference the secondary showed marked as noise (once the whole stream was learned: a field it moved late is noise early on too). */
  mark(pairs: readonly AnswerPairJudged[]): AnswerPairJudged[] {
    return pairs.map((r) => ({ ...r, differences: r.differences.map((d) => (this.isNoise(r.sides.primary.operationId, d) ? { ...d, noise: true } : d)) }));
  }

  /** The fields (and status pairs) learned noisy. */
  get size(): number {
    return this.bounds.size;
  }
}
