// The shapes of a check (Schemathesis' registered checks): a response check looks at every
// recorded exchange; a scenario check sends its own requests; a state check follows the stream of
// exchanges and compares each read with what earlier answers said. Each asserts one or more rules,
// every one with its source (seed or decision), and reports typed Failures naming the rule.
import type { DecisionValues, PointId } from '../../spec/decision-points.js';
import type { CheckContext } from '../act/context.js';
import type { TargetModel } from '../model/target-model.js';
import type { Assertion, CheckMeta, Exchange, Failure } from '../types.js';

/** One clause id or several (spec/clauses.ts: `trading §5.6`, `wallet §2 Transaction.date`). */
export type ClauseIds = string | readonly string[];

const listOf = (clauses: ClauseIds): readonly string[] => (typeof clauses === 'string' ? [clauses] : clauses);

/**
 * An assertion of a seed document's rule, citing the clause(s) it judges:
 * `seed('listed', 'trading §4 GET /api/v1/markets', 'a pair an order was accepted on is listed')`,
 * or an array of clause ids. Without `says`, the check's title says it (a check with one assertion).
 */
export function seed(id: string, clauses: ClauseIds, says = ''): Assertion {
  const list = listOf(clauses);
  if (list.length === 0) throw new Error(`seed assertion ${id}: cites no clause`);
  return { id, source: `seed ${list.join('; ')}`, kind: 'seed', says, clauses: list };
}

/**
 * An assertion of a doppel decision: `decision('fields', 'trading.order-fields', '…')`; `refines`:
 * the clause(s) whose "not shown" or open wording the decision settles.
 */
export function decision(id: string, decisionId: string, says = '', refines: ClauseIds = []): Assertion {
  return { id, source: `decision:${decisionId}`, kind: 'decision', says, clauses: listOf(refines) };
}

/** A problem a check found: a message, or a message and the assertion it breaks (needed when the check has several). */
export type Problem = string | { assertion: string; message: string };

export interface ResponseCheck extends CheckMeta {
  scope: 'response';
  /** Whether the check has something to say about this exchange (counts as "checked"). */
  applies(exchange: Exchange): boolean;
  /** Problems with this exchange. `decisions`: what --profile expects (default doppel's). */
  run(exchange: Exchange, decisions?: Readonly<DecisionValues>): Problem[];
  /** Why no answer of the kind it judges can be expected with these options (e.g. no key given). */
  needs?(ctx: CheckContext): string | undefined;
}

/**
 * What an observer read in a stream of exchanges: one case of a decision point. The judge counts
 * it as a case of the check, records its value (--learn) and fails the check's assertion when the
 * value is not the one expected (the --profile's, else doppel's).
 */
export interface PointCase {
  point: PointId;
  /** The assertion it judges (needed when the check has several). */
  assertion?: string;
  /** The exchanges that show it, in order; the last is the answer a failure quotes. */
  evidence: Exchange[];
  /** The value the target showed; undefined when it disagrees without a value a profile can hold (an unordered listing). */
  value: number | string | undefined;
  /** Whether the target did what `expected` says; default: the value is the expected one. */
  agrees?(expected: number | string): boolean;
  /**
   * Whether agreeing here tells `expected` apart from other values; default: yes. A case that
   * agrees without (a listing no longer than the default it expects, a lower bound) is no case: a
   * pass would not mean the value held. One that disagrees is a failure all the same.
   */
  decisive?(expected: number | string): boolean;
  /** The failure's title and message when it did not. */
  describe(expected: number | string): { title: string; message: string };
}

/**
 * The one reading of a scenario check's decision points: it interprets any stream of exchanges
 * (the check's own requests, a proxied client's, a recording), keeping what it needs of earlier
 * answers (which e-mails were registered, which orders are no longer open).
 */
export interface PointObserver {
  /** Per point, what traffic has to hold to show it (a learned profile's reason when none did). */
  shows: Readonly<Partial<Record<PointId, string>>>;
  /** Why a check run that exercised the check still showed no point, when that has a reason of its own (default: no case showed it). */
  unobserved?: string;
  /** A reader for one stream; `found` is told each case as the exchange that completes it arrives. */
  start(): (exchange: Exchange, found: (c: PointCase) => void) => void;
}

