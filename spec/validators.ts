// ajv validators compiled from the documents: request bodies, parameters and responses per operation.
import type { Ajv2020, ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { ajvModules } from './ajv-modules.js';
import { loadSpec, pointer, type InterfaceName } from './load-spec.js';
import { getOperation, operations, type ParameterSpec } from './operations.js';
import { precompiledValidators } from './precompiled-validators.js';

// ajv is loaded and the document compiled on first use, not at start-up (./ajv-modules.ts). The
// request validators come precompiled in the built package (./precompiled-validators.ts):
// the first validated request then loads neither ajv nor compiles the document.

export interface ValidationResult<T = unknown> {
  ok: boolean;
  /** The (coerced) value when ok. */
  value?: T;
  /** Human-readable problems, e.g. `amount must be a decimal string …`. */
  errors: string[];
}

const ajvs = new Map<InterfaceName, Ajv2020>();
/** Per document, by pointer: no key string is built per lookup (each request validates its body). */
const compiled: Record<InterfaceName, Map<string, ValidateFunction>> = { trading: new Map(), wallet: new Map() };

function ajvFor(iface: InterfaceName): Ajv2020 {
  let ajv = ajvs.get(iface);
  if (!ajv) {
    const { Ajv2020: AjvClass, addFormats } = ajvModules();
    ajv = new AjvClass(ajvOptions);
    addFormats(ajv);
    ajv.addSchema(loadSpec(iface), `doppel:${iface}`);
    ajvs.set(iface, ajv);
  }
  return ajv;
}

/** A validator for the schema at a JSON pointer (`#/...`) of a document, compiled once. */
export function validatorAt(iface: InterfaceName, ref: string): ValidateFunction {
  let fn = compiled[iface].get(ref);
  if (!fn) {
    // Precompiled validators are keyed by interface and pointer (scripts/precompile-validators.mjs).
    fn = precompiledValidators()?.[`${iface}${ref}`] ?? ajvFor(iface).compile(schemaAt(iface, ref));
    compiled[iface].set(ref, fn);
  }
  return fn;
}

/** Validates a response body against the documented schema of (operation, status). */
export function validateResponse(iface: InterfaceName, operationId: string, status: number, body: unknown): ValidationResult {
  const op = getOperation(iface, operationId);
  const ref = op.responsePointers[String(status)];
  if (!ref) {
    return { ok: false, errors: [`status ${status} is not documented for ${operationId} (documented: ${op.statuses.join(', ')})`] };
  }
  return run(validatorAt(iface, ref), body, 'body');
}

/**
 * Validates a request body against the operation's documented request schema. The schema's
 * defaults are filled into the body given (in place: a copy would cost a deep walk of every body,
 * and a hostile 100k-deep one would overflow it before the schema refuses it).
 */
export function validateRequestBody(
  iface: InterfaceName,
  operationId: string,
  body: unknown,
  /** A deployment's own maximum for some top-level body properties (a profile's point). */
  maxima?: Readonly<Record<string, number>>,
): ValidationResult {
  const op = getOperation(iface, operationId);
  if (!op.requestBodyPointer) return { ok: true, value: body, errors: [] };
  if (body === undefined) {
    return op.requestBodyRequired ? { ok: false, errors: ['a JSON request body is required'] } : { ok: true, errors: [] };
  }
  return run(maxima ? boundValidatorAt(iface, op.requestBodyPointer, maxima) : validatorAt(iface, op.requestBodyPointer), body, 'body');
}

/**
 * The schema at a pointer with other maxima for named properties (a profile's bound): a
 * copy of the schema (its own $ref resolved once, the refs inside it pointing into the document)
 * whose properties of those names carry the given `maximum`; compiled once per bound. So the
 * rule stays the spec's one validation, only the bound moves.
 */
function boundValidatorAt(iface: InterfaceName, ref: string, maxima: Readonly<Record<string, number>>): ValidateFunction {
  // Found by the maxima object an operation's entry holds for its life (one body schema each): no
  // key is built per request.
  let fn = boundCompiled.get(maxima);
  if (!fn) {
    const key = `${ref}/max=${JSON.stringify(maxima)}`;
    fn = compiled[iface].get(key);
    if (!fn) {
      const doc = loadSpec(iface);
      let schema = pointer(doc, ref);
      if (typeof schema?.$ref === 'string' && schema.$ref.startsWith('#')) schema = pointer(doc, schema.$ref);
      fn = ajvFor(iface).compile(withMaxima(iface, schema, maxima) as Record<string, unknown>);
      compiled[iface].set(key, fn);
    }
    boundCompiled.set(maxima, fn);
  }
  return fn;
}

const boundCompiled = new WeakMap<object, ValidateFunction>();

function withMaxima(iface: InterfaceName, node: unknown, maxima: Readonly<Record<string, number>>): unknown {
  if (Array.isArray(node)) return node.map((n) => withMaxima(iface, n, maxima));
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(node)) {
    if (k === '$ref' && typeof v === 'string' && v.startsWith('#')) out[k] = `doppel:${iface}${v}`;
    else if (k === 'properties' && v && typeof v === 'object') {
      out[k] = Object.fromEntries(
        Object.entries(v).map(([name, prop]) => {
          const copy = withMaxima(iface, prop, maxima) as Record<string, unknown>;
          const max = maxima[name];
          return [name, max !== undefined && typeof copy['maximum'] === 'number' ? { ...copy, maximum: max } : copy];
        }),
      );
    } else out[k] = withMaxima(iface, v, maxima);
  }
  return out;
}

/**
 * Validates and coerces query or path parameters (strings on the wire) against their schemas:
 * integers must be plain integer literals, so `1.5`, `1e2` or ` 7` are rejected rather than rounded.
 */
