// What the operators share: which operation a proxied request is, and edits of an answer's JSON at
// a path of keys (`*`: every item of an array, every value of a map).
import { getOperation } from '../../spec/index.js';
import { pathOf, type ProxiedRequest, type ProxiedResponse } from '../conformance/broken-proxy.js';

type Json = any;

export const isSuccess = (res: ProxiedResponse): boolean => res.status >= 200 && res.status < 300;

/** Whether a request is one of the operation (its method and path template). */
export function requestOf(iface: 'trading' | 'wallet', operationId: string): (req: ProxiedRequest) => boolean {
  const op = getOperation(iface, operationId);
  const re = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  return (req) => req.method === op.method && re.test(pathOf(req));
}

/** Every (container, key) at the path: the parent holding the last key, for each item a `*` reaches. */
export function slotsAt(body: Json, path: readonly string[]): { parent: Json; key: string | number }[] {
  const out: { parent: Json; key: string | number }[] = [];
  const walk = (node: Json, i: number): void => {
    if (node === null || typeof node !== 'object') return;
    const head = path[i] as string;
    const last = i === path.length - 1;
    const keys: (string | number)[] = head === '*' ? (Array.isArray(node) ? node.map((_, k) => k) : Object.keys(node)) : Array.isArray(node) ? [] : [head];
    for (const k of keys) {
      if (!(k in node)) continue;
      if (last) out.push({ parent: node, key: k });
      else walk(node[k], i + 1);
    }
  };
  walk(body, 0);
  return out;
}

/**
 * An answer with its JSON body edited; the answer itself when it is not JSON or `edit` says it
 * changed nothing (returns false).
 */
export function editBody(res: ProxiedResponse, edit: (body: Json) => boolean | void): ProxiedResponse {
  let body: Json;
  try {
    body = JSON.parse(res.body);
  } catch {
    return res;
  }
  if (edit(body) === false) return res;
  const text = JSON.stringify(body);
  return text === res.body ? res : { ...res, body: text };
}
