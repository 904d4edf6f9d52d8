// Every field an answer of each operation can hold, read from the OpenAPI documents: where it sits
// (a path of keys, `*` for an item or a map value), its schema, whether it is required, and the rule
// that makes it so (the §2 row of its record, else the decision on its record, else the operation's
// §4 row). The shape, decimal and date operators apply at each.
import { loadSpec, operations, resolveRef, type Operation } from '../../spec/index.js';
import { interfaceClauses } from './interface-clauses.js';
import { decisionOf, seedOf, type Violation } from './mutant.js';

type Iface = 'trading' | 'wallet';
type Json = any;

export interface AnswerField {
  iface: Iface;
  op: Operation;
  /** 'success' (2xx answers) or 'error' (any other). */
  answer: 'success' | 'error';
  /** Keys from the body's root to the field, `*` for an array item or a map value. */
  path: readonly string[];
  name: string;
  schema: Json;
  /** The component the field's own schema refers to (`Decimal8`, `DateTime`). */
  ref?: string;
  required: boolean;
  /** Whether the field's parent forbids fields it does not list. */
  closed: boolean;
  /** The rule its presence and type break. */
  presence: Violation;
  /** The rule its value's format breaks (a decimal's scale, a date's form): the format's decision, else `presence`. */
  format: Violation;
}

// The §2 record each component is (`<iface> §2 <Record>.<field>` rows); an inline answer by its operation.
const RECORDS: Record<string, string> = { PriceEntry: 'Price entry', BalanceEntry: 'Balance entry', User: 'User', Chain: 'Chain', Wallet: 'Wallet', NewWallet: 'Wallet', Transaction: 'Transaction' };
const INLINE_RECORDS: Record<string, string> = { getWalletBalance: 'Balance result' };

const clauses = interfaceClauses;

/**
 * Where an answer's shape is doppel's, not the documents' (a field no §2 or §4 row shows, under no
 * record's decision): the answer schemas of spec/, which the response-schema check judges as a decision.
 */
export const ANSWER_SCHEMA = 'spec answer schema';

const decisionId = (node: Json): string | undefined => (node && typeof node['x-doppel-decision']?.id === 'string' ? node['x-doppel-decision'].id : undefined);

const refName = (node: Json): string | undefined => (typeof node?.$ref === 'string' ? (node.$ref.split('/').pop() as string) : undefined);

const resolve = (doc: Json, node: Json): Json => resolveRef(doc, node);

const endpointRow = (op: Operation): string => `${op.iface} §4 ${op.method} ${op.path}`;

/**
 * The rule that shows a field: its §2 row; a top-level field the wallet's §4 row names, or
 * trading's envelope (§4 Conventions); an error's success and error (wallet §7); else the decision
 * on its record (trading's error shape is one), else doppel's answer schema.
 */
function presenceRule(op: Operation, answer: 'success' | 'error', path: readonly string[], field: string, record: string | undefined, recordDecision: string | undefined): Violation {
  const iface = op.iface as Iface;
  const row = record ? `${iface} §2 ${record}.${field}` : undefined;
  if (row && clauses(iface).has(row)) return seedOf(row);
  if (path.length === 0) {
    if (answer === 'error') {
      if (iface === 'wallet' && (field === 'success' || field === 'error')) return seedOf('wallet §7 bullet 1');
    } else if (iface === 'trading' ? field === 'success' || field === 'data' : new RegExp(`\\b${field}\\b`).test(clauses(iface).get(endpointRow(op)) ?? '') || field === 'success') {
      return seedOf(endpointRow(op));
    }
  }
  return decisionOf(recordDecision ?? ANSWER_SCHEMA);
}

const read = new Map<Iface, AnswerField[]>();

/** Read once per interface: the shape, value and graph operators all walk them. */
export function answerFields(iface: Iface): AnswerField[] {
  let fields = read.get(iface);
  if (!fields) read.set(iface, (fields = walkAnswers(iface)));
  return fields;
}

function walkAnswers(iface: Iface): AnswerField[] {
  const doc = loadSpec(iface);
  const out: AnswerField[] = [];
  for (const op of operations(iface)) {
    const statuses = Object.keys(op.responsePointers);
    const answers = [['success', statuses.find((s) => s.startsWith('2'))], ['error', statuses.find((s) => !s.startsWith('2'))]] as const;
    for (const [answer, status] of answers) {
      if (!status) continue;
      // The node at a pointer as written, a `$ref` left in place: entering it names the component (its record and decision).
      const at = (ref: string): Json => ref.slice(2).split('/').reduce((o: Json, k: string) => o?.[k.replace(/~1/g, '/').replace(/~0/g, '~')], doc);
      const root = at(op.responsePointers[status]!);
      // A decision on the answer itself (trading.single-price-shape: `data` is a price entry) is what shows the fields under its envelope.
      const answerDecision = decisionId(resolve(doc, at(op.responsePointers[status]!.replace(/\/content\/.*$/, ''))));
      const walk = (node: Json, path: string[], record: string | undefined, recordDecision: string | undefined): void => {
        const name = refName(node);
        const schema = resolve(doc, node);
        if (!schema || typeof schema !== 'object') return;
        // Entering a component: its own record and decision (an item of a listing, a nested record).
        if (name) {
          record = RECORDS[name];
          recordDecision = decisionId(schema);
        }
        const parts = [schema, ...(schema.allOf ?? []).map((s: Json) => resolve(doc, s))];
        const required = new Set<string>(parts.flatMap((p: Json) => p.required ?? []));
        const closed = parts.some((p: Json) => p.additionalProperties === false);
        for (const part of parts) {
          if (part.type === 'array' && part.items) walk(part.items, [...path, '*'], record, recordDecision);
          if (part.additionalProperties && typeof part.additionalProperties === 'object') walk(part.additionalProperties, [...path, '*'], record, recordDecision);
          for (const [field, raw] of Object.entries<Json>(part.properties ?? {})) {
            const own = resolve(doc, raw);
            const rule = presenceRule(op, answer, path, field, record, recordDecision);
            const presence = answerDecision && path.length > 0 && rule.kind === 'seed' ? decisionOf(answerDecision) : rule;
            const fmt = decisionId(raw) ?? decisionId(own);
            out.push({ iface, op, answer, path: [...path, field], name: field, schema: own, ...(refName(raw) ? { ref: refName(raw) } : {}), required: required.has(field), closed, presence, format: fmt ? decisionOf(fmt) : presence });
            walk(raw, [...path, field], undefined, undefined);
          }
        }
      };
      walk(root, [], answer === 'success' ? INLINE_RECORDS[op.operationId] : undefined, undefined);
    }
  }
  return out;
}
