// The suite's own breaking layers as mutants: one per clause (clause-breakages.ts), one per relation
// of the resource graph (relation-breakages.ts), and the race classes (race-mutants.ts, judged
// under --concurrency 8). Each already names the clause, relation or assertion it breaks.
import { CLAUSE_BREAKAGES } from '../../conformance/clause-breakages.js';
import { RACE_MUTANTS } from '../../conformance/race-mutants.js';
import { RELATION_BREAKAGES } from '../../conformance/relation-breakages.js';
import { decisionOf, seedOf, type Mutant } from '../mutant.js';

export function suiteMutants(): Mutant[] {
  const clauses: Mutant[] = CLAUSE_BREAKAGES.map((b) => ({
    id: `clause ${b.iface} ${b.clause}: ${b.name}`,
    family: 'clause',
    operator: 'clause-breakage',
    iface: b.iface,
    site: b.clause,
    // A clause judged by decision assertions only is killed under --strict (the breakage says so).
    violates: b.strict ? decisionOf(`(refining ${b.clause.replace(/#.*$/, '')})`) : seedOf(b.clause.replace(/#.*$/, '')),
    says: b.name,
    ...(b.rateLimit ? { rateLimit: true } : {}),
    breakage: b.breakage,
  }));
  const relations: Mutant[] = RELATION_BREAKAGES.map((b) => ({
    id: `relation ${b.relation.iface} ${b.relation.id}: ${b.name}`,
    family: 'relation',
    operator: `relation-${b.relation.kind}`,
    iface: b.relation.iface,
    site: b.relation.id,
    violates: b.relation.source.kind === 'seed' ? seedOf(...b.relation.source.clauses) : decisionOf(b.relation.source.decision),
    says: b.name,
    breakage: b.breakage,
  }));
  const races: Mutant[] = RACE_MUTANTS.map((m) => ({
    id: `race ${m.iface} ${m.killedBy}: ${m.name}`,
    family: 'race',
    operator: 'race',
    iface: m.iface,
    site: m.killedBy,
    violates: m.strict ? decisionOf(`(judged by ${m.killedBy})`) : seedOf(`(judged by ${m.killedBy})`),
    says: m.name,
    concurrency: 8,
    ...(m.rateLimit ? { rateLimit: true } : {}),
    breakage: m.breakage,
  }));
  return [...clauses, ...relations, ...races];
}
