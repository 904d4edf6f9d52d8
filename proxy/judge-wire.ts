// What passes between doppel proxy's main thread and its judges on worker threads (judge-pool.ts,
// judge-worker.ts): an exchange as the parts it is recorded from (the judge records it again, so
// the same answer is the same record on either thread), and the messages each way.
import { recordExchange, type ExchangeParts } from '../conformance/exchange/exchange.js';
import type { Keep } from '../conformance/judge/findings.js';
import type { ShardSnapshot } from '../conformance/traffic/judge-shard.js';
import type { DecisionValues } from '../spec/index.js';
import type { Exchange, Failure, InterfaceName } from '../conformance/types.js';

/** What a judge is started with (workerData). */
export interface JudgeStart {
  /** Bytes each judge has judged so far, one slot per judge (the main thread reads its backlog from it, with no message). */
  done: SharedArrayBuffer;
  index: number;
}

/** What goes to a judge: the messages of one turn of the event loop, posted together (one message costs more than the copy of an exchange). */
export type ToJudgeBatch = ToJudge[];

export type ToJudge =
  /** The first message: what the session judges. */
  | { t: 'setup'; ifaces: InterfaceName[]; decisions: Readonly<DecisionValues> }
  | { t: 'see'; parts: ExchangeParts; bytes: number }
  /** Forget what the target said (undefined: in every namespace): it was reset, or exchanges of these namespaces were not judged. */
  | { t: 'forget'; namespaces?: string[] | undefined }
  | { t: 'snapshot'; id: number };

export type FromJudge =
  | { t: 'failure'; failure: Failure; keep: Keep }
  | { t: 'snapshot'; id: number; snapshot: ShardSnapshot }
  | { t: 'note'; line: string };

/** The parts an exchange was recorded from (recordExchange of them is the same record). */
export function partsOf(ex: Exchange): ExchangeParts {
  const responseHeaders: Record<string, string[]> = {};
  for (const [name, value] of ex.responseHeaderLines) (responseHeaders[name] ??= []).push(value);
  return {
    seq: ex.seq,
    iface: ex.iface,
    method: ex.method,
    url: ex.url,
    requestHeaders: ex.requestHeaders,
    requestBody: ex.requestBody,
    status: ex.status,
    responseHeaders,
    // A copy of its own: a Buffer's view may be of a shared 8 kB slab, which a structured clone
    // would copy whole; an own buffer is moved to the judge (judge-pool.ts transfers it).
    body: new Uint8Array(ex.bodyBytes),
    receivedBytes: ex.receivedBytes,
    startedAt: ex.startedAt,
    endedAt: ex.endedAt,
    cutOff: ex.cutOff,
    overrun: ex.overrun,
  };
}

export const exchangeOf = (parts: ExchangeParts): Exchange => recordExchange(parts);

/** What an exchange weighs in a judge's queue: its bodies, URL and headers, roughly. */
export function weightOf(ex: Exchange): number {
  let n = ex.url.length + ex.bodyBytes.length + (ex.requestBody?.length ?? 0) + 64;
  for (const [k, v] of Object.entries(ex.requestHeaders)) n += k.length + v.length;
  for (const [k, v] of ex.responseHeaderLines) n += k.length + v.length;
  return n;
}
