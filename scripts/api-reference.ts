// The API reference (docs/reference/api-reference.md), generated from spec/*.openapi.yaml and the error-code
// registry, never written by hand: every operation with method, path, auth, parameters, body
// fields, every documented status with its error codes, and a curl example. test/docs/
// api-reference.test.ts fails when the committed file differs (`npm run gen:docs` rewrites it);
// scripts/build-docs-html.mjs renders the same Markdown as the HTML page.
import { readdirSync, readFileSync } from 'node:fs';
import { STATUS_CODES } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import demo from '../fixtures/default/demo.json' with { type: 'json' };
import { ERROR_CODES } from '../mock/domain/error-codes.js';
import { decisions, INTERFACES, loadSpec, operations, resolveRef, type InterfaceName, type OpenApiDocument, type Operation } from '../spec/index.js';

type Schema = Record<string, any>;

interface Field {
  name: string;
  required: boolean;
  type: string;
  format: string;
  description: string;
}

const TITLE: Record<InterfaceName, string> = { trading: 'Trading interface', wallet: 'Wallet interface' };

/** GitHub's heading anchors: lower case, letters, digits, `-` and `_` kept, spaces to `-`. */
export function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\- _]/gu, '')
    .replace(/ /g, '-');
}

const cell = (text: string): string => text.replace(/\s+/g, ' ').replace(/\|/g, '\\|').trim();
const code = (text: string): string => `\`${text.replace(/`/g, "'")}\``;
const refName = (ref: string): string => ref.slice(ref.lastIndexOf('/') + 1);
const schemaHeading = (iface: InterfaceName, name: string): string => `${name} (${iface})`;

/** Walks one document: describes schemas and remembers the named object schemas it links to. */
class SchemaWriter {
  readonly linked: string[] = [];

  constructor(
    readonly iface: InterfaceName,
    readonly doc: OpenApiDocument,
  ) {}

  resolve(schema: Schema | undefined): Schema {
    return (resolveRef(this.doc, schema ?? {}) ?? {}) as Schema;
  }

  /** A schema with its allOf parts merged (properties and required), $refs followed. */
  merged(schema: Schema | undefined): Schema {
    const resolved = this.resolve(schema);
    if (!Array.isArray(resolved.allOf)) return resolved;
    const out: Schema = { ...resolved, properties: { ...(resolved.properties ?? {}) }, required: [...(resolved.required ?? [])] };
    delete out.allOf;
    for (const part of resolved.allOf) {
      const m = this.merged(part);
      Object.assign(out.properties, m.properties ?? {});
      out.required.push(...(m.required ?? []));
      out.type ??= m.type;
    }
    return out;
  }

  isObject(schema: Schema): boolean {
    const m = this.merged(schema);
    return m.type === 'object' || m.properties !== undefined;
  }

  /** A link to a named object schema, remembered for the schema section. */
  link(ref: string): string {
    const name = refName(ref);
    if (!this.linked.includes(name)) this.linked.push(name);
    return `[${name}](#${slug(schemaHeading(this.iface, name))})`;
  }

