// Exchanges that drop a doppel target's state, seen in traffic (a test harness resetting the mock
// through the proxy): after one, what the target said before describes a state that is gone
// (docs/guides/client-developers.md: POST /__doppel/reset, PUT /__doppel/state, DELETE
// /__doppel/namespaces/{name}), so the judge forgets it rather than judge later reads against it.
import { DEFAULT_NAMESPACE, NAMESPACE_HEADER } from '../../mock/index.js';
import { requestBodyOf } from '../exchange/exchange-readers.js';
import type { Exchange } from '../types.js';
import { routedPath as routed } from './admin-route.js';

/** Whether the exchange is an accepted reset, state import or namespace drop of a doppel target. */
export function isTargetReset(ex: Pick<Exchange, 'method' | 'url' | 'status'>): boolean {
  if (ex.status < 200 || ex.status > 299) return false;
  const path = routed(ex.url);
  return (ex.method === 'POST' && path.endsWith('/__doppel/reset')) || (ex.method === 'PUT' && path.endsWith('/__doppel/state')) || (ex.method === 'DELETE' && /\/__doppel\/namespaces\/[^/]+$/.test(path));
}

/**
 * The namespace whose state a reset dropped (the one it names in its path, else the header's, else
 * the default one); undefined when it dropped every namespace's (`{"namespaces": "all"}`).
 */
export function resetScope(ex: Pick<Exchange, 'method' | 'url' | 'requestHeaders' | 'requestBody'>): string | undefined {
  const dropped = /\/__doppel\/namespaces\/([^/]+)$/.exec(routed(ex.url));
  if (ex.method === 'DELETE' && dropped) return namespaceNamed(ex.url) ?? dropped[1];
  const body = ex.requestBody === undefined ? undefined : requestBodyOf(ex as Exchange);
  if (body !== null && typeof body === 'object' && (body as Record<string, unknown>)['namespaces'] === 'all') return undefined;
  return namespaceOf(ex);
}

/** The namespace an exchange is of (X-Doppel-Namespace), the default one without the header: each keeps a state of its own. */
export function namespaceOf(ex: Pick<Exchange, 'requestHeaders'>): string {
  return ex.requestHeaders[NAMESPACE_HEADER] || DEFAULT_NAMESPACE;
}

/** The namespace a drop's path names, as sent (the routed path is lower-cased). */
function namespaceNamed(url: string): string | undefined {
  const path = URL.canParse(url) ? new URL(url).pathname : '';
  const last = path.replace(/\/$/, '').split('/').at(-1);
  try {
    return last === undefined ? undefined : decodeURIComponent(last);
  } catch {
    return last;
  }
}
