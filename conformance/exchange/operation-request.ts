// Requests by operationId: method and path come from spec/ (getOperation), the key goes into the
// header the interface documents (trading §5 API-KEY, wallet §5 X-API-Key). No path is written
// twice: checks name operations, never URLs.
import { getOperation, INTERFACES, operations, type InterfaceName, type Operation } from '../../spec/index.js';

/** One request to send: the interface, its operation (null for a path no operation has) and the HTTP parts. */
export interface RequestSpec {
  iface: InterfaceName;
  operationId: string | null;
  method: 'GET' | 'POST';
  /** Path with parameters filled in (from spec/: requestFor builds it). */
  path: string;
  query?: Record<string, string> | undefined;
  headers?: Record<string, string> | undefined;
  /** A JSON value to send; `rawBody` sends text as is. */
  body?: unknown;
  rawBody?: string | undefined;
  /** Return a 429 as it is instead of waiting it out, and skip the client-side budget (the rate-limit check). */
  keep429?: boolean | undefined;
  /** Send all of the body but its last byte, then the rest once `release` resolves (race checks: fire-together.ts). */
  hold?: Hold | undefined;
}

/**
 * A request held back by the last byte of its body: a server acts on a request only once it has
 * all of it, so requests released together are in flight together however slowly they were
 * connected and written (the checker's process busy, a new connection per request).
 */
export interface Hold {
  /** Told once everything but the last byte is written. */
  ready(): void;
  release: Promise<void>;
}

export interface CallOptions {
  /** Path parameters, e.g. `{ id: 3 }` for `/wallets/{id}/balance`; any text is sent as given. */
  params?: Record<string, string | number> | undefined;
  query?: Record<string, string> | undefined;
  /** A JSON value to send; `rawBody` sends text as is. */
  body?: unknown;
  rawBody?: string | undefined;
  /** The interface's key header is set to this. */
  key?: string | undefined;
  headers?: Record<string, string> | undefined;
  keep429?: boolean | undefined;
}

export const KEY_HEADER: Record<InterfaceName, string> = { trading: 'API-KEY', wallet: 'X-API-Key' };

const byId = new Map<string, Operation>();

/** The operation of either interface (operationIds are unique across the two documents). */
export function findOperation(operationId: string): Operation {
  if (!byId.size) for (const iface of INTERFACES) for (const op of operations(iface)) byId.set(op.operationId, op);
  const op = byId.get(operationId);
  if (!op) throw new Error(`no operation ${operationId} in spec/`);
  return op;
}

function fillPath(op: Operation, params: Record<string, string | number>): string {
  return op.path.replace(/\{([^}]+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`${op.operationId} needs path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

export function requestFor(operationId: string, o: CallOptions = {}): RequestSpec {
  const op = findOperation(operationId);
  const headers = { ...(o.key !== undefined ? { [KEY_HEADER[op.iface]]: o.key } : {}), ...(o.headers ?? {}) };
  return {
    iface: op.iface,
    operationId,
    method: op.method as RequestSpec['method'],
    path: fillPath(op, o.params ?? {}),
    query: o.query,
    headers: Object.keys(headers).length ? headers : undefined,
    body: o.body,
    rawBody: o.rawBody,
    keep429: o.keep429,
  };
}

/** A path under the interface's API prefix that no operation serves (for the 404 checks). */
export function unknownPath(iface: InterfaceName): string {
  const first = operations(iface)[0] ?? getOperation(iface, iface === 'trading' ? 'getPrices' : 'listChains');
  const prefix = first.path.split('/').slice(0, 3).join('/');
  return `${prefix}/no-such-endpoint`;
}
