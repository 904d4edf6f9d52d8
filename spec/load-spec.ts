// The two OpenAPI documents, as modules generated from spec/*.openapi.yaml (npm run gen:types;
// test/spec/generated-types.test.ts fails when they are stale): no file system, no YAML parser at
// start-up, so spec/ runs in a browser too and loads in ~1 ms (parsing the YAML took ~400 ms).
import trading from './generated/trading-document.js';
import wallet from './generated/wallet-document.js';

export type InterfaceName = 'trading' | 'wallet';
export const INTERFACES: readonly InterfaceName[] = ['trading', 'wallet'];

// A loose view of an OpenAPI 3.1 document: only what doppel reads is typed.
export type OpenApiDocument = Record<string, any>;

const documents: Record<InterfaceName, OpenApiDocument> = { trading, wallet };

/** The parsed document, one per process. Treat it as read-only: the validators compile from it. */
export function loadSpec(name: InterfaceName): OpenApiDocument {
  return documents[name];
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
