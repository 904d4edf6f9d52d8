// A deployment profile: the value of each decision point (spec/decision-points.ts) as a
// deployment decided it, versioned, with a JSON Schema built from the registry (the checked-in
// spec/profile.schema.json is that schema; a test keeps it current). readProfile validates a
// profile and fills in doppel's choices where it is silent; a bad one is a ProfileError naming
// the offending field.
import type { Ajv2020, ErrorObject } from 'ajv/dist/2020.js';
import { ajvModules } from './ajv-modules.js';
import { DECISION_POINTS, DEFAULT_DECISIONS, decisionPoint, type DecisionPoint, type DecisionValues } from './decision-points.js';

export const PROFILE_VERSION = 1;

/** A request or response as a learned profile quotes it (masked). */
export interface Evidence {
  request: string;
  status: number;
  response: string;
}

export interface ProfilePoint {
  value: number | string;
  /** How many times a run observed it. */
  observed?: number;
  /** Whether every observation gave the same value. */
  consistent?: boolean;
  evidence?: Evidence[];
}

export interface Profile {
  doppel_profile: typeof PROFILE_VERSION;
  /** Where and when it was learned (free text fields). */
  learned_from?: Record<string, unknown>;
  points: Record<string, ProfilePoint>;
  /** Points the run could not observe: they stay at doppel's choice. */
  unobserved?: { id: string; default: number | string; reason: string }[];
}

export class ProfileError extends Error {
  override readonly name = 'ProfileError';
  readonly code = 'invalid_profile';
  constructor(
    /** JSON pointer of the offending field ('' for the whole document). */
    readonly field: string,
    detail: string,
  ) {
    super(`invalid profile${field ? ` at ${field}` : ''}: ${detail}`);
  }
}

function valueSchema(p: DecisionPoint): Record<string, unknown> {
  if (p.choices) return { type: 'string', enum: [...p.choices] };
  if (typeof p.default === 'string') return { type: 'string', minLength: 1, maxLength: 500 };
  if (p.kind === 'status') return { type: 'integer', minimum: 100, maximum: 599 };
  const [min, max] = p.range ?? [0, Number.MAX_SAFE_INTEGER];
  return { type: 'integer', minimum: min, maximum: max };
}

/** The profile's JSON Schema, from the registry (spec/profile.schema.json is this, written out). */
export function profileSchema(): Record<string, unknown> {
  const evidence = {
    type: 'object',
    required: ['request', 'status', 'response'],
    properties: { request: { type: 'string' }, status: { type: 'integer' }, response: { type: 'string' } },
  };
  const points = Object.fromEntries(
    (DECISION_POINTS as readonly DecisionPoint[]).map((p) => [
      p.id,
      {
        type: 'object',
        description: `${p.kind}: ${p.meaning} (doppel: ${JSON.stringify(p.default)})`,
        required: ['value'],
        additionalProperties: false,
        properties: {
          value: valueSchema(p),
          observed: { type: 'integer', minimum: 0 },
          consistent: { type: 'boolean' },
          evidence: { type: 'array', items: evidence },
        },
      },
    ]),
  );
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: 'https://doppel.dev/schemas/profile-v1.json',
    title: 'doppel deployment profile',
    type: 'object',
    required: ['doppel_profile', 'points'],
    additionalProperties: false,
    properties: {
      doppel_profile: { const: PROFILE_VERSION },
      learned_from: { type: 'object' },
      points: { type: 'object', additionalProperties: false, properties: points },
      unobserved: {
        type: 'array',
        items: { type: 'object', required: ['id', 'default', 'reason'], properties: { id: { type: 'string' }, default: { type: ['integer', 'string'] }, reason: { type: 'string' } } },
      },
    },
  };
}

let validate: ReturnType<Ajv2020['compile']> | undefined;

function firstProblem(errors: ErrorObject[]): ProfileError {
  const e = errors[0] as ErrorObject;
  if (e.keyword === 'additionalProperties') {
    const extra = String((e.params as { additionalProperty: string }).additionalProperty);
    const where = e.instancePath === '/points' ? 'no such decision point (spec/decision-points.ts lists them)' : 'unknown field';
    return new ProfileError(`${e.instancePath}/${extra}`, where);
  }
  if (e.keyword === 'enum') return new ProfileError(e.instancePath, `must be one of ${((e.params as { allowedValues: unknown[] }).allowedValues ?? []).map((v) => JSON.stringify(v)).join(', ')}`);
  if (e.keyword === 'const' && e.instancePath === '/doppel_profile') return new ProfileError('/doppel_profile', `version must be ${PROFILE_VERSION}`);
  return new ProfileError(e.instancePath, e.message ?? e.keyword);
}

/** Validates a profile (parsed JSON) and returns every point's value; throws ProfileError. */
export function readProfile(input: unknown): DecisionValues {
  // ajv is required here, on first use, not when the fake is imported (./ajv-modules.ts): a
  // `doppel mock` start without --profile never loads it (~50 ms of its start-up).
  validate ??= new (ajvModules().Ajv2020)({ allErrors: false, strict: false }).compile(profileSchema());
  if (!validate(input)) throw firstProblem(validate.errors ?? []);
  const profile = input as Profile;
  const values: DecisionValues = { ...DEFAULT_DECISIONS };
  for (const [id, point] of Object.entries(profile.points)) {
    const p = decisionPoint(id) as DecisionPoint;
    if (p.statuses && !p.statuses.includes(point.value as number)) {
      throw new ProfileError(`/points/${id}/value`, `the fake can answer ${p.statuses.join(', ')} here, not ${String(point.value)}`);
    }
    (values as Record<string, number | string>)[id] = point.value;
  }
  return values;
}
