// createRequestJournal: every request the fake answered and its answer, in a bounded ring
// (WireMock's request journal). Recording is cheap on purpose (the pipeline is a hot path): an
// entry is a few numbers and two references to what already exists: its kind of request, shared
// with the others of that kind, and the request's header object, path and query as they arrived
// (or the equal ones of its client's previous request: repeated-parts.ts). The request body as the
// client sent it (JSON text) and the answer's text go into a ring of bytes outside the heap
// (text-ring.ts: retained strings were the journal's garbage-collector cost), a kept answer's text
// once however often it is answered. Masking, parsing, decoding and the entry's shape happen when
// someone reads the journal, not per request.

import { maskBody, maskHeaders, maskQuery } from './mask-secrets.js';
import { matchesPattern, type RequestFacts, type RequestPattern } from './request-pattern.js';
import { createRepeatedParts, type KeptParts } from './repeated-parts.js';
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
/** The handle of a text still waiting for the ring (never seen by a reader: reads write the batch first). */
const WAITING = -3;
/** A batch is written when this many texts wait... */
const WAITING_TEXTS = 64;
/** ...or this many characters. */
const WAITING_CHARS = 256 * 1024;

/** What record() is handed: read at once into the journal's entry, not kept. */
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
  // An entry is a few numbers side by side in one array and two references in another, not an
  // object: the record handed to record() dies young, and what the references point at is shared
  // by many entries (a client's repeated parts, the few kinds of request). A kept object per request
  // was most of the journal's cost (garbage-collector time in a profile); a column per field made
  // each record touch 17 arrays, 17 cache lines a server's other work had evicted.
  // The storage grows to `size` as the first lap fills it (doubling from FIRST_CAPACITY): 10,000
  // positions up front were ~1 MB allocated at start, a young-generation collection before the
  // first answer and memory a short run never uses.
  const storageFor = (entries: number): Storage => createStorage(Math.min(size, Math.max(FIRST_CAPACITY, entries)));
  let store = storageFor(0);
  const kept = createTextRing(MAX_KEPT_RESPONSE_TOTAL_CHARS);
  // Where a kept answer's text is in the ring, while it is there.
  let sharedTexts = new WeakMap<object, number>();
  // Texts of single use wait for the ring in a batch (TextRing.putAll: one call out of JavaScript
  // for many, not one each); their entries' handles are written when the batch is. Every read of
  // the journal writes the batch first. What waits is at most WAITING_TEXTS texts of at most
  // WAITING_CHARS characters (besides the last), young strings the collector drops with their batch.
  let waiting: string[] = [];
  let waitingSlots: number[] = []; // where in `numbers` each one's handle goes
  let waitingIds: number[] = []; // and the entry it is for (a small ring may have reused the position)
  let waitingChars = 0;
  const later = (text: string, slot: number, id: number): number => {
    waiting.push(text);
    waitingSlots.push(slot);
    waitingIds.push(id);
    waitingChars += text.length;
    return WAITING;
  };
  const writeWaiting = (): void => {
    if (waiting.length === 0) return;
    const handles = kept.putAll(waiting);
    const { numbers } = store;
    for (let i = 0; i < handles.length; i++) {
      const slot = waitingSlots[i] as number;
      if (numbers[slot - (slot % NUMBERS)] === waitingIds[i]) numbers[slot] = handles[i] as number;
    }
    forgetWaiting();
  };
  const forgetWaiting = (): void => {
    waiting = [];
    waitingSlots = [];
    waitingIds = [];
    waitingChars = 0;
  };
  const keepText = (text: string, shared: object | undefined, slot: number, id: number): number => {
    if (text === '' || text.length > MAX_KEPT_RESPONSE_CHARS) return -1;
    if (shared === undefined) return later(text, slot, id);
    const known = sharedTexts.get(shared);
    if (known !== undefined && kept.holds(known)) return known;
    const handle = kept.put(text);
    sharedTexts.set(shared, handle);
    return handle;
  };
  // A request that repeats its client's previous one keeps that one's parts (repeated-parts.ts).
  const repeated = createRepeatedParts();
  const kinds = createKinds();
  let next = 0; // ring position of the next write
  let seq = 0; // ids grow forever, positions wrap

  /** Ring positions, newest first. */
  function* newestFirst(): Generator<number> {
    for (let i = 1; i <= size; i++) {
      const at = (next - i + size) % size;
      if (at >= store.capacity || store.numbers[at * NUMBERS] === 0) return;
      yield at;
    }
  }

  function select(filter: JournalFilter): (at: number) => boolean {
    const status = statusTest(filter.status);
    const since = sinceMs(filter.since);
    return (at) => matchesPattern(filter, factsAt(store, at)) && status(store.numbers[at * NUMBERS + STATUS] as number) && (store.numbers[at * NUMBERS + WALL_MS] as number) >= since;
  }

  const show = (at: number): JournalEntry => view(store, at, keptText(store.numbers[at * NUMBERS + TEXT] as number), bodyOf(store.numbers[at * NUMBERS + BODY] as number));
  const keptText = (handle: number): string | undefined => (handle < 0 ? undefined : kept.get(handle));
  const bodyOf = (handle: number): string | undefined => (handle === BODY_TOO_LONG ? TOO_LONG : keptText(handle));

  return {
    size,
    record(entry) {
      const at = next;
      if (at === store.capacity) store = grown(store, Math.min(size, at * 2));
      const { numbers, refs } = store;
      const n = at * NUMBERS;
      const body = entry.body;
      numbers[n] = ++seq;
      numbers[n + STATUS] = entry.status;
      numbers[n + VIRTUAL_MS] = entry.virtualMs;
      numbers[n + WALL_MS] = entry.wallMs;
      numbers[n + TEXT] = keepText(entry.text, entry.shared, n + TEXT, seq);
      numbers[n + BODY] = body === undefined ? NO_BODY : body.length > MAX_KEPT_RESPONSE_CHARS ? BODY_TOO_LONG : later(body, n + BODY, seq);
      refs[at * REFS] = kinds.of(entry);
      refs[at * REFS + 1] = repeated.keep(entry.key, entry.path, entry.query, entry.headers);
      next = (next + 1) % size;
      if (waiting.length >= WAITING_TEXTS || waitingChars >= WAITING_CHARS) writeWaiting();
    },
    find(filter = {}) {
      writeWaiting();
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
      writeWaiting();
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
        store = storageFor(0);
        forgetWaiting();
        kept.clear();
        sharedTexts = new WeakMap();
        next = 0;
        return n;
      }
      writeWaiting();
      const keep = select(filter);
      const rest = [...newestFirst()].reverse().filter((at) => !keep(at));
      const removed = this.count() - rest.length;
      const old = store;
      store = storageFor(rest.length);
      rest.forEach((from, to) => copyEntry(old, from, store, to));
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

/** What many entries share: the kind of request and how it was answered, apart from the request's own parts. */
interface EntryKind {
  readonly iface: string;
  readonly method: string;
  readonly namespace: string;
  readonly operationId: string | undefined;
  readonly route: string | undefined;
  readonly contentType: string | undefined;
  readonly fault: string | undefined;
}

/** How many kinds are compared before a new one is made (a client's working set of routes). */
const RECENT_KINDS = 16;

/** The kind of a record: the last one or one of the recently seen ones when equal (no new object kept), else a new one. */
function createKinds(): { of(entry: JournalRecord): EntryKind } {
  const recent: EntryKind[] = [];
  let last: EntryKind | undefined;
  let slot = 0; // where the next new kind goes once RECENT_KINDS are known (the oldest made gives way)
  const same = (k: EntryKind, e: JournalRecord): boolean =>
    k.route === e.route && k.method === e.method && k.operationId === e.operationId && k.namespace === e.namespace && k.iface === e.iface && k.contentType === e.contentType && k.fault === e.fault;
  return {
    of(entry) {
      if (last !== undefined && same(last, entry)) return last;
      for (const k of recent) if (same(k, entry)) return (last = k);
      const { iface, method, namespace, operationId, route, contentType, fault } = entry;
      const kind: EntryKind = { iface, method, namespace, operationId, route, contentType, fault };
      recent[slot] = kind;
      slot = (slot + 1) % RECENT_KINDS;
      return (last = kind);
    },
  };
}

/** The journal's storage: entry i is NUMBERS numbers from numbers[i * NUMBERS] and REFS references from refs[i * REFS]; id 0 marks an empty position. */
interface Storage {
  capacity: number;
  /** id, status, virtual ms, wall ms, response text handle (−1: none kept), request body handle (NO_BODY, BODY_TOO_LONG). */
  numbers: Float64Array;
  /** The entry's kind, its parts (repeated-parts.ts). */
  refs: (EntryKind | KeptParts)[];
}

const NUMBERS = 6;
const STATUS = 1;
const VIRTUAL_MS = 2;
const WALL_MS = 3;
const TEXT = 4;
const BODY = 5;
const REFS = 2;

/** Positions the storage starts with. */
const FIRST_CAPACITY = 256;

function createStorage(capacity: number): Storage {
  // References filled up front: one element kind from the start (no holes).
  return { capacity, numbers: new Float64Array(capacity * NUMBERS), refs: new Array(capacity * REFS).fill(undefined) as Storage['refs'] };
}

/** The storage with room for `capacity` entries, the first ones copied. */
function grown(from: Storage, capacity: number): Storage {
  const to = createStorage(capacity);
  for (let at = 0; at < from.capacity; at++) copyEntry(from, at, to, at);
  return to;
}

function copyEntry(from: Storage, at: number, to: Storage, into: number): void {
  to.numbers.set(from.numbers.subarray(at * NUMBERS, (at + 1) * NUMBERS), into * NUMBERS);
  for (let i = 0; i < REFS; i++) to.refs[into * REFS + i] = from.refs[at * REFS + i] as EntryKind | KeptParts;
}

const kindAt = (s: Storage, at: number): EntryKind => s.refs[at * REFS] as EntryKind;
const partsAt = (s: Storage, at: number): KeptParts => s.refs[at * REFS + 1] as KeptParts;

function factsAt(s: Storage, at: number): RequestFacts {
  const { iface, method, route, operationId, namespace } = kindAt(s, at);
  const { path, key } = partsAt(s, at);
  return { iface, method, path, route, operationId, key, namespace };
}

/**
 * text: the response text, body: the request's JSON text; each undefined when there was none, it
 * was not kept, or newer entries' texts have overwritten it.
 */
function view(s: Storage, at: number, text: string | undefined, body: string | undefined): JournalEntry {
  const kind = kindAt(s, at);
  const parts = partsAt(s, at);
  const n = at * NUMBERS;
  return {
    id: s.numbers[n] as number,
    interface: kind.iface,
    namespace: kind.namespace,
    operationId: kind.operationId ?? null,
    route: kind.route ?? null,
    method: kind.method,
    path: parts.path,
    query: maskQuery(queryOf(parts.query)),
    headers: maskHeaders(parts.headers as Record<string, string | undefined>),
    body: body === undefined ? null : maskBody(JSON.parse(body)),
    status: s.numbers[n + STATUS] as number,
    response: responseView(kind.contentType, text),
    fault: kind.fault ?? null,
    virtual_time: new Date(s.numbers[n + VIRTUAL_MS] as number).toISOString(),
    wall_time: new Date(s.numbers[n + WALL_MS] as number).toISOString(),
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
