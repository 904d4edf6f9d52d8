// What judges a stream of traffic, or a part of it: the one judge of doppel check, one per namespace
// (X-Doppel-Namespace: each is a target state of its own, so writes in one say nothing of reads in
// another), each with what the namespace's answers said of the target's data for the input
// classes; one Findings and one coverage tally for all of them. A proxy's judges on worker threads
// each hold one shard and get every exchange of their namespaces, in the order they ended; their
// snapshots merge into what one shard that saw everything would hold (mergeShards), so a report is
// the same whoever judged.
import type { DecisionValues } from '../../spec/decision-points.js';
import { inputClasses } from '../act/input-classes.js';
import { CHECKS } from '../checks/index.js';
import { CoverageTally, type CoverageSnapshot } from '../judge/coverage.js';
import { Findings, type FindingsSnapshot, type Keep } from '../judge/findings.js';
import { InputClassTally, type InputClassSnapshot } from '../judge/input-coverage.js';
import { createJudge, type Judge } from '../judge/judge.js';
import { Observations, type ObservationsSnapshot } from '../judge/observations.js';
import type { Exchange, Failure, InterfaceName } from '../types.js';
import { isTargetReset, namespaceOf, resetScope } from './target-reset.js';

export interface ShardOptions {
  ifaces: readonly InterfaceName[];
  decisions: Readonly<DecisionValues>;
  /** Told of each failure new to this shard, with how it is kept when it repeats. */
  onFailure?: ((failure: Failure, keep: Keep) => void) | undefined;
}

/** What a shard holds, as plain data (it crosses from a worker thread). */
export interface ShardSnapshot {
  judged: number;
  findings: FindingsSnapshot;
  observations: ObservationsSnapshot;
  coverage: CoverageSnapshot;
  inputs: InputClassSnapshot[];
}

interface Namespace {
  judge: Judge;
  inputs: InputClassTally;
}

export class JudgeShard {
  private readonly findings = new Findings();
  private readonly observations = new Observations();
  private readonly coverage = new CoverageTally();
  private readonly namespaces = new Map<string, Namespace>();
  private judged = 0;

  constructor(private readonly options: ShardOptions) {}

  /** Judges an exchange (they come in the order they ended). */
  see(ex: Exchange): void {
    this.judged++;
    this.findings.now = ex.seq;
    this.coverage.add(ex.iface, ex.operationId, ex.status);
    const ns = this.namespace(namespaceOf(ex));
    ns.inputs.see(ex);
    ns.judge.see(ex);
    if (isTargetReset(ex)) this.forget(resetScope(ex));
  }

  /**
   * A namespace's state was dropped (undefined: every namespace's), or the judge missed some of its
   * exchanges: what its answers said before is forgotten, so that later reads are not judged
   * against a history that is not whole. Findings so far stay.
   */
  forget(namespace?: string): void {
    for (const [name, ns] of this.namespaces) {
      if (namespace !== undefined && name !== namespace) continue;
      ns.judge.forget();
      ns.inputs.forget();
    }
  }

  private namespace(name: string): Namespace {
    let ns = this.namespaces.get(name);
    if (!ns) {
      const { decisions, ifaces } = this.options;
      const judge = createJudge({
        checks: CHECKS,
        decisions,
        findings: this.findings,
        observations: this.observations,
        onFailure: (f) => this.options.onFailure?.(f, this.findings.keepOf(f) ?? 'first'),
        // Per-check times mean little for traffic and cost two clock reads per check and exchange.
        timing: false,
      });
      this.namespaces.set(name, (ns = { judge, inputs: new InputClassTally(inputClasses([...ifaces].sort(), decisions)) }));
    }
    return ns;
  }

  snapshot(): ShardSnapshot {
    return {
      judged: this.judged,
      findings: this.findings.snapshot(),
      observations: this.observations.snapshot(),
      coverage: this.coverage.snapshot(),
      inputs: [...this.namespaces.values()].map((ns) => ns.inputs.snapshot()),
    };
  }
}

/** What shards that each judged part of one stream found, as one that judged all of it. */
export interface MergedShards {
  judged: number;
  findings: Findings;
  observations: Observations;
  coverage: CoverageTally;
  inputs: InputClassTally;
}

export function mergeShards(snapshots: readonly ShardSnapshot[], ifaces: readonly InterfaceName[], decisions: Readonly<DecisionValues>): MergedShards {
  const coverage = new CoverageTally();
  const inputs = new InputClassTally(inputClasses([...ifaces].sort(), decisions));
  for (const s of snapshots) {
    coverage.absorb(s.coverage);
    for (const i of s.inputs) inputs.absorb(i);
  }
  return {
    judged: snapshots.reduce((n, s) => n + s.judged, 0),
    findings: Findings.merged(snapshots.map((s) => s.findings)),
    observations: Observations.merged(snapshots.map((s) => s.observations)),
    coverage,
    inputs,
  };
}
