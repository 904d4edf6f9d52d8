// createRequestJournal: every request the fake answered and its answer, in a bounded ring
// (WireMock's request journal). Recording is cheap on purpose (the pipeline is a hot path): the
// entry keeps references to what already exists (the header object) and the request body as the
// client sent it, as JSON text; the answer's text goes into a ring of bytes outside the heap
// (text-ring.ts: retained strings were the journal's garbage-collector cost). Masking,
// parsing and decoding happen when someone reads the journal, not per request.

import { maskBody, maskHeaders, maskQuery } from './mask-secrets.js';
import { matchesPattern, type RequestFacts, type RequestPattern } from './request-pattern.js';
import { createTextRing } from './text-ring.js';

export const DEFAULT_JOURNAL_SIZE = 10_000;
/** A response text longer than this is not kept (a large listing or page would make the ring's memory unbounded). */
const MAX_KEPT_RESPONSE_CHARS = 64 * 1024;
/**
 * And all kept response texts and request bodies together stay within this many bytes (UTF-8, so
 * at most as many characters): 10,000 answers or bodies of up to 64 KiB each could hold 640 MB (a
 * 10-minute soak of order listings grew the heap past 700 MiB). Past it, the oldest entries lose
 * their texts first (the request's method, path, query, headers and status stay, so counts and
 * verification are unchanged).
 */
export const MAX_KEPT_RESPONSE_TOTAL_CHARS = 8 * 1024 * 1024;
/** What a request body longer than that is kept as. */
const TOO_LONG = JSON.stringify('(a body over 64 KiB, not kept)');
const NO_BODY = -1;
const BODY_TOO_LONG = -2;

export interface JournalRecord extends RequestFacts {
  /** Set by record(): ids grow by one per request, over the journal's whole life. */
  id: number;
  /** undefined: no query. */
  query: URLSearchParams | undefined;
  headers: Record<string, string | undefined>;
  /** The request body as sent, as JSON text taken before validation fills in defaults; undefined: none. */
  body: string | undefined;
  /** 0 when no answer was sent (a dropped connection fault). */
  status: number;
  contentType: string | undefined;
  /** The answer's text as handed to record(); record() moves it into the text ring and leaves ''. */
  text: string;
  /** Virtual time of the namespace's clock when the answer was made, epoch ms. */
  virtualMs: number;
  wallMs: number;
  /** The fault rule that answered instead of the fake, if any. */
  fault: string | undefined;
}

type StoredEntry = JournalRecord;

/** One journal entry as the admin API and fake.requests() show it. */
export interface JournalEntry {
  id: number;
  interface: string;
  namespace: string;
  operationId: string | null;
  route: string | null;
  method: string;
  path: string;
  query: Record<string, string>;
  /** Credentials masked (mock/core/mask-secrets.ts). */
  headers: Record<string, string>;
  body: unknown;
  status: number;
  /** The answer's body (parsed JSON, credentials masked), the page text, or null when not kept. */
  response: unknown;
  fault: string | null;
  virtual_time: string;
  wall_time: string;
}

export interface JournalFilter extends RequestPattern {
  /** An exact status (429) or a class (`4xx`). */
  status?: number | string;
  /** Only entries at or after this wall time (epoch ms or an ISO date). */
  since?: number | string;
  /** At most this many entries, newest first. Default 100. */
  limit?: number;
}

export interface Verification {
  count: number;
  /** The newest matching entry, or null. */
  last: JournalEntry | null;
}

export interface RequestJournal {
  readonly size: number;
  record(entry: JournalRecord): void;
  /** Matching entries, newest first. */
  find(filter?: JournalFilter): JournalEntry[];
  /** How many entries match, and the newest of them (the verification helper). */
  verify(filter?: JournalFilter): Verification;
  /** Removes the entries that match (all without a filter); returns how many. */
  clear(filter?: JournalFilter): number;
  /** How many entries the ring holds now. */
  count(): number;
}

