// Every mutant, in a fixed order: the operators generated from the spec and the resource graph,
// then the suite's own breaking layers. Ids are unique; the sample and the score key on them.
import type { Mutant } from './mutant.js';
import { graphMutants } from './operators/graph-operators.js';
import { shapeMutants } from './operators/shape-operators.js';
import { stateMutants } from './operators/state-operators.js';
import { statusAndByteMutants } from './operators/status-operators.js';
import { suiteMutants } from './operators/suite-operators.js';
import { valueMutants } from './operators/value-operators.js';

let all: Mutant[] | undefined;

export function generateMutants(): Mutant[] {
  if (all) return all;
  const list = [...shapeMutants(), ...valueMutants(), ...graphMutants(), ...statusAndByteMutants(), ...stateMutants(), ...suiteMutants()];
  const seen = new Set<string>();
  for (const m of list) {
    if (seen.has(m.id)) throw new Error(`two mutants with the id ${m.id}`);
    seen.add(m.id);
  }
  return (all = list);
}

/** A fixed, seeded sample of the mutants that are not equivalent (a linear congruential shuffle: the same on every machine). */
export function sampleMutants(size: number, seed: number): Mutant[] {
  const pool = generateMutants().filter((m) => !m.equivalent);
  let s = seed >>> 0;
  const next = (): number => (s = (Math.imul(s, 1_664_525) + 1_013_904_223) >>> 0);
  const order = pool.map((m) => ({ m, k: next() })).sort((a, b) => a.k - b.k);
  return order.slice(0, size).map((x) => x.m);
}
