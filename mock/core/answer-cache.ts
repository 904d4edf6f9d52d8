// createAnswerCache: a read's answer (status and text) kept while nothing it depends on changed,
// so that the same read is serialized once rather than per request (the fake's own per-request
// work was most of what separated it from a bare node:http server, bench/RESULTS.md).
//
// What a read depends on, and how each is followed:
// - the namespace's state: every write (a non-GET operation, whatever its outcome), every admin
//   change (a non-GET admin route) and every direct change through fake.models invalidate the
//   whole namespace's cache (both interfaces: they share the price book and the clock);
// - the virtual clock: an answer holds until its quiet time (InterfaceRules.quietUntil), the next
//   instant at which time alone can change an answer (a price step, a due settlement or confirmation);
// - the request: the key is the caller's credential, the path and the query as sent.
// The guards (auth, whitelist, rate limit), faults, CORS and the journal still run for every request.
// Portable: no node: module.

export interface CachedAnswer {
  status: number;
  text: string;
}

export interface AnswerCache {
  /** The answer kept for this read (the operation's entry, then the rest of its key), if it still holds at virtual time `now`. */
  get(read: object, key: string, now: number): CachedAnswer | undefined;
  /** Keeps an answer until `quietUntil` (exclusive) or the next invalidate(). */
  put(read: object, key: string, answer: CachedAnswer, quietUntil: number): void;
  /** Something any read may depend on changed: nothing kept holds any more. */
  invalidate(): void;
}

interface Kept extends CachedAnswer {
  quietUntil: number;
}

/**
 * Per namespace: distinct reads kept, and their texts' characters together; past either the cache
 * starts over (a client varying its query cannot grow it; 100 namespaces hold at most 100 MiB of
 * kept texts, the usual far less). An answer longer than MAX_TEXT is not kept.
 */
const MAX_KEPT = 512;
const MAX_CHARS = 1 << 20;
const MAX_TEXT = 64 * 1024;

export function createAnswerCache(): AnswerCache {
  // By the operation first (an object: no string to hash), then by a key that is usually the
  // credential as it arrived: building one string of all the parts per request, and hashing it,
  // cost more than the rest of a kept read (a CPU profile).
  let kept = new Map<object, Map<string, Kept>>();
  let size = 0;
  let chars = 0;
  return {
    get(read, key, now) {
      const found = kept.get(read)?.get(key);
      return found !== undefined && now < found.quietUntil ? found : undefined;
    },
    put(read, key, answer, quietUntil) {
      if (answer.text.length > MAX_TEXT) return;
      if (size >= MAX_KEPT || chars + answer.text.length > MAX_CHARS) {
        kept = new Map();
        size = 0;
        chars = 0;
      }
      let reads = kept.get(read);
      if (reads === undefined) kept.set(read, (reads = new Map()));
      // A key is put again only once what was kept under it no longer holds: its characters are counted again, never fewer.
      size++;
      chars += answer.text.length;
      reads.set(key, { status: answer.status, text: answer.text, quietUntil });
    },
    invalidate() {
      if (size > 0) {
        kept = new Map();
        size = 0;
        chars = 0;
      }
    },
  };
}