export function validateParams(
  iface: InterfaceName,
  operationId: string,
  location: 'query' | 'path',
  raw: Record<string, string | undefined>,
  /**
   * A deployment's own maximum for some integer parameters (a profile's max-limit): the
   * spec's schema with that `maximum` in place of its own, so the rule stays this one validation.
   */
  maxima?: Readonly<Record<string, number>>,
): ValidationResult<Record<string, unknown>> {
  const op = getOperation(iface, operationId);
  const value: Record<string, unknown> = {};
  const errors: string[] = [];
  for (const param of op.parameters.filter((p) => p.in === location)) {
    const text = raw[param.name];
    if (text === undefined) {
      if (param.required) errors.push(`${param.name} is required`);
      else if (param.schema.default !== undefined) value[param.name] = param.schema.default;
      continue;
    }
    const coerced = coerce(param, text);
    if (coerced.error) {
      errors.push(coerced.error);
      continue;
    }
    const check = run(paramValidator(iface, op.operationId, param, maxima?.[param.name]), coerced.value, param.name);
    if (!check.ok) errors.push(...check.errors);
    else value[param.name] = coerced.value;
  }
  return errors.length ? { ok: false, errors } : { ok: true, value, errors };
}

function paramValidator(iface: InterfaceName, operationId: string, param: ParameterSpec, maximum?: number): ValidateFunction {
  // Only an inline schema with its own maximum takes another one; compiled once per bound.
  const bound = maximum !== undefined && !param.schema.$ref && param.schema.maximum !== undefined && maximum !== param.schema.maximum ? maximum : undefined;
  const key = `${paramKey(iface, operationId, param)}${bound === undefined ? '' : `/max=${bound}`}`;
  let fn = compiled[iface].get(key);
  if (!fn) {
    fn = (bound === undefined ? precompiledValidators()?.[key] : undefined) ?? ajvFor(iface).compile(paramSchema(iface, param, bound));
    compiled[iface].set(key, fn);
  }
  return fn;
}

function paramKey(iface: InterfaceName, operationId: string, param: ParameterSpec): string {
  return `${iface}#param/${operationId}/${param.in}/${param.name}`;
}

function paramSchema(iface: InterfaceName, param: ParameterSpec, bound?: number): Record<string, unknown> {
  if (param.schema.$ref) return schemaAt(iface, param.schema.$ref);
  return bound === undefined ? param.schema : { ...param.schema, maximum: bound };
}

function schemaAt(iface: InterfaceName, ref: string): Record<string, unknown> {
  return { $ref: `doppel:${iface}${ref}` };
}

/**
 * Every request validator the fake compiles with the spec's own bounds, by the key it is cached
 * under, with the schema compiled for it (the document is added as `doppel:<iface>`). The build
 * (scripts/precompile-validators.mjs) turns them into ajv standalone code with the options of
 * ajvOptions, so a precompiled validator and a runtime-compiled one are the same function.
 */
export function requestSchemas(iface: InterfaceName): Array<[key: string, schema: Record<string, unknown>]> {
  const out: Array<[string, Record<string, unknown>]> = [];
  for (const op of operations(iface)) {
    for (const param of op.parameters) {
      if (param.in === 'query' || param.in === 'path') out.push([paramKey(iface, op.operationId, param), paramSchema(iface, param)]);
    }
    if (op.requestBodyPointer) out.push([`${iface}${op.requestBodyPointer}`, schemaAt(iface, op.requestBodyPointer)]);
  }
  return out;
}

// strict: false because OpenAPI adds keywords (example, x-*) that are annotations, not assertions.
// useDefaults: a request body's documented defaults (leverage 1, duration_hours 24) are filled
// in, so the fake's handlers read them from the spec instead of repeating them. Only request
// schemas carry defaults; a response is never completed by validating it.
export const ajvOptions = { strict: false, allErrors: false, verbose: true, validateFormats: true, useDefaults: true } as const;

function coerce(param: ParameterSpec, text: string): { value?: unknown; error?: string } {
  const type = param.schema.type ?? (param.schema.$ref ? 'string' : undefined);
  if (type === 'integer') {
    if (!/^-?(0|[1-9][0-9]*)$/.test(text)) return { error: `${param.name} must be an integer` };
    // Beyond 2^53 − 1 Number() rounds (…993 would read as …992); such a value is always above any
    // documented maximum, which therefore refuses it instead of answering for another id.
    return { value: Number(text) };
  }
  return { value: text };
}

function run(fn: ValidateFunction, data: unknown, root: string): ValidationResult {
  if (fn(data)) return { ok: true, value: data, errors: [] };
  return { ok: false, errors: (fn.errors ?? []).map((e) => describe(e, root)) };
}

/** Turns an ajv error into a message a client developer can act on. */
export function describe(error: ErrorObject, root = 'body'): string {
  const where = error.instancePath
    ? error.instancePath.slice(1).replace(/\//g, '.')
    : root;
  const schema = error.parentSchema as Record<string, any> | undefined;
  switch (error.keyword) {
    case 'required':
      return `${(error.params as any).missingProperty} is required`;
    case 'pattern':
      return `${where} must be ${schema?.description ? lowerFirst(schema.description) : `a string matching ${(error.params as any).pattern}`}`;
    case 'enum':
      return `${where} must be one of ${(error.params as any).allowedValues.map(String).join(', ')}`;
    case 'type':
      return `${where} must be ${(error.params as any).type}`;
    default:
      return `${where} ${error.message ?? 'is invalid'}`;
  }
}

function lowerFirst(text: string): string {
  return text.charAt(0).toLowerCase() + text.slice(1).replace(/\.$/, '');
}

export { pointer };
