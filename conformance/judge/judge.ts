// The one judge of exchanges, whatever produced them (doppel check's own requests, a proxied
// client's traffic, a recording): every response check on each exchange, then every state check
// against what the target said before (the model), then the model takes the exchange in; and the
// observers of the scenario checks read their decision points from the same stream (--learn),
// each case judged against the expected value; a scenario check's passive part judges its
// assertions on the stream as a state check does.
import type { DecisionValues } from '../../spec/decision-points.js';
import type { Check, PointCase, PointObserver, Problem, ResponseCheck, ScenarioCheck, StateCheck, StateOutput } from '../checks/check.js';
import type { Findings } from './findings.js';
import { Observations } from './observations.js';
import { TargetModel } from '../model/target-model.js';
import type { Exchange, Failure } from '../types.js';

export interface JudgeOptions {
  /** The checks to apply; of the scenario checks (they send requests of their own) only their observers. */
  checks: readonly Check[];
  decisions: Readonly<DecisionValues>;
  findings: Findings;
  /** Told of each new failure as it is found (a proxy prints it at once). */
  onFailure?: ((failure: Failure) => void) | undefined;
  /** Where the observers' values go (shared by the judges of one run); default a new one. */
  observations?: Observations | undefined;
  /** Time each check (timeOf); off, a proxy saves two clock reads per check and exchange. Default on. */
  timing?: boolean | undefined;
  /** Told of each value an observer reads at a decision point, with the exchanges that show it (doppel diff pairs them answer by answer). */
  onObservation?: ((point: string, value: number | string, evidence: readonly Exchange[]) => void) | undefined;
}

export interface Judge {
  see(exchange: Exchange): void;
  /**
   * The target was reset (its state dropped): what the model, the state checks and the observers
   * remember of it is forgotten, so that reads after the reset are not judged against writes
   * before it. Findings so far stay.
   */
  forget(): void;
  readonly model: TargetModel;
  /** What the observers saw at the decision points. */
  readonly observations: Observations;
  /** Milliseconds a check has spent judging. */
  timeOf(checkId: string): number;
}

function byAssertion(problems: Problem[]): Map<string | undefined, string[]> {
  const out = new Map<string | undefined, string[]>();
  for (const p of problems) {
    const [assertion, message] = typeof p === 'string' ? [undefined, p] : [p.assertion, p.message];
    out.set(assertion, [...(out.get(assertion) ?? []), message]);
  }
  return out;
}

export function createJudge(options: JudgeOptions): Judge {
  const { findings, decisions } = options;
  const told = (f: Failure | undefined) => {
    if (f) options.onFailure?.(f);
  };
  const response = options.checks.filter((c): c is ResponseCheck => c.scope === 'response');
  const startState = () =>
    options.checks
      .filter((c): c is StateCheck => c.scope === 'state')
      .map((check) => ({ check, judge: check.start(decisions) }));
  const startPassive = () =>
    options.checks
      .filter((c): c is ScenarioCheck & { passive: NonNullable<ScenarioCheck['passive']> } => c.scope === 'scenario' && c.passive !== undefined)
      .map((check) => ({ check, judge: check.passive.start(decisions) }));
  const startObserving = () =>
    options.checks
      .filter((c): c is ScenarioCheck & { observer: PointObserver } => c.scope === 'scenario' && c.observer !== undefined)
      .map((check) => ({ check, read: check.observer.start() }));
  let state = startState();
  let passive = startPassive();
  let observing = startObserving();
  const observations = options.observations ?? new Observations();
  let model = new TargetModel();
  const time = new Map<string, number>();
  const timed = options.timing === false ? (_id: string, fn: () => void): void => fn() : (id: string, fn: () => void): void => {
    const t0 = performance.now();
    fn();
    time.set(id, (time.get(id) ?? 0) + performance.now() - t0);
  };

  function judgeResponse(check: ResponseCheck, ex: Exchange): void {
    if (!check.appliesTo.includes(ex.iface) || !check.applies(ex)) return;
    const op = ex.operationId ?? '(unknown path)';
    findings.checked(check, ex.iface, op);
    for (const [assertion, messages] of byAssertion(check.run(ex, decisions))) {
      told(findings.fail(check, { assertion, iface: ex.iface, operationId: ex.operationId, title: messages[0] as string, message: messages.join('; '), exchange: ex }, 'smallest'));
    }
  }

  function judgeState(check: StateCheck | ScenarioCheck, judge: ReturnType<StateCheck['start']>, ex: Exchange): void {
    if (!check.appliesTo.includes(ex.iface)) return;
    const out: StateOutput = {
      checked: (e, assertion) => findings.checked(check, e.iface, e.operationId ?? '(unknown path)', assertion),
      fail: (f) => told(findings.fail(check, { ...f, iface: f.exchange.iface, operationId: f.exchange.operationId }, 'first')),
    };
    judge(ex, model, out);
  }

  function judgeCase(check: ScenarioCheck, c: PointCase): void {
    const ex = c.evidence[c.evidence.length - 1] as Exchange;
    const expected = (decisions as Record<string, number | string>)[c.point] as number | string;
    const agrees = c.agrees ? c.agrees(expected) : c.value === expected;
    if (agrees && c.decisive && !c.decisive(expected)) return;
    findings.checked(check, ex.iface, ex.operationId ?? '(unknown path)', c.assertion);
    if (c.value !== undefined) {
      observations.add(c.point, check.id, c.value, c.evidence);
      options.onObservation?.(c.point, c.value, c.evidence);
    }
    if (agrees) return;
    const { title, message } = c.describe(expected);
    told(findings.fail(check, { assertion: c.assertion, iface: ex.iface, operationId: ex.operationId, title, message, exchange: ex, requests: c.evidence.length > 1 ? c.evidence : undefined }, 'first'));
  }

  return {
    get model() {
      return model;
    },
    forget() {
      model = new TargetModel();
      state = startState();
      passive = startPassive();
      observing = startObserving();
    },
    observations,
    timeOf: (id) => time.get(id) ?? 0,
    see(ex) {
      for (const check of response) timed(check.id, () => judgeResponse(check, ex));
      for (const { check, judge } of state) timed(check.id, () => judgeState(check, judge, ex));
      for (const { check, judge } of passive) timed(check.id, () => judgeState(check, judge, ex));
      for (const { check, read } of observing) timed(check.id, () => read(ex, (c) => judgeCase(check, c)));
      model.apply(ex);
    },
  };
}
