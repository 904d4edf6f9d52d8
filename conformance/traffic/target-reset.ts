// Exchanges that drop a doppel target's state, seen in traffic (a test harness resetting the mock
// through the proxy): after one, what the target said before describes a state that is gone
// (docs/guides/client-developers.md: POST /__doppel/reset, PUT /__doppel/state, DELETE
// /__doppel/namespaces/{name}), so the judge forgets it rather than judge later reads against it.
import type { Exchange } from '../types.js';
import { routedPath as routed } from './admin-route.js';

/** Whether the exchange is an accepted reset, state import or namespace drop of a doppel target. */
export function isTargetReset(ex: Pick<Exchange, 'method' | 'url' | 'status'>): boolean {
  if (ex.status < 200 || ex.status > 299) return false;
  const path = routed(ex.url);
  return (ex.method === 'POST' && path.endsWith('/__doppel/reset')) || (ex.method === 'PUT' && path.endsWith('/__doppel/state')) || (ex.method === 'DELETE' && /\/__doppel\/namespaces\/[^/]+$/.test(path));
}
