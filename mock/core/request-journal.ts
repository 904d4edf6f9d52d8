// createRequestJournal: every request the fake answered and its answer, in a bounded ring
// (WireMock's request journal). Recording is cheap on purpose (the pipeline is a hot path): an
// entry is a position in columns that point at what already exists (the request's header object,
// path and query as they arrived, or the equal ones of its client's previous request:
// repeated-parts.ts) and the request body as the client sent it, as JSON text; the
// answer's text goes into a ring of bytes outside the heap (text-ring.ts: retained strings were
// the journal's garbage-collector cost), once per kept answer however often it is answered.
// Masking, parsing, decoding and the entry's shape happen when someone reads the journal, not per request.

import { maskBody, maskHeaders, maskQuery } from './mask-secrets.js';
import { matchesPattern, type RequestFacts, type RequestPattern } from './request-pattern.js';
import { createRepeatedParts } from './repeated-parts.js';
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

/** What record() is handed: read at once into the journal's columns, not kept. */
export interface JournalRecord extends RequestFacts {
  /** The query as sent (text) or parsed; undefined: no query. */
  query: string | URLSearchParams | undefined;
  headers: Record<string, string | undefined>;
  /** The request body as sent, as JSON text taken before validation fills in defaults; undefined: none. */
  body: string | undefined;
  /** 0 when no answer was sent (a dropped connection fault). */
  status: number;
  contentType: string | undefined;
  /** The answer's text: copied into the text ring. */
  text: string;
  /**
   * The kept answer the text repeats (FakeResponse.shared): its text goes into the ring once and
   * every entry answered with it points at those bytes.
   */
  shared: object | undefined;
  /** Virtual time of the namespace's clock when the answer was made, epoch ms. */
  virtualMs: number;
  wallMs: number;
  /** The fault rule that answered instead of the fake, if any. */
  fault: string | undefined;
}

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
  // One column per field, not one object per entry: the record handed to record() dies young,
  // and only the parts it points at (the request's header object, its path and query) are kept.
  // A kept object per request was most of the journal's cost (garbage-collector time in a profile).
  // The columns grow to `size` as the first lap fills them (doubling from FIRST_CAPACITY): 10,000
  // positions up front were ~1 MB allocated at start, a young-generation collection before the
  // first answer and memory a short run never uses.
  const columnsFor = (entries: number): Columns => createColumns(Math.min(size, Math.max(FIRST_CAPACITY, entries)));
  let columns = columnsFor(0);
  const kept = createTextRing(MAX_KEPT_RESPONSE_TOTAL_CHARS);
  // Where a kept answer's text is in the ring, while it is there.
  let sharedTexts = new WeakMap<object, number>();
  const keepText = (text: string, shared: object | undefined): number => {
    if (text === '' || text.length > MAX_KEPT_RESPONSE_CHARS) return -1;
    if (shared === undefined) return kept.put(text);
    const known = sharedTexts.get(shared);
    if (known !== undefined && kept.holds(known)) return known;
    const handle = kept.put(text);
    sharedTexts.set(shared, handle);
    return handle;
  };
  // A request that repeats its client's previous one keeps that one's parts (repeated-parts.ts).
  const repeated = createRepeatedParts();
  let next = 0; // ring position of the next write
  let seq = 0; // ids grow forever, positions wrap

  /** Ring positions, newest first. */
  function* newestFirst(): Generator<number> {
    for (let i = 1; i <= size; i++) {
      const at = (next - i + size) % size;
      if (at >= columns.ids.length || columns.ids[at] === 0) return;
      yield at;
    }
  }

  function select(filter: JournalFilter): (at: number) => boolean {
    const status = statusTest(filter.status);
    const since = sinceMs(filter.since);
    return (at) => matchesPattern(filter, factsAt(columns, at)) && status(columns.status[at] as number) && (columns.wallMs[at] as number) >= since;
  }

  const show = (at: number): JournalEntry => view(columns, at, keptText(columns.texts[at] as number), bodyOf(columns.bodies[at] as number));
  const keptText = (handle: number): string | undefined => (handle < 0 ? undefined : kept.get(handle));
  const bodyOf = (handle: number): string | undefined => (handle === BODY_TOO_LONG ? TOO_LONG : keptText(handle));

  return {
    size,
    record(entry) {
      const at = next;
      if (at === columns.ids.length) columns = grown(columns, Math.min(size, at * 2));
      const c = columns;
      c.ids[at] = ++seq;
      c.iface[at] = entry.iface;
      c.method[at] = entry.method;
      const parts = repeated.keep(entry.key, entry.path, entry.query, entry.headers);
      c.path[at] = parts.path;
      c.key[at] = parts.key;
      c.namespace[at] = entry.namespace;
      c.operationId[at] = entry.operationId;
      c.route[at] = entry.route;
      c.query[at] = parts.query;
      c.headers[at] = parts.headers;
      c.status[at] = entry.status;
      c.contentType[at] = entry.contentType;
      c.virtualMs[at] = entry.virtualMs;
      c.wallMs[at] = entry.wallMs;
      c.fault[at] = entry.fault;
      c.texts[at] = keepText(entry.text, entry.shared);
      const body = entry.body;
      c.bodies[at] = body === undefined ? NO_BODY : body.length > MAX_KEPT_RESPONSE_CHARS ? BODY_TOO_LONG : kept.put(body);
      next = (next + 1) % size;
    },
    find(filter = {}) {
      const limit = filter.limit ?? 100;
      const keep = select(filter);
      const out: JournalEntry[] = [];
      for (const at of newestFirst()) {
        if (out.length >= limit) break;
        if (keep(at)) out.push(show(at));
      }
      return out;
    },
    verify(filter = {}) {
      const keep = select(filter);
      let count = 0;
      let last: number | undefined;
      for (const at of newestFirst()) {
        if (!keep(at)) continue;
        count++;
        last ??= at;
      }
      return { count, last: last === undefined ? null : show(last) };
    },
    clear(filter) {
      if (filter === undefined || Object.keys(filter).length === 0) {
        const n = this.count();
        columns = columnsFor(0);
        kept.clear();
        sharedTexts = new WeakMap();
        next = 0;
        return n;
      }
      const keep = select(filter);
      const rest = [...newestFirst()].reverse().filter((at) => !keep(at));
      const removed = this.count() - rest.length;
      const old = columns;
      columns = columnsFor(rest.length);
      rest.forEach((from, to) => copyEntry(old, from, columns, to));
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

/** The journal's storage: entry i is position i of every column; id 0 marks an empty position. */
interface Columns {
  ids: Float64Array;
  iface: string[];
  method: string[];
  path: string[];
  key: (string | undefined)[];
  namespace: string[];
  operationId: (string | undefined)[];
  route: (string | undefined)[];
  query: (string | URLSearchParams | undefined)[];
  headers: Record<string, string | undefined>[];
  status: Uint16Array;
  contentType: (string | undefined)[];
  virtualMs: Float64Array;
  wallMs: Float64Array;
  fault: (string | undefined)[];
  /** The handle of the response text in the text ring; −1: none kept. */
  texts: Float64Array;
  /** The handle of the request body in the same ring (one bound for both); NO_BODY, BODY_TOO_LONG. */
  bodies: Float64Array;
}

/** Positions the columns start with. */
const FIRST_CAPACITY = 256;

const REFERENCE_COLUMNS = ['iface', 'method', 'path', 'key', 'namespace', 'operationId', 'route', 'query', 'headers', 'contentType', 'fault'] as const;
const NUMBER_COLUMNS = ['ids', 'status', 'virtualMs', 'wallMs', 'texts', 'bodies'] as const;

function createColumns(size: number): Columns {
  // Reference columns filled with undefined up front: one element kind from the start (no holes).
  const refs = (): never[] => new Array(size).fill(undefined) as never[];
  return {
    ids: new Float64Array(size),
    iface: refs(),
    method: refs(),
    path: refs(),
    key: refs(),
    namespace: refs(),
    operationId: refs(),
    route: refs(),
    query: refs(),
    headers: refs(),
    status: new Uint16Array(size),
    contentType: refs(),
    virtualMs: new Float64Array(size),
    wallMs: new Float64Array(size),
    fault: refs(),
    texts: new Float64Array(size),
    bodies: new Float64Array(size),
  };
}

/** The columns with room for `capacity` entries, the first ones copied. */
function grown(from: Columns, capacity: number): Columns {
  const to = createColumns(capacity);
  for (let at = 0; at < from.ids.length; at++) copyEntry(from, at, to, at);
  return to;
}

function copyEntry(from: Columns, at: number, to: Columns, into: number): void {
  for (const name of REFERENCE_COLUMNS) (to[name] as unknown[])[into] = from[name][at];
  for (const name of NUMBER_COLUMNS) to[name][into] = from[name][at] as number;
}

function factsAt(c: Columns, at: number): RequestFacts {
  return {
    iface: c.iface[at] as string,
    method: c.method[at] as string,
    path: c.path[at] as string,
    route: c.route[at],
    operationId: c.operationId[at],
    key: c.key[at],
    namespace: c.namespace[at] as string,
  };
}

/**
 * text: the response text, body: the request's JSON text; each undefined when there was none, it
 * was not kept, or newer entries' texts have overwritten it.
 */
function view(c: Columns, at: number, text: string | undefined, body: string | undefined): JournalEntry {
  return {
    id: c.ids[at] as number,
    interface: c.iface[at] as string,
    namespace: c.namespace[at] as string,
    operationId: c.operationId[at] ?? null,
    route: c.route[at] ?? null,
    method: c.method[at] as string,
    path: c.path[at] as string,
    query: maskQuery(queryOf(c.query[at])),
    headers: maskHeaders(c.headers[at] as Record<string, string | undefined>),
    body: body === undefined ? null : maskBody(JSON.parse(body)),
    status: c.status[at] as number,
    response: responseView(c.contentType[at], text),
    fault: c.fault[at] ?? null,
    virtual_time: new Date(c.virtualMs[at] as number).toISOString(),
    wall_time: new Date(c.wallMs[at] as number).toISOString(),
  };
}

const queryOf = (query: string | URLSearchParams | undefined): URLSearchParams | undefined => (typeof query === 'string' ? new URLSearchParams(query) : query);

function responseView(contentType: string | undefined, text: string | undefined): unknown {
  if (text === undefined || text === '') return null;
  if (contentType?.startsWith('application/json') !== true) return text;
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
