// The judge told answer by answer (doppel diff): every failure each exchange shows, not the first
// of its kind as a run's findings keep them, and each value the observers read at a decision point
// with the exchange that showed it. The checks, the model and the observers are the run's own
// (createJudge); only what is kept differs.
import { DEFAULT_DECISIONS, type DecisionValues } from '../../spec/decision-points.js';
import { CHECKS } from '../checks/index.js';
import type { CheckMeta, Exchange, Failure, InterfaceName, Observation } from '../types.js';
import { Findings, type Keep } from './findings.js';
import { createJudge } from './judge.js';
import type { FailureReport } from '../checks/check.js';

/** What one exchange showed: the failures found on it, and the decision points read from it. */
export interface ExchangeVerdict {
  failures: Failure[];
  points: { point: string; value: number | string }[];
}

export interface ExchangeJudge {
  /** Judges the next exchange of the stream (in the order they ended); what it showed. */
  see(exchange: Exchange): ExchangeVerdict;
  /** Every observation so far (learnedValue turns a point's into its value). */
  observations(): Observation[];
}

/** Findings that keep every failure, each with its exchange. */
class EveryFailure extends Findings {
  override fail(check: CheckMeta, report: FailureReport & { iface: InterfaceName }, _keep: Keep): Failure | undefined {
    return super.fail(check, report, 'each');
  }
}

export function createExchangeJudge(decisions: Readonly<DecisionValues> = DEFAULT_DECISIONS): ExchangeJudge {
  let current: ExchangeVerdict = { failures: [], points: [] };
  let seeing: Exchange | undefined;
  const judge = createJudge({
    checks: CHECKS,
    decisions,
    findings: new EveryFailure(),
    timing: false,
    onFailure: (f) => current.failures.push(f),
    // An observer may decide on an earlier exchange's evidence; the point belongs to the one that showed it last.
    onObservation: (point, value, evidence) => {
      if (evidence[evidence.length - 1] === seeing) current.points.push({ point, value });
    },
  });
  return {
    see(exchange) {
      current = { failures: [], points: [] };
      seeing = exchange;
      judge.see(exchange);
      return current;
    },
    observations: () => judge.observations.list(),
  };
}
