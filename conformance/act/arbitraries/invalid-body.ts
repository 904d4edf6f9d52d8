// Invalid request bodies generated from the spec: one mutation of a valid base body per case —
// wrong JSON type, missing required field, out-of-range number, value outside an enum, malformed
// decimal, unknown symbol or chain, or a body that is not JSON.
import fc from 'fast-check';
import type { InterfaceName } from '../../../spec/index.js';
import type { InvalidCase } from './invalid-case.js';
import { requestFields, type FieldSchema } from './request-schema.js';
import { mutationBasis, type MutationKind } from './mutation-basis.js';

interface Mutation {
  kind: MutationKind;
  field: string | null;
  describe: string;
  apply: (body: Record<string, unknown>) => Record<string, unknown> | string;
}

const set = (field: string, value: unknown) => (body: Record<string, unknown>) => ({ ...body, [field]: value });

// Malformed decimals (trading §4 "decimal strings"): exponent, sign, junk, and a 9th fraction digit.
const MALFORMED_DECIMALS = ['1e5', '-1', 'abc', '', '1,5', '0x10', '1.123456789'];
const WRONG_TYPES: Record<string, unknown[]> = {
  string: [123, true, { a: 1 }, ['x']],
  integer: ['5', 1.5, true, { a: 1 }],
  number: ['10', true, [1]],
};

function mutationsOf(field: FieldSchema, extra: { maxLeverage?: number | undefined }): Mutation[] {
  const out: Mutation[] = [];
  const name = field.name;
  for (const type of field.types) {
    for (const wrong of WRONG_TYPES[type] ?? []) {
      if (field.types.includes(typeof wrong === 'number' && Number.isInteger(wrong) ? 'integer' : typeof wrong)) continue;
      out.push({ kind: 'wrong-type', field: name, describe: `${name} = ${JSON.stringify(wrong)} (not ${field.types.join(' or ')})`, apply: set(name, wrong) });
    }
  }
  if (field.required) {
    out.push({ kind: 'missing', field: name, describe: `${name} missing (required)`, apply: ({ [name]: _drop, ...rest }) => rest });
  }
  if (field.minimum !== undefined) {
    out.push({ kind: 'below-minimum', field: name, describe: `${name} = ${field.minimum - 1} (minimum ${field.minimum})`, apply: set(name, field.minimum - 1) });
  }
  if (field.exclusiveMinimum !== undefined) {
    out.push({ kind: 'below-minimum', field: name, describe: `${name} = ${field.exclusiveMinimum} (must be > ${field.exclusiveMinimum})`, apply: set(name, field.exclusiveMinimum) });
    out.push({ kind: 'below-minimum', field: name, describe: `${name} = -1 (must be > ${field.exclusiveMinimum})`, apply: set(name, -1) });
  }
  if (field.maximum !== undefined) {
    out.push({ kind: 'above-maximum', field: name, describe: `${name} = ${field.maximum + 1} (maximum ${field.maximum})`, apply: set(name, field.maximum + 1) });
  }
  if (name === 'leverage' && extra.maxLeverage !== undefined) {
    out.push({ kind: 'above-maximum', field: name, describe: `leverage = ${extra.maxLeverage + 1} (market max_leverage ${extra.maxLeverage})`, apply: set(name, extra.maxLeverage + 1) });
  }
  if (field.enum) {
    const bogus = field.types.includes('integer') ? 7 : 'sideways';
    out.push({ kind: 'enum', field: name, describe: `${name} = ${JSON.stringify(bogus)} (allowed: ${field.enum.map(String).join(', ')})`, apply: set(name, bogus) });
  }
  if (field.decimal) {
    for (const bad of MALFORMED_DECIMALS) {
      out.push({ kind: bad === '1.123456789' ? 'decimal-precision' : 'malformed-decimal', field: name, describe: `${name} = ${JSON.stringify(bad)} (malformed decimal)`, apply: set(name, bad) });
    }
  }
  if (name === 'market' || name === 'pair') {
    out.push({ kind: 'unknown-symbol', field: name, describe: `${name} = "ZZQX" (unknown symbol)`, apply: set(name, 'ZZQX') });
  }
  if (name === 'chain') {
    out.push({ kind: 'unknown-chain', field: name, describe: 'chain = "nochain" (unknown chain)', apply: set(name, 'nochain') });
  }
  return out;
}

/** Every single-mutation invalid body of one operation, generated from its request schema. */
export function invalidBodyCases(
  iface: InterfaceName,
  operationId: string,
  base: Record<string, unknown>,
  extra: { maxLeverage?: number | undefined; params?: Record<string, string | number> | undefined } = {},
): InvalidCase[] {
  const mutations: Mutation[] = requestFields(iface, operationId).flatMap((f) => mutationsOf(f, extra));
  mutations.push({ kind: 'not-json', field: null, describe: 'body is not JSON', apply: () => '{"' });
  mutations.push({ kind: 'not-object', field: null, describe: 'body is a JSON array', apply: () => '[]' });
  return mutations.map((m) => {
    const result = m.apply(base);
    const c: InvalidCase = { operationId, mutation: m.describe, basis: mutationBasis(iface, operationId, m.kind, m.field) };
    if (extra.params) c.params = extra.params;
    if (typeof result === 'string') c.rawBody = result;
    else c.body = result;
    return c;
  });
}

/** The cases as an arbitrary; constantFrom shrinks towards the first (simplest) mutations. */
export function casesArbitrary(cases: InvalidCase[]): fc.Arbitrary<InvalidCase> {
  return fc.constantFrom(...cases);
}
