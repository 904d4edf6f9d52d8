// What any stream of exchanges shows of the refusing rules of authentication, without a request of
// the checker's own (doppel proxy, --from-har, and every request of a doppel check run): a keyed
// operation called without its interface's key header, and a keyed request answered 401.
import { getOperation } from '../../../spec/index.js';
import { is2xx, keyOf } from '../../exchange/exchange-readers.js';
import type { Exchange } from '../../types.js';

/** The header of the other interface, lower-cased as exchanges keep headers. */
const OTHER_HEADER = { trading: 'x-api-key', wallet: 'api-key' } as const;

export type KeyCase =
  /** No key in the interface's header; `otherHeader`: a key in the other interface's header instead. */
  | { kind: 'keyless'; otherHeader: boolean }
  /** A key in the interface's header. */
  | { kind: 'keyed' };

/** How an exchange to a keyed operation carried its key; undefined for public operations and unknown paths. */
export function keyCase(ex: Exchange): KeyCase | undefined {
  if (ex.operationId === null || !getOperation(ex.iface, ex.operationId).secured) return undefined;
  if (keyOf(ex) !== undefined) return { kind: 'keyed' };
  return { kind: 'keyless', otherHeader: Boolean(ex.requestHeaders[OTHER_HEADER[ex.iface]]) };
}

/**
 * A keyless request's answer: 'held' (401), 'broken' (a success or a server error: nothing refused
 * it), or undefined when another refusal answered first (400, 404, …: which refusal comes first is
 * the guard-order decision, trading.guard-order and wallet.guard-order, not the key's rule).
 */
export function keylessVerdict(ex: Exchange): 'held' | 'broken' | undefined {
  if (ex.status === 401) return 'held';
  return is2xx(ex.status) || ex.status >= 500 ? 'broken' : undefined;
}

export function describeKeyless(ex: Exchange, c: { otherHeader: boolean }, header: string): string {
  const path = new URL(ex.url).pathname;
  return `${ex.method} ${path} without ${header}${c.otherHeader ? ` (a key in ${ex.iface === 'trading' ? 'X-API-Key' : 'API-KEY'} instead)` : ''} was answered ${ex.status}`;
}
