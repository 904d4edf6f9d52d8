// The flat view of an operation's request body schema (allOf merged, $refs followed) and of its
// query parameters, from which the invalid-input arbitraries and the input classes are generated.
import { getOperation, loadSpec, resolveRef, type InterfaceName } from '../../../spec/index.js';

// resolveRef follows a {$ref} node; a pointer string becomes one.
const pointer = (doc: Node, ref: string): Node => resolveRef<Node>(doc, { $ref: ref });

export interface FieldSchema {
  name: string;
  required: boolean;
  /** JSON types the field accepts. */
  types: string[];
  enum: unknown[] | undefined;
  minimum: number | undefined;
  maximum: number | undefined;
  exclusiveMinimum: number | undefined;
  /** The field is a `Decimal` string (a $ref to components/schemas/Decimal). */
  decimal: boolean;
  /** The value the schema gives a field left out (`default`), if any. */
  default: unknown;
}

type Node = Record<string, any>;

function fieldOf(doc: Node, name: string, raw: Node, required: boolean): FieldSchema {
  const isDecimal = typeof raw['$ref'] === 'string' && raw['$ref'].endsWith('/Decimal');
  const s = resolveRef<Node>(doc, raw);
  const type = s['type'];
  return {
    name,
    required,
    types: Array.isArray(type) ? type : type ? [type] : ['string'],
    enum: Array.isArray(s['enum']) ? s['enum'] : undefined,
    minimum: s['minimum'],
    maximum: s['maximum'],
    exclusiveMinimum: s['exclusiveMinimum'],
    decimal: isDecimal,
    default: s['default'],
  };
}

function collect(doc: Node, node: Node, fields: Map<string, FieldSchema>, required: Set<string>): void {
  const resolved = resolveRef<Node>(doc, node);
  for (const part of resolved['allOf'] ?? []) collect(doc, part, fields, required);
  for (const name of resolved['required'] ?? []) required.add(name);
  for (const [name, raw] of Object.entries<Node>(resolved['properties'] ?? {})) fields.set(name, fieldOf(doc, name, raw, false));
}

/** The fields of the operation's request body, required ones marked. */
export function requestFields(iface: InterfaceName, operationId: string): FieldSchema[] {
  const op = getOperation(iface, operationId);
  if (!op.requestBodyPointer) return [];
  const doc = loadSpec(iface);
  const fields = new Map<string, FieldSchema>();
  const required = new Set<string>();
  collect(doc, pointer(doc, op.requestBodyPointer), fields, required);
  return [...fields.values()].map((f) => ({ ...f, required: required.has(f.name) }));
}

/** The operation's query parameters, as fields (their schemas' $refs followed). */
export function queryFields(iface: InterfaceName, operationId: string): FieldSchema[] {
  const doc = loadSpec(iface);
  return getOperation(iface, operationId)
    .parameters.filter((p) => p.in === 'query')
    .map((p) => fieldOf(doc, p.name, p.schema, p.required));
}
