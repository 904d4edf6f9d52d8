// Test helpers for the spec documents: a fresh copy of one, and a strict ajv over any in-memory
// document (spec/index.ts's validators are lenient and read only the files on disk).
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormatsPlugin from 'ajv-formats';
import { parse } from 'yaml';
import type { InterfaceName } from '../../spec/index.js';
import { specPath } from '../../scripts/gen-types-lib.mjs';

export { INTERFACES as SPEC_NAMES } from '../../spec/index.js';

/** The YAML file of an interface's document (the source the generated modules are made from). */
export function specFile(name: InterfaceName): string {
  return specPath(name);
}

/** A parsed document: plain JSON values, nothing known about its shape yet. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonObject = { [key: string]: Json };

export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

/**
 * A fresh parse of a document, which a test may change: spec/index.ts's loadSpec returns the
 * process-wide cached copy that the validators use.
 */
export async function loadSpecCopy(name: InterfaceName): Promise<JsonObject> {
  const doc: unknown = parse(await readFile(specFile(name), 'utf8'));
  if (!isObject(doc)) throw new Error(`${specFile(name)} is not a YAML mapping`);
  return doc;
}

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** RFC 6901 pointer from path segments, URI-fragment encoded as ajv expects after '#'. */
export function pointer(segments: readonly (string | number)[]): string {
  return segments
    .map((s) => '/' + encodeURIComponent(String(s).replace(/~/g, '~0').replace(/\//g, '~1')))
    .join('');
}

// Keywords OpenAPI 3.1 adds to JSON Schema 2020-12 (OAS 3.1 §4.8.24): annotations for ajv.
const OPENAPI_SCHEMA_KEYWORDS = ['discriminator', 'xml', 'externalDocs', 'example'];
// The OpenAPI Object's own fields (OAS 3.1 §4.8.1). ajv compiles the document root when it resolves
// a '#/…' $ref, so they must be known keywords too; they constrain nothing.
const OPENAPI_ROOT_FIELDS = ['openapi', 'info', 'jsonSchemaDialect', 'servers', 'paths', 'webhooks',
  'components', 'security', 'tags'];

export interface SpecAjv {
  /** Validator for the schema at `ptr` (a pointer from pointer()) inside the document. */
  validatorAt(ptr: string): ValidateFunction;
  /** Formats the document uses that ajv-formats does not know (treated as annotations). */
  unknownFormats: string[];
}

/**
 * An ajv over one document: the whole document is added as a schema with an $id, so that any
 * schema in it can be compiled by pointer and its local `$ref`s ('#/components/...') resolve.
 */
export function buildSpecAjv(doc: JsonObject, id = 'https://doppel.invalid/spec.openapi.json'): SpecAjv {
  const ajv = new Ajv2020({ allErrors: true, strict: true, strictTypes: false, strictTuples: false });
  // ajv-formats is CommonJS; under NodeNext its default import is the module object.
  const addFormats = addFormatsPlugin as unknown as typeof addFormatsPlugin.default;
  addFormats(ajv);
  const extensions = new Set<string>();
  const formats = new Set<string>();
  collectKeys(doc, extensions, formats);
  for (const keyword of [...OPENAPI_SCHEMA_KEYWORDS, ...OPENAPI_ROOT_FIELDS, ...extensions]) ajv.addKeyword({ keyword });
  // OAS 3.1 §4.8.24.2: a format a tool does not recognise constrains nothing beyond its type.
  const unknownFormats = [...formats].filter((f) => !ajv.formats[f]).sort();
  for (const f of unknownFormats) ajv.addFormat(f, true);
  ajv.addSchema(doc, id);
  return {
    unknownFormats,
    validatorAt(ptr) {
      const validate = ajv.getSchema(`${id}#${ptr}`);
      if (!validate) throw new Error(`no schema at #${ptr}`);
      return validate;
    },
  };
}

function collectKeys(node: Json, extensions: Set<string>, formats: Set<string>): void {
  if (Array.isArray(node)) {
    for (const item of node) collectKeys(item, extensions, formats);
  } else if (isObject(node)) {
    for (const [key, value] of Object.entries(node)) {
      if (key.startsWith('x-')) extensions.add(key);
      if (key === 'format' && typeof value === 'string') formats.add(value);
      collectKeys(value, extensions, formats);
    }
  }
}
