// The one judge of exchanges, whatever produced them (doppel check's own requests, a proxied
// client's traffic, a recording): every response check on each exchange, then every state check
// against what the target said before (the model), then the model takes the exchange in.
import type { DecisionValues } from '../spec/decision-points.js';
import type { Check, Problem, ResponseCheck, StateCheck, StateOutput } from './checks/check.js';
import type { Findings } from './findings.js';
import { TargetModel } from './state/target-model.js';
import type { Exchange, Failure } from './types.js';

export interface JudgeOptions {
  /** The checks to apply; scenario checks among them are ignored (they send requests of their own). */
  checks: readonly Check[];
  decisions: Readonly<DecisionValues>;
  findings: Findings;
  /** Told of each new failure as it is found (a proxy prints it at once). */
  onFailure?: ((failure: Failure) => void) | undefined;
}

export interface Judge {
  see(exchange: Exchange): void;
  readonly model: TargetModel;
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
  const state = options.checks
    .filter((c): c is StateCheck => c.scope === 'state')
    .map((check) => ({ check, judge: check.start(decisions) }));
  const model = new TargetModel();
  const time = new Map<string, number>();
  const timed = (id: string, fn: () => void): void => {
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

  function judgeState(check: StateCheck, judge: ReturnType<StateCheck['start']>, ex: Exchange): void {
    if (!check.appliesTo.includes(ex.iface)) return;
    const out: StateOutput = {
      checked: (e, assertion) => findings.checked(check, e.iface, e.operationId ?? '(unknown path)', assertion),
      fail: (f) => told(findings.fail(check, { ...f, iface: f.exchange.iface, operationId: f.exchange.operationId }, 'first')),
    };
    judge(ex, model, out);
  }

  return {
    model,
    timeOf: (id) => time.get(id) ?? 0,
    see(ex) {
      for (const check of response) timed(check.id, () => judgeResponse(check, ex));
      for (const { check, judge } of state) timed(check.id, () => judgeState(check, judge, ex));
      model.apply(ex);
    },
  };
}
