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

/** The parts of one entry, as the journal keeps them. */
export interface KeptParts {
  key: string | undefined;
  path: string;
  query: string | URLSearchParams | undefined;
  headers: HeaderRecord;
}

export interface RepeatedParts {
  /**
   * The parts to keep for a request: the previous request's with the same key where equal, else
   * this request's own (which the next request with that key is then compared with). The object
   * returned is reused: read its fields at once.
   */
  keep(key: string | undefined, path: string, query: string | URLSearchParams | undefined, headers: HeaderRecord): KeptParts;
}

interface Previous extends KeptParts {
  /** The header names of `headers`, in order. */
  names: string[];
}

/** How many clients (API keys) are remembered before the memory starts over. */
const MOST_CLIENTS = 1024;

export function createRepeatedParts(): RepeatedParts {
  const byKey = new Map<string | undefined, Previous>();
  return {
    keep(key, path, query, headers) {
      const previous = byKey.get(key);
      if (previous === undefined) {
        if (byKey.size >= MOST_CLIENTS) byKey.clear();
        const first: Previous = { key, path, query, headers, names: Object.keys(headers) };
        byKey.set(key, first);
        return first;
      }
      // Strings compare by their text; a parsed query (URLSearchParams) is never the same object.
      if (previous.path !== path) previous.path = path;
      if (previous.query !== query) previous.query = query;
      if (!sameHeaders(previous, headers)) {
        previous.headers = headers;
        previous.names = Object.keys(headers);
      }
      return previous;
    },
  };
}

/** The same names in the same order, each with the same value (no array is made to find out). */
function sameHeaders(previous: Previous, headers: HeaderRecord): boolean {
  const { names } = previous;
  let i = 0;
  for (const name in headers) {
    if (name !== names[i] || headers[name] !== previous.headers[name]) return false;
    i++;
  }
  return i === names.length;
}
