// Every `example` and `examples` entry in both spec documents validates against its own schema
// with ajv: an example that contradicts its schema would mislead every reader of the spec.
import { describe, expect, it } from 'vitest';
import {
  SPEC_NAMES,
  buildSpecAjv,
  isObject,
  loadSpecCopy,
  pointer,
  type Json,
  type JsonObject,
} from './helpers.js';

type Path = (string | number)[];

/** One example found in a document: where it sits, its value, and the schema it must satisfy. */
interface ExampleCase {
  at: Path;
  value: Json;
  schemaAt: Path;
}

interface ExampleFailure {
  at: string;
  schema: string;
  errors: string;
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

// Keywords whose value is one subschema, a map of subschemas, or an array of them (2020-12 core
// and applicator vocabularies).
const SUBSCHEMA = [
  'items', 'contains', 'additionalProperties', 'propertyNames', 'not', 'if', 'then', 'else',
  'unevaluatedItems', 'unevaluatedProperties', 'contentSchema',
];
const SUBSCHEMA_MAP = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SUBSCHEMA_ARRAY = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];

/**
 * Walks the document by OpenAPI structure (not by guessing from key names), so that it knows
 * which `examples` is a schema's array and which is a map of Example Objects.
 */
function collectExamples(doc: JsonObject): ExampleCase[] {
  const cases: ExampleCase[] = [];

  const child = (node: Json | undefined, key: string): Json | undefined =>
    isObject(node) ? node[key] : undefined;
  const entries = (node: Json | undefined): [string, Json][] =>
    isObject(node) ? Object.entries(node) : [];
  const isRef = (node: Json | undefined): boolean => isObject(node) && typeof node.$ref === 'string';

  // An Example Object's value, following a $ref into components/examples.
  const exampleValue = (node: Json): Json | undefined => {
    if (isObject(node) && typeof node.$ref === 'string') {
      const match = /^#\/components\/examples\/(.+)$/.exec(node.$ref);
      const target = match?.[1] ? child(child(doc.components, 'examples'), match[1]) : undefined;
      if (target === undefined) throw new Error(`unresolved example $ref ${node.$ref}`);
      return exampleValue(target);
    }
    return child(node, 'value');
  };

  const schema = (node: Json | undefined, at: Path): void => {
    if (!isObject(node) || isRef(node)) return;
    if ('example' in node) cases.push({ at: [...at, 'example'], value: node.example ?? null, schemaAt: at });
    if (Array.isArray(node.examples)) {
      node.examples.forEach((value, i) => cases.push({ at: [...at, 'examples', i], value, schemaAt: at }));
    }
    for (const key of SUBSCHEMA) schema(node[key], [...at, key]);
    for (const key of SUBSCHEMA_MAP) for (const [k, s] of entries(node[key])) schema(s, [...at, key, k]);
    for (const key of SUBSCHEMA_ARRAY) {
      const list = node[key];
      if (Array.isArray(list)) list.forEach((s, i) => schema(s, [...at, key, i]));
    }
  };

  // Parameter, Header and Media Type Objects share example/examples beside a schema.
  const withSchema = (node: Json | undefined, at: Path): void => {
    if (!isObject(node) || isRef(node)) return;
    schema(node.schema, [...at, 'schema']);
    const hasSchema = node.schema !== undefined;
    if ('example' in node && hasSchema) {
      cases.push({ at: [...at, 'example'], value: node.example ?? null, schemaAt: [...at, 'schema'] });
    }
    for (const [name, ex] of entries(node.examples)) {
      const value = exampleValue(ex);
      if (value !== undefined && hasSchema) {
        cases.push({ at: [...at, 'examples', name, 'value'], value, schemaAt: [...at, 'schema'] });
      }
    }
    content(node.content, [...at, 'content']);
    for (const [name, encoding] of entries(node.encoding)) {
      for (const [h, header] of entries(child(encoding, 'headers'))) {
        withSchema(header, [...at, 'encoding', name, 'headers', h]);
      }
    }
  };
  const content = (node: Json | undefined, at: Path): void => {
    for (const [type, media] of entries(node)) withSchema(media, [...at, type]);
  };
  const response = (node: Json | undefined, at: Path): void => {
    if (!isObject(node) || isRef(node)) return;
    for (const [h, header] of entries(node.headers)) withSchema(header, [...at, 'headers', h]);
    content(node.content, [...at, 'content']);
  };
  const parameters = (node: Json | undefined, at: Path): void => {
    if (Array.isArray(node)) node.forEach((p, i) => withSchema(p, [...at, i]));
  };
  const pathItem = (node: Json | undefined, at: Path): void => {
    if (!isObject(node) || isRef(node)) return;
    parameters(node.parameters, [...at, 'parameters']);
    for (const method of HTTP_METHODS) {
      const op = node[method];
      if (!isObject(op)) continue;
      parameters(op.parameters, [...at, method, 'parameters']);
      if (isObject(op.requestBody) && !isRef(op.requestBody)) {
        content(op.requestBody.content, [...at, method, 'requestBody', 'content']);
      }
      for (const [status, r] of entries(op.responses)) response(r, [...at, method, 'responses', status]);
    }
  };

  for (const [p, item] of entries(doc.paths)) pathItem(item, ['paths', p]);
  for (const [w, item] of entries(doc.webhooks)) pathItem(item, ['webhooks', w]);
  const components = doc.components;
  for (const [n, s] of entries(child(components, 'schemas'))) schema(s, ['components', 'schemas', n]);
  for (const [n, p] of entries(child(components, 'parameters'))) withSchema(p, ['components', 'parameters', n]);
  for (const [n, h] of entries(child(components, 'headers'))) withSchema(h, ['components', 'headers', n]);
  for (const [n, r] of entries(child(components, 'responses'))) response(r, ['components', 'responses', n]);
  for (const [n, b] of entries(child(components, 'requestBodies'))) {
    content(child(b, 'content'), ['components', 'requestBodies', n, 'content']);
  }
  for (const [n, item] of entries(child(components, 'pathItems'))) pathItem(item, ['components', 'pathItems', n]);
  return cases;
}