export interface ScenarioCheck extends CheckMeta {
  scope: 'scenario';
  /** The decision points its observer reads (--learn); the keys of observer.shows. */
  observes?: readonly PointId[];
  /** Reads its decision points from any stream of exchanges; the judge runs it on every stream. */
  observer?: PointObserver;
  /**
   * What any stream of exchanges shows of the check's assertions without a request of its own (a
   * client's own 401 for a missing key, 403 for a read key): the judge runs it on every stream, as
   * it runs a state check, so that doppel proxy and --from-har count those as cases.
   */
  passive?: Pick<StateCheck, 'start'> | undefined;
  /** Why the check cannot run with these options (e.g. no read key); undefined when it can. */
  skip(ctx: CheckContext): string | undefined;
  run(ctx: CheckContext, out: ScenarioOutput): Promise<void>;
}

/**
 * A state check judges the stream of exchanges in order, whoever sent them (the checker's own
 * requests, a proxied client, a recording): it compares each answer with what the target said
 * before (the model, built only from the target's answers), e.g. a listing with the orders placed.
 */
export interface StateCheck extends CheckMeta {
  scope: 'state';
  /** Why no exchange it judges can be expected with these options (e.g. writes not allowed). */
  needs?(ctx: CheckContext): string | undefined;
  /** A judge for one stream; it may keep private memory (e.g. a read waiting for a later one). */
  start(decisions: Readonly<DecisionValues>): (exchange: Exchange, model: TargetModel, out: StateOutput) => void;
}

/** What a state check reports: each case it evaluated, and failures naming the exchanges that disagree. */
export interface StateOutput {
  checked(exchange: Exchange, assertion?: string | readonly string[]): void;
  /**
   * A failure: `exchange` is the answer that disagrees (a read), `requests` the exchanges that show
   * it, in order (the write and the read), `message` names the operation, the write and the read.
   */
  fail(failure: { assertion?: string; title: string; message: string; exchange: Exchange; requests: Exchange[]; together?: number }): void;
}

export type Check = ResponseCheck | ScenarioCheck | StateCheck;

/** A failure as a check reports it; the runner adds the check, the assertion's kind and source, and the count. */
export type FailureReport = Omit<Failure, 'checkId' | 'assertion' | 'kind' | 'source' | 'occurrences' | 'iface'> & {
  iface?: Exchange['iface'];
  /** Which of the check's assertions failed; may be left out when it has only one. */
  assertion?: string;
};

/** What a scenario reports: every case it checked, and the failures among them. */
export interface ScenarioOutput {
  /** One case evaluated; `assertion` names which of several it judged (default: every one). */
  checked(operationId: string, iface?: Exchange['iface'], assertion?: string | readonly string[]): void;
  /** Why the check evaluated nothing (no data of that kind, no 429 seen); it then does not pass. */
  notExercised(reason: string): void;
  fail(failure: FailureReport): void;
}

type Definition<C extends CheckMeta> = Omit<C, 'scope'>;

function checked<C extends CheckMeta>(check: C): C {
  const ids = check.assertions.map((a) => a.id);
  if (ids.length === 0 || new Set(ids).size !== ids.length) throw new Error(`check ${check.id}: assertions must be at least one, with distinct ids`);
  if (check.assertions.some((a) => !a.says) && check.assertions.length > 1) throw new Error(`check ${check.id}: each of several assertions says what it asserts`);
  const { observes, observer } = check as Partial<ScenarioCheck>;
  if (observes && (!observer || Object.keys(observer.shows).sort().join() !== [...observes].sort().join())) throw new Error(`check ${check.id}: an observer must say what traffic shows each point it observes`);
  return { ...check, assertions: check.assertions.map((a) => (a.says ? a : { ...a, says: check.title })) };
}

export function defineResponseCheck(check: Definition<ResponseCheck>): ResponseCheck {
  return checked({ scope: 'response', ...check });
}

export function defineScenarioCheck(check: Definition<ScenarioCheck>): ScenarioCheck {
  return checked({ scope: 'scenario', ...check });
}

export function defineStateCheck(check: Definition<StateCheck>): StateCheck {
  return checked({ scope: 'state', ...check });
}

/** The assertion a problem names (the only one when it names none); a wrong name is a programming error. */
export function assertionOf(check: CheckMeta, id: string | undefined): Assertion {
  const found = id === undefined ? (check.assertions.length === 1 ? check.assertions[0] : undefined) : check.assertions.find((a) => a.id === id);
  if (!found) throw new Error(`check ${check.id}: ${id === undefined ? 'a failure must name one of its assertions' : `no assertion ${id}`}`);
  return found;
}

/** The kind a check shows in lists: seed, decision, or both when it asserts both. */
export function kindsOf(check: CheckMeta): 'seed' | 'decision' | 'seed+decision' {
  const kinds = new Set(check.assertions.map((a) => a.kind));
  return kinds.size === 2 ? 'seed+decision' : (check.assertions[0]?.kind ?? 'seed');
}
