// Loads the two OpenAPI documents from spec/, from the source tree or from dist/ after a build.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';

export type InterfaceName = 'trading' | 'wallet';
export const INTERFACES: readonly InterfaceName[] = ['trading', 'wallet'];

// A loose view of an OpenAPI 3.1 document: only what doppel reads is typed.
export type OpenApiDocument = Record<string, any>;

const here = dirname(fileURLToPath(import.meta.url));
// yaml is required only when there is no JSON copy (source tree, tests).
const require = createRequire(import.meta.url);
const parseYaml = (text: string): unknown => (require('yaml') as typeof import('yaml')).parse(text);

/** The file of an interface's document; compiled code in dist/spec finds the YAML in spec/. */
export function specFile(name: InterfaceName): string {
  const file = `${name}.openapi.yaml`;
  for (const dir of [here, join(here, '..', '..', 'spec')]) {
    const candidate = join(dir, file);
    if (existsSync(candidate)) return candidate;
  }
  throw new Error(`cannot find ${file} next to ${here}`);
}

const cache = new Map<InterfaceName, OpenApiDocument>();

/**
 * The parsed document, read once per process. Treat it as read-only. A build (dist/spec) carries
 * a JSON copy made by scripts/spec-to-json.mjs, which loads in ~1 ms where the YAML takes ~400.
 */
export function loadSpec(name: InterfaceName): OpenApiDocument {
  let doc = cache.get(name);
  if (!doc) {
    const json = join(here, `${name}.openapi.json`);
    doc = (existsSync(json) ? JSON.parse(readFileSync(json, 'utf8')) : parseYaml(readFileSync(specFile(name), 'utf8'))) as OpenApiDocument;
    cache.set(name, doc);
  }
  return doc;
}

/** Follows a local `$ref` (`#/components/...`) to its target, repeatedly. */
export function resolveRef<T = any>(doc: OpenApiDocument, node: any): T {
  let current = node;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref cycle at ${node.$ref}`);
    current = pointer(doc, current.$ref);
  }
  return current as T;
}

export function pointer(doc: OpenApiDocument, ref: string): any {
  if (!ref.startsWith('#/')) throw new Error(`only local $refs are supported: ${ref}`);
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node: any, key) => (node == null ? undefined : node[key]), doc);
}

export function escapePointer(segment: string): string {
  return segment.replace(/~/g, '~0').replace(/\//g, '~1');
}
