// What a judge of one kind of relation gets for each exchange: what the answers said before it (the
// facts), this exchange's records and listings, and where its verdicts go. Each kind of relation
// of the resource graph (spec/resource-graph.ts) has one judge, generic over every resource.
import type { Relation } from '../../../../spec/index.js';
import type { StateOutput } from '../../check.js';
import type { ResourceFacts } from '../../../model/resource-facts.js';
import { shownKey, type Listing, type Sighting } from '../../../model/sightings.js';
import type { Exchange } from '../../../types.js';

export interface RelationContext {
  /** What the stream said before this exchange. */
  facts: ResourceFacts;
  ex: Exchange;
  /** This exchange's records and listings (an empty listing too). */
  sightings: readonly Sighting[];
  listings: readonly Listing[];
  out: StateOutput;
}

/** Judges every relation of its kind against one exchange, with its own memory (what waits for a later answer). */
export type RelationJudge = (c: RelationContext) => void;

/** `wallet 4`, `market BTC/USDT`: how a message names a record. */
export const recordName = (s: Pick<Sighting, 'resource' | 'key'>): string => `${s.resource.name} ${s.key === undefined ? '(no key)' : shownKey(s.key)}`;

/** A value as a message shows it. */
export const shown = (v: unknown): string => (typeof v === 'string' ? JSON.stringify(v) : (JSON.stringify(v) ?? String(v)));

/** The relations of a record's resource of one kind. */
export const ofKind = (s: Pick<Sighting, 'resource'>, kind: Relation['kind']): Relation[] => s.resource.relations.filter((r) => r.kind === kind);