  /** Type and format of a schema, for one table row. */
  describe(raw: Schema | undefined): { type: string; format: string[]; description: string } {
    const schema = raw ?? {};
    if (typeof schema.$ref === 'string') {
      const target = this.resolve(schema);
      if (this.isObject(target) && target.additionalProperties === undefined) {
        return { type: this.link(schema.$ref), format: [], description: schema.description ?? '' };
      }
      const inner = this.describe(target);
      return { type: inner.type, format: [refName(schema.$ref), ...inner.format], description: schema.description ?? inner.description };
    }
    const alternatives: Schema[] | undefined = schema.oneOf ?? schema.anyOf;
    if (alternatives) {
      const parts = alternatives.map((a) => this.describe(a));
      return {
        type: [...new Set(parts.map((p) => p.type))].join(' or '),
        format: parts.flatMap((p) => p.format),
        description: schema.description ?? parts.map((p) => p.description).find(Boolean) ?? '',
      };
    }
    if (Array.isArray(schema.allOf)) return { type: 'object', format: [], description: schema.description ?? '' };
    const format: string[] = [];
    let type: string;
    if ('const' in schema) {
      type = typeof schema.const === 'string' ? 'string' : typeof schema.const;
      format.push(`always ${code(JSON.stringify(schema.const))}`);
    } else if (Array.isArray(schema.type)) {
      type = schema.type.join(' or ');
    } else {
      type = schema.type ?? (schema.properties ? 'object' : 'any');
    }
    if (type === 'array' || (Array.isArray(schema.type) && schema.type.includes('array'))) {
      const items = this.describe(schema.items);
      type = `array of ${items.type}`;
      format.push(...items.format);
    }
    if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
      const values = this.describe(schema.additionalProperties);
      const keys = schema.propertyNames ? this.describe(schema.propertyNames).format.join(', ') : 'string';
      type = `object (${keys || 'string'} → ${values.type})`;
      format.push(...values.format);
    }
    if (Array.isArray(schema.enum)) format.push(`one of ${schema.enum.filter((v: unknown) => v !== null).map((v: unknown) => code(String(v))).join(', ')}`);
    if (schema.format) format.push(schema.format);
    if (schema.pattern) format.push(`pattern ${code(schema.pattern)}`);
    const range = (min: unknown, max: unknown, what: string): void => {
      if (min !== undefined && max !== undefined) format.push(`${what}${min}..${max}`);
      else if (min !== undefined) format.push(`${what}≥ ${min}`);
      else if (max !== undefined) format.push(`${what}≤ ${max}`);
    };
    range(schema.minimum, schema.maximum, '');
    if (schema.exclusiveMinimum !== undefined) format.push(`> ${schema.exclusiveMinimum}`);
    range(schema.minLength, schema.maxLength, 'length ');
    range(schema.minItems, schema.maxItems, 'items ');
    if (schema.default !== undefined) format.push(`default ${code(JSON.stringify(schema.default))}`);
    return { type, format, description: schema.description ?? '' };
  }

  /**
   * Decision ids marked on a schema, its allOf parts and (deep) its properties; `deep` false stops
   * at linked object schemas, which list their own.
   */
  decisions(schema: Schema | undefined, deep = true, seen = new Set<string>()): string[] {
    if (!schema) return [];
    if (typeof schema.$ref === 'string') {
      if (seen.has(schema.$ref)) return [];
      seen.add(schema.$ref);
      const target = this.resolve(schema);
      if (!deep && seen.size > 1 && this.isObject(target)) return [];
    }
    const node = this.resolve(schema);
    const ids = decisionsOf(node);
    const children: Schema[] = [...(node.allOf ?? []), ...(node.oneOf ?? []), ...(node.anyOf ?? []), ...Object.values<Schema>(node.properties ?? {})];
    if (node.items) children.push(node.items);
    if (node.additionalProperties && typeof node.additionalProperties === 'object') children.push(node.additionalProperties);
    for (const child of children) ids.push(...this.decisions(child, deep, seen));
    return [...new Set(ids)];
  }

  /** The fields of an object schema, inline objects flattened (`user.id`, `items[].id`). */
  fields(schema: Schema | undefined, prefix = ''): Field[] {
    const m = this.merged(schema);
    const required = new Set<string>(m.required ?? []);
    const rows: Field[] = [];
    for (const [name, raw] of Object.entries<Schema>(m.properties ?? {})) {
      const d = this.describe(raw);
      rows.push({ name: prefix + name, required: required.has(name), type: d.type, format: d.format.join('; '), description: d.description });
      if (raw.$ref === undefined && raw.properties) rows.push(...this.fields(raw, `${prefix}${name}.`));
      if (raw.$ref === undefined && raw.items && raw.items.$ref === undefined && raw.items.properties) rows.push(...this.fields(raw.items, `${prefix}${name}[].`));
    }
    return rows;
  }
}

/** Decisions are listed at the end of the page, each row with its own anchor. */
const decisionAnchor = (id: string): string => `decision-${id}`;
const decisionLink = (id: string): string => `[${code(id)}](#${decisionAnchor(id)})`;

function fieldTable(rows: Field[]): string[] {
  if (rows.length === 0) return ['No fields.'];
  return [
    '| field | required | type | format | description |',
    '|---|---|---|---|---|',
    ...rows.map((r) => `| ${code(r.name)} | ${r.required ? 'yes' : 'no'} | ${cell(r.type)} | ${cell(r.format)} | ${cell(r.description)} |`),
  ];
}