export function createRequestJournal(size = DEFAULT_JOURNAL_SIZE): RequestJournal {
  if (!Number.isInteger(size) || size < 1) throw new Error(`journal size must be a positive integer, got ${size}`);
  let ring: (StoredEntry | undefined)[] = new Array(size);
  // texts[i]: the handle of ring[i]'s response text in the text ring; −1: none kept.
  let texts = new Float64Array(size);
  // bodies[i]: the handle of ring[i]'s request body in the same text ring (one bound for both: a
  // request body of up to 64 KiB per entry would otherwise hold up to 640 MB); NO_BODY: none sent,
  // BODY_TOO_LONG: over 64 KiB.
  let bodies = new Float64Array(size);
  const kept = createTextRing(MAX_KEPT_RESPONSE_TOTAL_CHARS);
  let next = 0; // ring position of the next write
  let seq = 0; // ids grow forever, positions wrap

  /** Ring positions, newest first. */
  function* newestFirst(): Generator<number> {
    for (let i = 1; i <= size; i++) {
      const at = (next - i + size) % size;
      if (ring[at] === undefined) return;
      yield at;
    }
  }

  function select(filter: JournalFilter): (e: StoredEntry) => boolean {
    const status = statusTest(filter.status);
    const since = sinceMs(filter.since);
    return (e) => matchesPattern(filter, e) && status(e.status) && e.wallMs >= since;
  }

  const show = (at: number): JournalEntry => view(ring[at] as StoredEntry, keptText(texts[at] as number), bodyOf(bodies[at] as number));
  const keptText = (handle: number): string | undefined => (handle < 0 ? undefined : kept.get(handle));
  const bodyOf = (handle: number): string | undefined => (handle === BODY_TOO_LONG ? TOO_LONG : keptText(handle));

  return {
    size,
    record(entry) {
      const stored = entry;
      stored.id = ++seq;
      texts[next] = stored.text === '' || stored.text.length > MAX_KEPT_RESPONSE_CHARS ? -1 : kept.put(stored.text);
      stored.text = '';
      const body = stored.body;
      bodies[next] = body === undefined ? NO_BODY : body.length > MAX_KEPT_RESPONSE_CHARS ? BODY_TOO_LONG : kept.put(body);
      stored.body = undefined;
      ring[next] = stored;
      next = (next + 1) % size;
    },
    find(filter = {}) {
      const limit = filter.limit ?? 100;
      const keep = select(filter);
      const out: JournalEntry[] = [];
      for (const at of newestFirst()) {
        if (out.length >= limit) break;
        if (keep(ring[at] as StoredEntry)) out.push(show(at));
      }
      return out;
    },
    verify(filter = {}) {
      const keep = select(filter);
      let count = 0;
      let last: number | undefined;
      for (const at of newestFirst()) {
        if (!keep(ring[at] as StoredEntry)) continue;
        count++;
        last ??= at;
      }
      return { count, last: last === undefined ? null : show(last) };
    },
    clear(filter) {
      if (filter === undefined || Object.keys(filter).length === 0) {
        const n = this.count();
        ring = new Array(size);
        texts = new Float64Array(size);
        bodies = new Float64Array(size);
        kept.clear();
        next = 0;
        return n;
      }
      const keep = select(filter);
      const rest = [...newestFirst()].reverse().filter((at) => !keep(ring[at] as StoredEntry));
      const removed = this.count() - rest.length;
      const restEntries = rest.map((at) => ring[at] as StoredEntry);
      const restTexts = rest.map((at) => texts[at] as number);
      const restBodies = rest.map((at) => bodies[at] as number);
      ring = new Array(size);
      texts = new Float64Array(size);
      bodies = new Float64Array(size);
      restEntries.forEach((e, i) => {
        ring[i] = e;
        texts[i] = restTexts[i] as number;
        bodies[i] = restBodies[i] as number;
      });
      next = rest.length % size;
      return removed;
    },
    count() {
      let n = 0;
      for (const _ of newestFirst()) n++;
      return n;
    },
  };
}

/**
 * text: the response text, body: the request's JSON text; each undefined when there was none, it
 * was not kept, or newer entries' texts have overwritten it.
 */
function view(e: StoredEntry, text: string | undefined, body: string | undefined): JournalEntry {
  return {
    id: e.id,
    interface: e.iface,
    namespace: e.namespace,
    operationId: e.operationId ?? null,
    route: e.route ?? null,
    method: e.method,
    path: e.path,
    query: maskQuery(e.query),
    headers: maskHeaders(e.headers),
    body: body === undefined ? null : maskBody(JSON.parse(body)),
    status: e.status,
    response: responseView(e, text),
    fault: e.fault ?? null,
    virtual_time: new Date(e.virtualMs).toISOString(),
    wall_time: new Date(e.wallMs).toISOString(),
  };
}

function responseView(e: StoredEntry, text: string | undefined): unknown {
  if (text === undefined || text === '') return null;
  if (e.contentType?.startsWith('application/json') !== true) return text;
  try {
    return maskBody(JSON.parse(text));
  } catch {
    return text;
  }
}

function statusTest(status: number | string | undefined): (s: number) => boolean {
  if (status === undefined) return () => true;
  const text = String(status);
  const cls = /^([1-5])xx$/i.exec(text);
  if (cls !== null) {
    const hundred = Number(cls[1]) * 100;
    return (s) => s >= hundred && s < hundred + 100;
  }
  const exact = Number(text);
  return (s) => s === exact;
}

function sinceMs(since: number | string | undefined): number {
  if (since === undefined) return -Infinity;
  return typeof since === 'number' ? since : /^\d+$/.test(since) ? Number(since) : Date.parse(since);
}
