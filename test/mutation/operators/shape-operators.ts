// Shape: each field of each answer (answer-fields.ts) dropped, renamed, retyped, nulled; and each
// operation's success envelope moved. A field the schema makes optional, or whose type or null it
// leaves open, gives an equivalent mutant with that reason.
import { operations } from '../../../spec/index.js';
import { answerFields, type AnswerField } from '../answer-fields.js';
import { editBody, isSuccess, requestOf, slotsAt } from '../answer-edit.js';
import { seedOf, type Mutant } from '../mutant.js';

type Json = any;

const allowsNull = (schema: Json): boolean => JSON.stringify(schema ?? {}).includes('"null"');
const typeOpen = (schema: Json): boolean => !schema || ['type', 'const', 'enum', 'pattern', 'oneOf', 'anyOf', 'allOf', 'properties', 'items'].every((k) => !(k in schema));

/**
 * Another JSON type for a value: a number or boolean as a string, a string as a number, an object or
 * a list as its JSON text (not a list as a map: trading's seed lets `data` be either).
 */
export function retyped(v: unknown): unknown {
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (typeof v === 'string') return Number.isFinite(Number(v)) && v.trim() !== '' ? Number(v) : 0;
  if (v && typeof v === 'object') return JSON.stringify(v);
  return 0;
}

function onField(f: AnswerField, change: (parent: Json, key: string | number) => void): Mutant['breakage'] {
  const is = requestOf(f.iface, f.op.operationId);
  return () => ({
    response: (req, res) => {
      if (!is(req) || isSuccess(res) !== (f.answer === 'success')) return res;
      return editBody(res, (body) => {
        const slots = slotsAt(body, f.path);
        for (const { parent, key } of slots) change(parent, key);
        return slots.length > 0;
      });
    },
  });
}

const site = (f: AnswerField): string => `${f.op.operationId} ${f.answer} /${f.path.join('/')}`;

function fieldMutants(f: AnswerField): Mutant[] {
  const base = { family: 'shape' as const, iface: f.iface, site: site(f), violates: f.presence };
  const optional = f.required ? undefined : `${f.name} is optional in the schema: an answer without it is lawful`;
  return [
    { ...base, id: `field-dropped ${f.iface} ${site(f)}`, operator: 'field-dropped', says: `${f.name} left out`, ...(optional ? { equivalent: optional } : {}), breakage: onField(f, (p, k) => (Array.isArray(p) ? undefined : delete p[k])) },
    {
      ...base,
      id: `field-renamed ${f.iface} ${site(f)}`,
      operator: 'field-renamed',
      says: `${f.name} answered as ${f.name}_renamed`,
      ...(optional && !f.closed ? { equivalent: `${optional}, and the schema allows other fields` } : {}),
      breakage: onField(f, (p, k) => {
        if (Array.isArray(p)) return;
        p[`${String(k)}_renamed`] = p[k];
        delete p[k];
      }),
    },
    { ...base, id: `field-retyped ${f.iface} ${site(f)}`, operator: 'field-retyped', says: `${f.name} answered as another JSON type`, ...(typeOpen(f.schema) ? { equivalent: `the schema leaves ${f.name}'s type open` } : {}), breakage: onField(f, (p, k) => void (p[k] = retyped(p[k]))) },
    { ...base, id: `field-nulled ${f.iface} ${site(f)}`, operator: 'field-nulled', says: `${f.name} answered as null`, ...(allowsNull(f.schema) || typeOpen(f.schema) ? { equivalent: `the schema allows ${f.name} to be null` } : {}), breakage: onField(f, (p, k) => void (p[k] = null)) },
  ];
}

/** A success's fields moved under another key: trading's `data` as `result`, the wallet's fields under `data`. */
function envelopeMoved(iface: 'trading' | 'wallet'): Mutant[] {
  return operations(iface).map((op) => {
    const is = requestOf(iface, op.operationId);
    return {
      id: `envelope-moved ${iface} ${op.operationId}`,
      family: 'shape' as const,
      operator: 'envelope-moved',
      iface,
      site: op.operationId,
      violates: seedOf(`${iface} §4 ${op.method} ${op.path}`),
      says: iface === 'trading' ? 'data answered as result' : 'the fields answered under data',
      breakage: () => ({
        response: (req, res) =>
          is(req) && isSuccess(res)
            ? editBody(res, (b) => {
                if (!b || typeof b !== 'object' || Array.isArray(b)) return false;
                if (iface === 'trading') {
                  if (!('data' in b)) return false;
                  b.result = b.data;
                  delete b.data;
                  return true;
                }
                const rest = Object.keys(b).filter((k) => k !== 'success');
                if (rest.length === 0) return false;
                b.data = Object.fromEntries(rest.map((k) => [k, b[k]]));
                for (const k of rest) delete b[k];
                return true;
              })
            : res,
      }),
    };
  });
}

export function shapeMutants(): Mutant[] {
  return (['trading', 'wallet'] as const).flatMap((iface) => [...answerFields(iface).flatMap(fieldMutants), ...envelopeMoved(iface)]);
}