function checkExamples(doc: JsonObject): { cases: ExampleCase[]; failures: ExampleFailure[] } {
  const ajv = buildSpecAjv(doc);
  const cases = collectExamples(doc);
  const failures: ExampleFailure[] = [];
  for (const c of cases) {
    const validate = ajv.validatorAt(pointer(c.schemaAt));
    if (!validate(c.value)) {
      const errors = (validate.errors ?? [])
        .map((e) => `${e.instancePath || '(root)'} ${e.message ?? e.keyword}`)
        .join('; ');
      failures.push({ at: pointer(c.at), schema: pointer(c.schemaAt), errors });
    }
  }
  return { cases, failures };
}

/** A value of another JSON type than `value`, which a typed schema must reject. */
function wrongType(value: Json): Json {
  if (typeof value === 'string') return 12345;
  if (typeof value === 'number') return 'not-a-number';
  if (typeof value === 'boolean') return 'not-a-boolean';
  if (Array.isArray(value)) return { not: 'an array' };
  return 'not-an-object';
}

function setAt(doc: JsonObject, at: Path, value: Json): void {
  let node: Json = doc;
  for (const key of at.slice(0, -1)) node = (node as Record<string | number, Json>)[key] as Json;
  (node as Record<string | number, Json>)[at[at.length - 1] as string | number] = value;
}

const format = (failures: ExampleFailure[]): string =>
  failures
    .map((f) => `  #${decodeURIComponent(f.at)} (schema #${decodeURIComponent(f.schema)}): ${f.errors}`)
    .join('\n');

describe.each(SPEC_NAMES)('spec/%s.openapi.yaml examples', (name) => {
  it('every example validates against its own schema', async () => {
    const doc = await loadSpecCopy(name);
    const { cases, failures } = checkExamples(doc);
    expect(cases.length, 'the document should carry examples').toBeGreaterThan(0);
    expect(failures, `invalid examples in spec/${name}.openapi.yaml:\n${format(failures)}`).toEqual([]);
  });

  it('detects a broken example of each kind (schema, parameter, media type)', async () => {
    const doc = await loadSpecCopy(name);
    const { cases } = checkExamples(doc);
    const kinds = {
      schema: cases.find((c) => c.at[0] === 'components' && c.at[1] === 'schemas'),
      parameter: cases.find((c) => c.at.includes('parameters')),
      mediaType: cases.find((c) => c.at.includes('content')),
    };
    const picked = Object.values(kinds).filter((c): c is ExampleCase => c !== undefined);
    expect(picked.length, 'the document should carry examples of several kinds').toBeGreaterThan(1);
    // Break them all in an in-memory copy, then check that each one is reported where it sits.
    const broken = structuredClone(doc);
    for (const c of picked) setAt(broken, c.at, wrongType(c.value));
    const reported = new Set(checkExamples(broken).failures.map((f) => f.at));
    for (const c of picked) expect(reported, `broken example at ${pointer(c.at)}`).toContain(pointer(c.at));
  });
});
