// A race check's history and its failures: each exchange becomes an operation of the history (its
// input and output as the scenario's model reads them, its start and end times); the history judge
// (model/linearizability.ts) searches for a sequential order the model explains; a failure names
// the overlapping requests with their timings and is replayed by firing them together.
import { judgeHistory, type HistoryOp, type SequentialModel } from '../../model/linearizability.js';
import { named } from '../../model/exchange-facts.js';
import type { FailureReport, ScenarioOutput } from '../check.js';
import type { Exchange } from '../../types.js';

/**
 * A state that one accepted request changes once and for all: a copy started, an e-mail registered
 * (from false), an order cancelled (from true). A request is accepted only while the state is still
 * `init`, and refused only once it is not.
 */
export const changedOnce = <I>(init: boolean): SequentialModel<boolean, I, boolean> => ({
  init,
  step: (state, _input, accepted) => (accepted ? (state === init ? !init : undefined) : state === init ? undefined : state),
});

/** An operation of a race history, with the exchange it was read from. */
export interface RaceOp<I, O> extends HistoryOp<I, O> {
  ex: Exchange;
}

export function opOf<I, O>(ex: Exchange, input: I, output: O): RaceOp<I, O> {
  return { ex, input, output, start: ex.startedAt, end: ex.endedAt };
}

/** Each exchange with its start and end in ms after the first started, and its status: how they overlapped. */
export function timings(exchanges: readonly Exchange[]): string {
  const t0 = Math.min(...exchanges.map((ex) => ex.startedAt));
  const ms = (t: number): string => (t - t0).toFixed(1);
  return exchanges.map((ex) => `${named(ex)} ${ms(ex.startedAt)}–${ms(ex.endedAt)} ms → ${ex.status}`).join('; ');
}

/**
 * A failure of a race check: the overlapping requests (in the order they started), with timings,
 * fired together by --replay; then `after`, the reads that followed them, in order.
 */
export function raceFailure(f: { assertion: string; title: string; message: string; exchanges: readonly Exchange[]; after?: readonly Exchange[]; operationId: string }): FailureReport {
  const raced = [...f.exchanges].sort((a, b) => a.startedAt - b.startedAt);
  const requests = [...raced, ...(f.after ?? [])];
  return {
    assertion: f.assertion,
    operationId: f.operationId,
    title: f.title,
    message: `${f.message}; the requests overlapped: ${timings(requests)}`,
    exchange: requests[requests.length - 1],
    requests,
    together: raced.length,
  };
}

/**
 * Judges a history against the scenario's model and reports the smallest history with no
 * linearization; true when there is one. `what` says what the model holds the target to.
 */
export function judgeRace<S, I, O>(
  out: ScenarioOutput,
  j: { assertion: string; operationId: string; iface: Exchange['iface']; what: string; model: SequentialModel<S, I, O>; ops: readonly RaceOp<I, O>[]; after?: readonly Exchange[] },
): boolean {
  out.checked(j.operationId, j.iface, j.assertion);
  const judged = judgeHistory(j.ops, j.model);
  if (judged.linearizable) return true;
  const smallest = judged.smallest as RaceOp<I, O>[];
  out.fail({
    ...raceFailure({
      assertion: j.assertion,
      operationId: j.operationId,
      title: `${smallest.length} overlapping requests have no sequential order that explains their answers`,
      message: `no order of ${smallest.map((op) => named(op.ex)).join(', ')} consistent with real time gives these answers when ${j.what}`,
      exchanges: smallest.filter((op) => !j.after?.includes(op.ex)).map((op) => op.ex),
      after: smallest.filter((op) => j.after?.includes(op.ex)).map((op) => op.ex),
    }),
    iface: j.iface,
  });
  return false;
}
