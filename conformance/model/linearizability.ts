// The history judge: is a concurrent history linearizable against a small sequential model? Each
// operation has the times its request started and its answer ended; a linearization is an order of
// all of them, consistent with real time (one that ended before another started comes first), in
// which the model, applied one operation at a time, gives every answer the target gave. The search
// is Wing & Gong's, with Lowe's memo of (operations done, model state) so that a history of a few
// dozen operations is judged in milliseconds; it refuses histories longer than MAX_OPERATIONS.
// On failure it returns the smallest history it can find (operations dropped one at a time while
// the rest still has no linearization), which is what a report shows.

/** One operation of a history: what was asked, what was answered, and when (epoch ms). */
export interface HistoryOp<I, O> {
  input: I;
  output: O;
  start: number;
  end: number;
}

/** A sequential model: a state, and each operation's effect, or undefined when the answer is impossible in that state. */
export interface SequentialModel<S, I, O> {
  init: S;
  step(state: S, input: I, output: O): S | undefined;
  /** A key that is equal for equal states (the memo); default JSON with bigints as text. */
  key?(state: S): string;
}

export type Linearization<I, O> =
  | { linearizable: true; order: HistoryOp<I, O>[] }
  | { linearizable: false; smallest: HistoryOp<I, O>[] };

/** The longest history searched: the memo is keyed by a bitmask of the operations done. */
export const MAX_OPERATIONS = 20;

const stateKey = (state: unknown): string => JSON.stringify(state, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));

/** A sequential order of the history consistent with real time in which the model gives every answer; undefined when none exists. */
export function linearize<S, I, O>(history: readonly HistoryOp<I, O>[], model: SequentialModel<S, I, O>): HistoryOp<I, O>[] | undefined {
  if (history.length > MAX_OPERATIONS) throw new Error(`a history of ${history.length} operations is longer than the ${MAX_OPERATIONS} the judge searches`);
  const n = history.length;
  const keyOf = model.key ?? stateKey;
  // before[i]: the operations that ended before i started (they come first in any linearization).
  const before = history.map((op) => history.reduce((mask, other, j) => (other.end < op.start ? mask | (1 << j) : mask), 0));
  const full = (1 << n) - 1;
  const dead = new Set<string>();
  const order: number[] = [];
  const search = (done: number, state: S): boolean => {
    if (done === full) return true;
    const memo = `${done}:${keyOf(state)}`;
    if (dead.has(memo)) return false;
    for (let i = 0; i < n; i++) {
      const bit = 1 << i;
      if (done & bit || (before[i] as number) & ~done) continue;
      const op = history[i] as HistoryOp<I, O>;
      const next = model.step(state, op.input, op.output);
      if (next === undefined) continue;
      order.push(i);
      if (search(done | bit, next)) return true;
      order.pop();
    }
    dead.add(memo);
    return false;
  };
  return search(0, model.init) ? order.map((i) => history[i] as HistoryOp<I, O>) : undefined;
}

/** Smallest sub-history (by dropping operations one at a time) that still has no linearization. */
export function smallestUnlinearizable<S, I, O>(history: readonly HistoryOp<I, O>[], model: SequentialModel<S, I, O>): HistoryOp<I, O>[] {
  let current = [...history];
  for (let i = current.length - 1; i >= 0; i--) {
    const without = current.filter((_, j) => j !== i);
    if (without.length > 0 && linearize(without, model) === undefined) current = without;
  }
  return current;
}

export function judgeHistory<S, I, O>(history: readonly HistoryOp<I, O>[], model: SequentialModel<S, I, O>): Linearization<I, O> {
  const order = linearize(history, model);
  return order ? { linearizable: true, order } : { linearizable: false, smallest: smallestUnlinearizable(history, model) };
}
