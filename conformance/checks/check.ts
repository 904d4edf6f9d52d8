// The two shapes of a check (Schemathesis' registered checks): a response check looks at every
// recorded exchange; a scenario check sends its own requests. Both return typed Failures.
import type { DecisionValues, PointId } from '../../spec/decision-points.js';
import type { CheckContext } from '../context.js';
import type { CheckMeta, Exchange, Failure } from '../types.js';

export interface ResponseCheck extends CheckMeta {
  scope: 'response';
  /** Whether the check has something to say about this exchange (counts as "checked"). */
  applies(exchange: Exchange): boolean;
  /** Problems with this exchange: one message each. `decisions`: what --profile expects (default doppel's). */
  run(exchange: Exchange, decisions?: Readonly<DecisionValues>): string[];
  /** Why no answer of the kind it judges can be expected with these options (e.g. no key given). */
  needs?(ctx: CheckContext): string | undefined;
}

export interface ScenarioCheck extends CheckMeta {
  scope: 'scenario';
  /** The decision points whose value it records with ctx.observe (--learn, issue 17). */
  observes?: readonly PointId[];
  /** Why the check cannot run with these options (e.g. no read key); undefined when it can. */
  skip(ctx: CheckContext): string | undefined;
  run(ctx: CheckContext, out: ScenarioOutput): Promise<void>;
}

export type Check = ResponseCheck | ScenarioCheck;

/** What a scenario reports: every case it checked, and the failures among them. */
export interface ScenarioOutput {
  checked(operationId: string, iface?: Exchange['iface']): void;
  /** Why the check evaluated nothing (no data of that kind, no 429 seen); it then does not pass. */
  notExercised(reason: string): void;
  fail(failure: Omit<Failure, 'checkId' | 'kind' | 'source' | 'occurrences' | 'iface'> & { iface?: Exchange['iface'] }): void;
}

export function defineResponseCheck(check: Omit<ResponseCheck, 'scope'>): ResponseCheck {
  return { scope: 'response', ...check };
}

export function defineScenarioCheck(check: Omit<ScenarioCheck, 'scope'>): ScenarioCheck {
  return { scope: 'scenario', ...check };
}

/** Status classes used by many checks. */
export const is2xx = (status: number): boolean => status >= 200 && status < 300;

/** The body as an object, or undefined. */
export function bodyOf(exchange: Exchange): Record<string, unknown> | undefined {
  const json = exchange.json;
  return json && typeof json === 'object' && !Array.isArray(json) ? (json as Record<string, unknown>) : undefined;
}

/** Query parameters of the exchange's URL. */
export function queryOf(exchange: Exchange): URLSearchParams {
  return new URL(exchange.url).searchParams;
}
