// createRouteTable: method + path template → entry, by a segment trie. Shared by the fake's operations
// and admin routes (mock/core/pipeline.ts) and by operationAt (spec/operation-at.ts), which names the
// operation of a request the checker or the proxy saw.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface Routable {
  method: HttpMethod;
  /** Template such as '/api/v1/wallets/{id}/balance'; a {name} segment matches any one non-empty segment. */
  path: string;
}

export interface RouteMatch<E> {
  entry: E;
  /** The decoded {name} segments. */
  params: Record<string, string>;
}

export interface RouteTable<E> {
  match(method: string, rawPath: string): RouteMatch<E> | null;
}

interface Endpoint<E> {
  entry: E;
  paramNames: string[];
}

// Lookup costs O(segments), plus a step back where a literal segment and a {param} share a parent
// (e.g. /wallets/create vs /wallets/{id}), which the route table, not the request, bounds.
interface TrieNode<E> {
  literals: Map<string, TrieNode<E>>;
  param?: TrieNode<E>;
  endpoints: Map<string, Endpoint<E>>;
}

const PARAM_SEGMENT = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

export function createRouteTable<E extends Routable>(entries: readonly E[]): RouteTable<E> {
  const root = newNode<E>();
  // Fast path for the common case: a literal template and a request path without escapes.
  const literalPaths = new Map<string, Map<string, Endpoint<E>>>();

  for (const entry of entries) {
    const segments = templateSegments(entry.path);
    const paramNames: string[] = [];
    let node = root;
    for (const segment of segments) {
      const param = PARAM_SEGMENT.exec(segment);
      if (param !== null) {
        paramNames.push(param[1] as string);
        node = node.param ??= newNode();
      } else {
        if (/[{}%]/.test(segment)) throw new Error(`route table: bad segment "${segment}" in ${entry.path}`);
        let next = node.literals.get(segment);
        if (next === undefined) node.literals.set(segment, (next = newNode()));
        node = next;
      }
    }
    if (node.endpoints.has(entry.method)) throw new Error(`route table: two routes for ${entry.method} ${entry.path}`);
    const endpoint = { entry, paramNames };
    node.endpoints.set(entry.method, endpoint);
    if (paramNames.length === 0) {
      const byMethod = literalPaths.get(entry.path) ?? new Map<string, Endpoint<E>>();
      byMethod.set(entry.method, endpoint);
      literalPaths.set(entry.path, byMethod);
    }
  }

  function match(method: string, rawPath: string): RouteMatch<E> | null {
    // Trailing slash: /x/ is /x.
    const path = rawPath.length > 1 && rawPath.endsWith('/') ? rawPath.slice(0, -1) : rawPath;
    const literal = literalPaths.get(path)?.get(method);
    if (literal !== undefined) return { entry: literal.entry, params: {} };
    if (!path.startsWith('/')) return null;
    let segments: string[];
    try {
      segments = path === '/' ? [] : path.slice(1).split('/').map(decodeURIComponent);
    } catch {
      return null; // malformed percent-encoding can name no route
    }
    const values: string[] = [];
    const endpoint = walk(root, segments, 0, method, values);
    if (endpoint === undefined) return null;
    const params: Record<string, string> = {};
    endpoint.paramNames.forEach((name, i) => {
      params[name] = values[i] as string;
    });
    return { entry: endpoint.entry, params };
  }

  return { match };
}

function walk<E>(node: TrieNode<E>, segments: string[], i: number, method: string, values: string[]): Endpoint<E> | undefined {
  if (i === segments.length) return node.endpoints.get(method);
  const segment = segments[i] as string;
  const literal = node.literals.get(segment);
  if (literal !== undefined) {
    const found = walk(literal, segments, i + 1, method, values);
    if (found !== undefined) return found;
  }
  if (node.param !== undefined && segment !== '') {
    values.push(segment);
    const found = walk(node.param, segments, i + 1, method, values);
    if (found !== undefined) return found;
    values.pop();
  }
  return undefined;
}

function templateSegments(path: string): string[] {
  if (!path.startsWith('/') || (path.length > 1 && path.endsWith('/'))) {
    throw new Error(`route table: a path must start with '/' and not end with one: ${path}`);
  }
  return path === '/' ? [] : path.slice(1).split('/');
}

function newNode<E>(): TrieNode<E> {
  return { literals: new Map(), endpoints: new Map() };
}
