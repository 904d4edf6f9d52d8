// What any stream of exchanges shows of the refusing rules of authentication, without a request of
// the checker's own (doppel proxy, --from-har, and every request of a doppel check run): a keyed
// operation called without its interface's key header, and a keyed request answered 401.
import { getOperation } from '../../../spec/index.js';
import { is2xx, keyOf, postIsValid } from '../../exchange/exchange-readers.js';
import { KEY_HEADER } from '../../exchange/operation-request.js';
import type { Exchange } from '../../types.js';

/** The key header of the other interface (trading §5.1 API-KEY, wallet §5.1 X-API-Key). */
const otherHeader = (iface: Exchange['iface']): string => KEY_HEADER[iface === 'trading' ? 'wallet' : 'trading'];

export type KeyCase =
  /** No key in the interface's header; `otherHeader`: a key in the other interface's header instead. */
  | { kind: 'keyless'; otherHeader: boolean }
  /** A key in the interface's header. */
  | { kind: 'keyed' };

/** How an exchange to a keyed operation carried its key; undefined for public operations and unknown paths. */
export function keyCase(ex: Exchange): KeyCase | undefined {
  if (ex.operationId === null || !getOperation(ex.iface, ex.operationId).secured) return undefined;
  if (keyOf(ex) !== undefined) return { kind: 'keyed' };
  return { kind: 'keyless', otherHeader: Boolean(ex.requestHeaders[otherHeader(ex.iface).toLowerCase()]) };
}

/**
 * A keyless request's answer: 'held' (401), 'broken' (a success or a server error: nothing refused
 * it), 'other' (another refusal of a POST that is valid in every other respect: the key is all it
 * lacks, whatever resource it names, so only the key's refusal fits it), or undefined when another
 * refusal may have come first for a request the spec refuses (400, 404, …: which comes first is the
 * guard-order decision, trading.guard-order and wallet.guard-order, not the key's rule) or a rate
 * limit answered (429).
 */
export function keylessVerdict(ex: Exchange): 'held' | 'broken' | 'other' | undefined {
  if (ex.status === 401) return 'held';
  if (is2xx(ex.status) || ex.status >= 500) return 'broken';
  return ex.status !== 429 && postIsValid(ex) ? 'other' : undefined;
}

export function describeKeyless(ex: Exchange, c: { otherHeader: boolean }, header: string): string {
  const path = new URL(ex.url).pathname;
  return `${ex.method} ${path} without ${header}${c.otherHeader ? ` (a key in ${otherHeader(ex.iface)} instead)` : ''} was answered ${ex.status}`;
}
