// Runs one fast-check property over HTTP with the run's seed, and returns the shrunk
// counterexample with the problem and exchange of its (last) failing execution.
import fc from 'fast-check';
import { CheckFailure } from './check-failure.js';
import { TransportError } from '../exchange/transport.js';
import type { Exchange } from '../types.js';

export interface PropertyFailure<T> {
  value: T;
  problem: string;
  exchange: Exchange | undefined;
  /** The requests the shrunk counterexample sent, in order (when `recorded` was given). */
  requests: Exchange[];
  /** The assertion its CheckFailure names, if any. */
  assertion: string | undefined;
  seed: number;
}

/** A per-property seed derived from the run seed, so properties do not share random streams. */
export function propertySeed(seed: number, name: string): number {
  let h = seed | 0;
  for (const ch of name) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) | 0;
  return h;
}

/**
 * Executions shrinking may spend after the first failure (each sends requests to the target). A
 * count, not a time: a busy machine shrinks to the same case as an idle one.
 */
const SHRINK_RUNS = 100;

/**
 * predicate resolves undefined when the case passes, or throws CheckFailure. Shrinking is bounded
 * by SHRINK_RUNS executions, after which the cases it would try are not sent and count as passing.
 */
export async function checkProperty<T>(
  name: string,
  seed: number,
  numRuns: number,
  arb: fc.Arbitrary<T>,
  predicate: (value: T) => Promise<void>,
  /** Values always tried first (e.g. every generated invalid case). */
  examples: T[] = [],
  /** The client's exchange log: the requests of each execution are cut from it. */
  recorded?: readonly Exchange[],
): Promise<PropertyFailure<T> | undefined> {
  let last: CheckFailure | undefined;
  let lastRequests: Exchange[] = [];
  let transport: TransportError | undefined;
  const propSeed = propertySeed(seed, name);
  let shrinks = -1;
  const result = await fc.check(
    fc.asyncProperty(arb, async (value) => {
      if (shrinks >= 0 && ++shrinks > SHRINK_RUNS) return;
      const from = recorded?.length ?? 0;
      try {
        await predicate(value);
      } catch (error) {
        if (error instanceof TransportError) transport = error;
        if (error instanceof CheckFailure) last = error;
        // Shrinking moves to each smaller case that still fails, so the last failing execution is
        // the reported counterexample: its requests are the reproduction.
        lastRequests = recorded ? recorded.slice(from) : [];
        shrinks = Math.max(shrinks, 0);
        throw error;
      }
    }),
    { seed: propSeed, numRuns, examples: examples.map((e) => [e] as [T]) },
  );
  if (transport) throw transport;
  if (!result.failed || !result.counterexample) return undefined;
  const error = (result.errorInstance ?? last) as unknown;
  const failure = error instanceof CheckFailure ? error : last;
  return {
    value: result.counterexample[0] as T,
    problem: failure?.message ?? String(error),
    exchange: failure?.exchange,
    requests: lastRequests,
    assertion: failure?.assertion,
    seed: propSeed,
  };
}