const MOCK = fileURLToPath(new URL('../mock/', import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

let usage: Map<string, Set<InterfaceName>> | undefined;

/**
 * Which interfaces can answer each registry code: a code raised only in modules of one interface
 * (a `trading/` or `wallet/` folder of mock/) belongs to it; one raised in shared modules (core,
 * http, shared domain) to both. The registry is shared and says nothing about it; the admin routes
 * are left out (they are not part of either interface's contract).
 */
function codeInterfaces(code: string): Set<InterfaceName> {
  if (!usage) {
    usage = new Map();
    // Each source read once, whatever the number of codes.
    const all = sourceFiles(MOCK).filter((f) => !f.endsWith('error-codes.ts')).map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    const files = all.filter(({ file }) => !/admin/.test(file.slice(MOCK.length)));
    const adminFiles = all.filter(({ file }) => /admin/.test(file.slice(MOCK.length)));
    for (const c of Object.keys(ERROR_CODES)) {
      const pattern = new RegExp(`domainError\\.${c}\\b|['"]${c}['"]`);
      const found = new Set<InterfaceName>();
      for (const { file, text } of files) {
        if (!pattern.test(text)) continue;
        const rel = file.slice(MOCK.length).split(/[\\/]/);
        const owner = INTERFACES.find((iface) => rel.includes(iface));
        if (owner) found.add(owner);
        else INTERFACES.forEach((iface) => found.add(iface));
      }
      // An interface whose document gives the code's status to no operation does not answer it
      // (429 is the wallet's alone, 500 the trading document's), unless neither document does
      // (408 and 431, answered by the HTTP layer of both). A code the scan cannot place is listed
      // for both rather than for neither.
      const status = String(ERROR_CODES[c as keyof typeof ERROR_CODES]);
      const documented = new Set(INTERFACES.filter((iface) => operations(iface).some((op) => op.statuses.includes(status))));
      // A code only the admin API raises belongs to neither interface.
      if (found.size === 0 && adminFiles.some(({ text }) => pattern.test(text))) {
        usage.set(c, new Set());
        continue;
      }
      const placed = found.size > 0 ? found : new Set(INTERFACES);
      const kept = new Set([...placed].filter((iface) => documented.has(iface)));
      usage.set(c, kept.size > 0 ? kept : placed);
    }
  }
  return usage.get(code) ?? new Set(INTERFACES);
}

/**
 * Error codes a status carries: the spec's own list when it gives one (`x-error-codes`, or an enum
 * of `code`), else the registry's codes of that status that the interface answers.
 */
function errorCodes(writer: SchemaWriter, response: Schema, status: string): string[] {
  const listed: unknown = response['x-error-codes'] ?? writer.merged(response.content?.['application/json']?.schema).properties?.code?.enum;
  if (Array.isArray(listed)) return listed.map(String);
  return Object.entries(ERROR_CODES)
    .filter(([c, s]) => String(s) === status && codeInterfaces(c).has(writer.iface))
    .map(([c]) => c);
}

function authLine(op: Operation): string {
  if (!op.secured) return 'none (public)';
  if (op.iface === 'trading') return `${code('API-KEY')} header with the ${code(op.permission)} permission; the key's IP whitelist applies`;
  return `${code('X-API-Key')} header (a login token or a static API key); counts toward 60 requests a minute per key`;
}

function demoKey(op: Operation): string {
  if (op.iface === 'wallet') return demo.wallet.api_key;
  const key = demo.trading.find((k) => k.ip_whitelist.length === 0 && k.permissions.includes(op.permission));
  if (!key) throw new Error(`no demo key with ${op.permission}`);
  return key.api_key;
}

/** A parameter's example: its own, or its schema's. */
function parameterExample(doc: OpenApiDocument, parameter: Schema): unknown {
  return parameter.example ?? (resolveRef(doc, parameter.schema ?? {}) as Schema | undefined)?.example;
}

function curl(doc: OpenApiDocument, op: Operation, body: unknown): string {
  const base = String(doc.servers?.[0]?.url ?? 'http://127.0.0.1');
  let path = op.path;
  const query: string[] = [];
  for (const p of op.parameters) {
    const example = parameterExample(doc, findParameter(doc, op, p.name) ?? {});
    if (p.in === 'path') path = path.replace(`{${p.name}}`, encodeURIComponent(String(example ?? 1)));
    if (p.in === 'query' && p.required) query.push(`${p.name}=${encodeURIComponent(String(example ?? ''))}`);
  }
  const url = `${base}${path}${query.length ? `?${query.join('&')}` : ''}`;
  const lines = [`curl -s ${op.method === 'GET' ? '' : `-X ${op.method} `}'${url}'`];
  if (op.secured) lines.push(`  -H '${op.iface === 'trading' ? 'API-KEY' : 'X-API-Key'}: ${demoKey(op)}'`);
  if (body !== undefined) {
    lines.push(`  -H 'content-type: application/json'`);
    lines.push(`  -d '${JSON.stringify(body).replace(/'/g, "'\\''")}'`);
  }
  return lines.join(' \\\n');
}

function findParameter(doc: OpenApiDocument, op: Operation, name: string): Schema | undefined {
  const item = doc.paths?.[op.path] ?? {};
  const all: Schema[] = [...(item.parameters ?? []), ...(item[op.method.toLowerCase()]?.parameters ?? [])];
  return all.map((p) => resolveRef(doc, p) as Schema).find((p) => p.name === name);
}

function decisionsOf(node: Schema | undefined): string[] {
  const d = node?.['x-doppel-decision'];
  if (!d) return [];
  return (Array.isArray(d) ? d : [d]).map((x: { id: string }) => x.id);
}

function operationSection(writer: SchemaWriter, op: Operation): string[] {
  const doc = writer.doc;
  const raw: Schema = doc.paths[op.path][op.method.toLowerCase()];
  const out: string[] = [`### ${op.operationId}`, '', `${code(`${op.method} ${op.path}`)}: ${raw.summary ?? ''}`, ''];
  out.push(`- **Auth:** ${authLine(op)}`);
  const decisions = [...decisionsOf(raw), ...op.parameters.flatMap((p) => decisionsOf(findParameter(doc, op, p.name)))];
  for (const r of Object.values<Schema>(raw.responses ?? {})) decisions.push(...decisionsOf(r));
  if (raw.requestBody) decisions.push(...writer.decisions((resolveRef(doc, raw.requestBody) as Schema).content?.['application/json']?.schema));
  for (const p of op.parameters) decisions.push(...writer.decisions(p.schema));
  if (decisions.length > 0) out.push(`- **Decisions:** ${[...new Set(decisions)].map((id) => decisionLink(id)).join(', ')}`);
  out.push('');

  if (op.parameters.length > 0) {
    out.push('**Parameters**', '', '| name | in | required | type | format | description |', '|---|---|---|---|---|---|');
    for (const p of op.parameters) {
      const full = findParameter(doc, op, p.name) ?? {};
      const d = writer.describe(p.schema);
      out.push(`| ${code(p.name)} | ${p.in} | ${p.required ? 'yes' : 'no'} | ${cell(d.type)} | ${cell(d.format.join('; '))} | ${cell(full.description ?? d.description)} |`);
    }
    out.push('');
  }

  let body: unknown;
  if (op.requestBodyPointer) {
    const requestBody = resolveRef(doc, raw.requestBody) as Schema;
    const media = requestBody.content['application/json'];
    body = media.example ?? writer.resolve(media.schema).example;
    out.push(`**Request body** (${code('application/json')}${op.requestBodyRequired ? ', required' : ''})`, '');
    out.push(...fieldTable(writer.fields(media.schema)), '');
  }

  out.push('**Responses**', '', '| status | meaning | body | error codes |', '|---|---|---|---|');
  for (const status of op.statuses) {
    const response = writer.resolve(raw.responses[status]);
    const schema = response.content?.['application/json']?.schema;
    const shape = schema === undefined ? '' : writer.describe(schema).type;
    const codes = Number(status) >= 400 ? errorCodes(writer, response, status).map(code).join(', ') : '';
    const headers = Object.keys(response.headers ?? {});
    const meaning = `${response.description ?? STATUS_CODES[Number(status)] ?? ''}${headers.length ? ` Headers: ${headers.map(code).join(', ')}.` : ''}`;
    out.push(`| ${status} | ${cell(meaning)} | ${cell(shape === 'object' ? 'fields below' : shape)} | ${codes} |`);
  }
  out.push('');
  for (const status of op.statuses.filter((s) => Number(s) < 400)) {
    const schema = writer.resolve(raw.responses[status]).content?.['application/json']?.schema;
    if (schema === undefined || schema.$ref !== undefined || !writer.isObject(schema)) continue;
    out.push(`**${status} body**`, '', ...fieldTable(writer.fields(schema)), '');
  }
  out.push('**Example**', '', '```sh', curl(doc, op, body), '```', '');
  return out;
}

function schemaSection(writer: SchemaWriter): string[] {
  const out: string[] = [];
  // Sections can link further schemas: walk until nothing new is linked.
  for (let i = 0; i < writer.linked.length; i++) {
    const name = writer.linked[i] as string;
    const schema = writer.merged({ $ref: `#/components/schemas/${name}` });
    out.push(`#### ${schemaHeading(writer.iface, name)}`, '');
    if (schema.description) out.push(cell(schema.description), '');
    const decisions = writer.decisions({ $ref: `#/components/schemas/${name}` }, false);
    if (decisions.length > 0) out.push(`Decisions: ${decisions.map((id) => decisionLink(id)).join(', ')}`, '');
    out.push(...fieldTable(writer.fields(schema)), '');
  }
  return out;
}

function interfaceSection(iface: InterfaceName): string[] {
  const doc = loadSpec(iface);
  const writer = new SchemaWriter(iface, doc);
  const ops = operations(iface);
  const out: string[] = [`## ${TITLE[iface]}`, ''];
  out.push(`Contract: [docs/interfaces/${iface}.md](../interfaces/${iface}.md). Spec: ${code(`spec/${iface}.openapi.yaml`)}. `
    + `doppel mock serves it at ${code(String(doc.servers?.[0]?.url ?? ''))} by default.`, '');
  out.push('| operation | method and path | auth |', '|---|---|---|');
  for (const op of ops) {
    out.push(`| [${op.operationId}](#${slug(op.operationId)}) | ${code(`${op.method} ${op.path}`)} | ${op.secured ? (op.iface === 'trading' ? `${code('API-KEY')}, ${op.permission}` : code('X-API-Key')) : 'none'} |`);
  }
  out.push('');
  for (const op of ops) out.push(...operationSection(writer, op));
  out.push(`### Schemas of the ${iface} interface`, '');
  out.push(...schemaSection(writer));
  return out;
}

function errorCodeSection(): string[] {
  return [
    '## Error codes',
    '',
    'Every error body is `{"success": false, "error": "<message>", "code": "<code>"}` on both interfaces',
    '(decision `trading.error-shape`; the wallet document gives `success` and `error`, seed wallet §7).',
    'A code always maps to the same status. From the registry `mock/domain/error-codes.ts`, with the',
    'interfaces whose fake answers it (the operations above list, per status, the codes of their interface):',
    '',
    '| code | HTTP status | interfaces |',
    '|---|---|---|',
    ...Object.entries(ERROR_CODES).map(([c, s]) => `| ${code(c)} | ${s} ${STATUS_CODES[s] ?? ''} | ${codeInterfaces(c).size === 0 ? `neither: doppel's admin API (${code('/__doppel/')})` : INTERFACES.filter((i) => codeInterfaces(c).has(i)).join(', ')} |`),
    '',
  ];
}

function decisionSection(): string[] {
  return [
    '## Decisions',
    '',
    'Where the interface documents say "not shown", doppel decided; each decision is written in the spec as',
    '`x-doppel-decision` and enforced by the fake (and, as an observation, by `doppel check`).',
    '',
    '| id | seed document says | doppel decides |',
    '|---|---|---|',
    ...decisions().map((d) => `| <a id="${decisionAnchor(d.id)}"></a>${code(d.id)} | ${cell(d.seed)} | ${cell(d.summary)} |`),
    '',
  ];
}

/** The whole reference, as committed in docs/reference/api-reference.md. */
export function apiReferenceMarkdown(): string {
  const lines = [
    '<!-- Generated from spec/*.openapi.yaml and mock/domain/error-codes.ts by `npm run gen:docs`; do not edit. -->',
    '',
    '# doppel API reference',
    '',
    'Every operation of the two interfaces doppel fakes and checks, generated from the OpenAPI documents in',
    '`spec/`. The contract they transcribe is in [docs/interfaces/](../interfaces/); where it says "not shown",',
    'doppel decided, and each decision is linked to the [decisions table](#decisions).',
    'The curl examples use the demo keys of the default seed (`doppel mock`, `npm start`).',
    '',
    '- [Trading interface](#trading-interface)',
    '- [Wallet interface](#wallet-interface)',
    '- [Error codes](#error-codes)',
    '- [Decisions](#decisions)',
    '',
    ...INTERFACES.flatMap(interfaceSection),
    ...errorCodeSection(),
    ...decisionSection(),
  ];
  return `${lines.join('\n').replace(/\n{3,}/g, '\n\n').trimEnd()}\n`;
}
