// The relation judge: every relation of the resource graph (spec/resource-graph.ts, the
// `x-doppel-resources` of both documents) judged on any stream of exchanges (the run's own,
// doppel proxy's, a recording's), generically: each answer's records are held against every other
// answer's. One assertion per relation, with the clauses it rests on (seed) or its decision; a
// relation added to the spec is judged with no new code here. A finding names the two exchanges
// that disagree.
import { resourceGraph, type Relation } from '../../../spec/index.js';
import { decision, defineStateCheck, seed } from '../check.js';
import { listingsOf, sightingsOf } from '../../model/sightings.js';
import { listedJudge } from './relations/listed.js';
import { resolvesJudge } from './relations/resolves.js';
import { terminalJudge } from './relations/terminal.js';
import { unchangingJudge } from './relations/unchanging.js';
import { uniqueJudge } from './relations/unique.js';

const assertionOf = (r: Relation) => (r.source.kind === 'seed' ? seed(r.id, r.source.clauses, r.says) : decision(r.id, r.source.decision, r.says, r.source.refines));

export const resourceRelations = defineStateCheck({
  id: 'resource-relations',
  title: 'every answer agrees with every other on the records they show',
  assertions: resourceGraph().relations.map(assertionOf),
  appliesTo: ['trading', 'wallet'],
  start: () => {
    const judges = [unchangingJudge(), uniqueJudge(), resolvesJudge(), listedJudge(), terminalJudge()];
    return (ex, model, out) => {
      const facts = model.resources;
      const c = { facts, ex, sightings: sightingsOf(ex), listings: listingsOf(ex), out };
      if (c.sightings.length === 0 && c.listings.length === 0) return;
      for (const judge of judges) judge(c);
    };
  },
});
