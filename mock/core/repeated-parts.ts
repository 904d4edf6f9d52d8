// createRepeatedParts: what the request journal keeps of a request that repeats an earlier one.
//
// Why (the journal's cost, bench/stub-features.ts): a journal entry lives for the next 10,000
// requests, so each request's own header object, path, key and query string outlived the young
// generation and had to be promoted and later collected. Under load that was most of the journal's
// cost in throughput (CPU profiles, journal on against off: ~0.5 µs of garbage collector per
// request). A client nearly always sends the same headers, path and key again, so an entry can
// point at the parts of the client's previous request when they are equal, and this request's
// own copies die young. Equal means equal as the journal shows them: the same header names in the
// same order with the same values, the same path text, the same query text.

export type HeaderRecord = Record<string, string | undefined>;

/** The parts of one entry, as the journal keeps them: never changed once made (entries share them). */
export interface KeptParts {
  readonly key: string | undefined;
  readonly path: string;
  readonly query: string | URLSearchParams | undefined;
  readonly headers: HeaderRecord;
}

export interface RepeatedParts {
  /**
   * The parts to keep for a request: the very object kept for the previous request with the same
   * key when every part is equal (an entry is then one reference to what is already kept), else a
   * new one that reuses whichever of its parts are equal.
   */
  keep(key: string | undefined, path: string, query: string | URLSearchParams | undefined, headers: HeaderRecord): KeptParts;
}

/** A client's latest parts, and their header names in order (here, not in every entry that points at the parts). */
interface Client {
  parts: KeptParts;
  names: string[];
}

/** How many clients (API keys) are remembered before the memory starts over. */
const MOST_CLIENTS = 1024;

export function createRepeatedParts(): RepeatedParts {
  const byKey = new Map<string | undefined, Client>();
  // The latest request's client: a client's requests nearly always follow one another (no lookup then).
  let latest: Client | undefined;
  return {
    keep(key, path, query, headers) {
      const client = latest !== undefined && latest.parts.key === key ? latest : byKey.get(key);
      if (client === undefined) {
        if (byKey.size >= MOST_CLIENTS) byKey.clear();
        const first: Client = { parts: { key, path, query, headers }, names: Object.keys(headers) };
        byKey.set(key, first);
        return (latest = first).parts;
      }
      latest = client;
      const previous = client.parts;
      // Strings compare by their text; a parsed query (URLSearchParams) is never the same object.
      const samePath = previous.path === path;
      const sameQuery = previous.query === query;
      const same = sameHeaders(previous.headers, client.names, headers);
      if (samePath && sameQuery && same) return previous;
      if (!same) client.names = Object.keys(headers);
      client.parts = { key, path: samePath ? previous.path : path, query: sameQuery ? previous.query : query, headers: same ? previous.headers : headers };
      return client.parts;
    },
  };
}

/** The same names in the same order, each with the same value (no array is made to find out). */
function sameHeaders(previous: HeaderRecord, names: string[], headers: HeaderRecord): boolean {
  let i = 0;
  for (const name in headers) {
    if (name !== names[i] || headers[name] !== previous[name]) return false;
    i++;
  }
  return i === names.length;
}
