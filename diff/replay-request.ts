// A recorded request made ready for one side: sent to that side's URL, with that side's keys for
// a recording's masked ones, and the identifiers the recording holds (ids, addresses, tokens) as
// that side minted them, in the path, in identifier-named query parameters and body fields and in
// key headers. Everything else is sent as recorded.
import { request } from 'undici';
import { recordExchange, type Exchange } from '../conformance/index.js';
import { isSecretName, operationAt, type InterfaceName } from '../spec/index.js';
import type { IdentifierMap } from './identifier-map.js';
import { keyForMask, type SideKeys } from './side-keys.js';

/** Headers that belong to one connection, not to the request (a proxy drops them too). */
const HOP = new Set(['host', 'connection', 'content-length', 'transfer-encoding', 'keep-alive', 'accept-encoding', 'upgrade', 'te', 'trailer', 'proxy-connection']);

/** Fields that hold an identifier: `id`, `…_id`, `address`, `…_address`, `tx_hash`. */
const IDENTIFIER_NAME = /^(?:id|.*_id|address|.*_address|tx_hash)$/;

/**
 * The namespaces (field-roles.ts: `<iface> <resource>.<field>`, `<iface> secret <name>`) a request's
 * field may name: `order_id` an order's id (`lead_trader_id` a trader's), `to_address` an address,
 * a secret-named one a token; a path parameter `{id}` the id of the resource its path segment before names.
 */
function namespacesOf(iface: InterfaceName, name: string, resource?: string): (namespace: string) => boolean {
  if (isSecretName(name)) return (ns) => ns.startsWith(`${iface} secret `);
  if (/(?:^|_)address$/.test(name)) return (ns) => ns.startsWith(`${iface} `) && ns.endsWith('.address');
  const owner = resource ?? /^(?:(.*)_)?id$/.exec(name)?.[1];
  if (name === 'tx_hash') return (ns) => ns === `${iface} transaction.tx_hash`;
  if (owner === undefined) return () => false;
  return (ns) => {
    const m = /^\S+ ([a-z-]+)\.id$/.exec(ns);
    return ns.startsWith(`${iface} `) && m !== null && (owner === m[1] || owner.endsWith(`_${m[1]}`));
  };
}

export interface SideRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | undefined;
}

/**
 * What `value` stands for on this side: its key, or the identifier it is paired with through each
 * map in turn (the recording's to the primary's, then the primary's to the candidate's), or itself.
 */
function sideValue(value: string, within: (namespace: string) => boolean, ids: readonly IdentifierMap[], keys: SideKeys): string {
  return keyForMask(value, keys) ?? ids.reduce((v, map) => map.lookup(within, v) ?? v, value);
}

function bodyFor(text: string | undefined, iface: InterfaceName, ids: readonly IdentifierMap[], keys: SideKeys): string | undefined {
  if (text === undefined) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return text;
  }
  let changed = false;
  const visit = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(visit);
    if (v === null || typeof v !== 'object') return v;
    return Object.fromEntries(Object.entries(v).map(([name, field]) => {
      if ((typeof field === 'string' || typeof field === 'number') && (IDENTIFIER_NAME.test(name) || isSecretName(name))) {
        const to = sideValue(String(field), namespacesOf(iface, name), ids, keys);
        if (to !== String(field)) {
          changed = true;
          return [name, typeof field === 'number' && /^-?\d+$/.test(to) ? Number(to) : to];
        }
      }
      return [name, visit(field)];
    }));
  };
  const out = visit(body);
  return changed ? JSON.stringify(out) : text;
}

/** A path segment as text; one that is not valid percent-encoding stays as recorded. */
function decoded(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

export function sideRequest(ex: Exchange, base: string, ids: readonly IdentifierMap[], keys: SideKeys): SideRequest {
  const recorded = new URL(ex.url);
  // Path parameters (the operation's templated segments) hold identifiers.
  const template = operationAt(ex.iface, ex.method, recorded.pathname)?.path.split('/');
  const singular = (segment: string | undefined) => segment?.replace(/s$/, '');
  const path = template
    ? recorded.pathname.split('/').map((segment, i) => (template[i]?.startsWith('{') ? encodeURIComponent(sideValue(decoded(segment), namespacesOf(ex.iface, template[i].slice(1, -1), singular(template[i - 1])), ids, keys)) : segment)).join('/')
    : recorded.pathname;
  // The side's URL as given, a trailing /api/v1 aside (every recorded path starts with it).
  const root = base.replace(/\/+$/, '').replace(/\/api\/v1$/i, '');
  const url = new URL(`${root}${path}${recorded.search}`);
  for (const [name, value] of [...url.searchParams]) if (IDENTIFIER_NAME.test(name) || isSecretName(name)) url.searchParams.set(name, sideValue(value, namespacesOf(ex.iface, name), ids, keys));
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(ex.requestHeaders)) {
    if (HOP.has(name)) continue;
    headers[name] = isSecretName(name) ? sideValue(value, namespacesOf(ex.iface, name), ids, keys) : value;
  }
  return { method: ex.method, url: url.toString(), headers, body: bodyFor(ex.requestBody, ex.iface, ids, keys) };
}

/** A side that gave no answer (refused, reset, unresolvable): the comparison cannot go on. */
export class UnreachableError extends Error {
  override readonly name = 'UnreachableError';
  readonly code = 'unreachable';
}

/** Sends the request and records the answer as an exchange of the checker; no answer throws UnreachableError. */
export async function send(req: SideRequest, iface: InterfaceName, seq: number, side: string): Promise<Exchange> {
  const startedAt = performance.timeOrigin + performance.now();
  let res: Awaited<ReturnType<typeof request>>;
  let body: Uint8Array;
  try {
    res = await request(req.url, { method: req.method as 'GET', headers: req.headers, body: req.body });
    body = new Uint8Array(await res.body.arrayBuffer());
  } catch (error) {
    const { code, message } = error as { code?: string; message?: string };
    throw new UnreachableError(`the ${side}'s ${iface} interface gave no answer to ${req.method} ${new URL(req.url).pathname} (${code ?? message ?? String(error)})`);
  }
  return recordExchange({ seq, iface, method: req.method, url: req.url, requestHeaders: req.headers, requestBody: req.body, status: res.statusCode, responseHeaders: res.headers, body, startedAt, endedAt: performance.timeOrigin + performance.now() });
}
