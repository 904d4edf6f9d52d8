// createFaultRules: the fault injection rules of a fake (after WireMock's faults, Prism's
// `Prefer: code=`). A rule picks requests with the one RequestPattern and, for a number of times
// or until removed, answers them the way production fails. The pipeline is synchronous, so a
// fault is decided here as data (FakeResponse.delayMs / drop) and the adapter acts on it.
//
// Faulted answers are outside the contract by design: an injected status need not be one the spec
// lists for that operation. A fault that answers instead of the fake (status, rate_limit,
// no_answer, drop) runs nothing of the fake: no state changes, the clock is not even settled.

import { matchesPattern, readPattern, type RequestFacts, type RequestPattern } from './request-pattern.js';

export type FaultAction =
  /** Answers this status (400-599) with the error envelope, code `injected_fault`. */
  | { type: 'status'; status: number; error?: string }
  /** 429 with Retry-After (seconds), as the wallet's limiter answers (wallet §8). */
  | { type: 'rate_limit'; retry_after: number }
  /** The real answer, sent after ms milliseconds (the request is applied when it arrives). */
  | { type: 'delay'; ms: number }
  /** No answer: the connection is closed after ms milliseconds without a response. */
  | { type: 'no_answer'; ms: number }
  /** The connection is dropped at once (fetch rejects with a network error). */
  | { type: 'drop' };

export interface FaultRuleInput {
  match?: RequestPattern;
  /** How many requests it answers; absent: until removed. */
  times?: number;
  fault: FaultAction;
}

export interface FaultRule {
  id: string;
  match: RequestPattern;
  times: number | null;
  fault: FaultAction;
  /** How many requests it has answered. */
  fired: number;
  /** Still firing (times not used up). */
  active: boolean;
}

export interface FaultRules {
  /** Number of active rules: the pipeline skips matching when it is 0. */
  readonly active: number;
  add(rule: FaultRuleInput): FaultRule;
  list(): FaultRule[];
  /** Removes one rule by id (true if it existed), or all rules without an id (their count). */
  remove(id?: string): boolean | number;
  /** The first active rule that matches, counted as fired. */
  take(facts: RequestFacts): FaultRule | undefined;
}

export const MAX_FAULT_RULES = 1000;
/** Ten minutes: longer than any client timeout worth testing, short enough not to pin sockets for good. */
export const MAX_FAULT_DELAY_MS = 600_000;

export class FaultRuleError extends Error {
  override readonly name = 'FaultRuleError';
}

export function createFaultRules(): FaultRules {
  const rules: FaultRule[] = [];
  let seq = 0;
  let active = 0;
  return {
    get active() {
      return active;
    },
    add(input) {
      const rule = readFaultRule(input, `f${++seq}`);
      if (rules.length >= MAX_FAULT_RULES) throw new FaultRuleError(`at most ${MAX_FAULT_RULES} fault rules; remove some first`);
      rules.push(rule);
      active++;
      return { ...rule };
    },
    list() {
      return rules.map((r) => ({ ...r }));
    },
    remove(id) {
      if (id === undefined) {
        const n = rules.length;
        rules.length = 0;
        active = 0;
        return n;
      }
      const i = rules.findIndex((r) => r.id === id);
      if (i === -1) return false;
      if ((rules[i] as FaultRule).active) active--;
      rules.splice(i, 1);
      return true;
    },
    take(facts) {
      for (const rule of rules) {
        if (!rule.active || !matchesPattern(rule.match, facts)) continue;
        rule.fired++;
        if (rule.times !== null && rule.fired >= rule.times) {
          rule.active = false;
          active--;
        }
        return rule;
      }
      return undefined;
    },
  };
}

/** A rule from untrusted JSON; throws FaultRuleError naming every problem. */
export function readFaultRule(input: unknown, id: string): FaultRule {
  const errors: string[] = [];
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw new FaultRuleError('a fault rule is an object {match, times?, fault}');
  const body = input as Record<string, unknown>;
  for (const name of Object.keys(body)) if (!['match', 'times', 'fault'].includes(name)) errors.push(`unknown field ${name}`);
  let match: RequestPattern = {};
  if (body['match'] !== undefined) {
    if (typeof body['match'] !== 'object' || body['match'] === null || Array.isArray(body['match'])) errors.push('match must be an object');
    else {
      const m = body['match'] as Record<string, unknown>;
      match = readPattern(m, errors, 'match.');
      for (const name of Object.keys(m)) if (!(name in match) && m[name] !== undefined && !errors.some((e) => e.startsWith(`match.${name}`))) errors.push(`match.${name} is not a pattern field (method, path, operationId, key, namespace, interface)`);
    }
  }
  const times = body['times'];
  if (times !== undefined && times !== null && (!Number.isInteger(times) || (times as number) < 1 || (times as number) > 1_000_000)) errors.push('times must be an integer from 1 to 1000000 (absent: until removed)');
  const fault = readAction(body['fault'], errors);
  if (errors.length > 0 || fault === undefined) throw new FaultRuleError(errors.join('; '));
  return { id, match, times: typeof times === 'number' ? times : null, fault, fired: 0, active: true };
}

function readAction(input: unknown, errors: string[]): FaultAction | undefined {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    errors.push('fault must be an object with a type: status, rate_limit, delay, no_answer or drop');
    return undefined;
  }
  const f = input as Record<string, unknown>;
  const ms = (): number | undefined => {
    const value = f['ms'];
    if (Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_FAULT_DELAY_MS) return value as number;
    errors.push(`fault.ms must be an integer from 0 to ${MAX_FAULT_DELAY_MS}`);
    return undefined;
  };
  switch (f['type']) {
    case 'status': {
      const status = f['status'];
      if (!Number.isInteger(status) || (status as number) < 400 || (status as number) > 599) errors.push('fault.status must be an integer from 400 to 599');
      const error = f['error'];
      if (error !== undefined && (typeof error !== 'string' || error.length > 500)) errors.push('fault.error must be a string of at most 500 characters');
      return { type: 'status', status: status as number, ...(typeof error === 'string' ? { error } : {}) };
    }
    case 'rate_limit': {
      const after = f['retry_after'] ?? 1;
      if (!Number.isInteger(after) || (after as number) < 0 || (after as number) > 86_400) errors.push('fault.retry_after must be an integer number of seconds from 0 to 86400');
      return { type: 'rate_limit', retry_after: after as number };
    }
    case 'delay': {
      const value = ms();
      return value === undefined ? undefined : { type: 'delay', ms: value };
    }
    case 'no_answer': {
      const value = f['ms'] === undefined ? MAX_FAULT_DELAY_MS : ms();
      return value === undefined ? undefined : { type: 'no_answer', ms: value };
    }
    case 'drop':
      return { type: 'drop' };
    default:
      errors.push('fault.type must be status, rate_limit, delay, no_answer or drop');
      return undefined;
  }
}
