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
  /** The answer kept for this key, if it still holds at virtual time `now`. */
  get(key: string, now: number): CachedAnswer | undefined;
  /** Keeps an answer made at `now` until `quietUntil` (exclusive) or the next invalidate(). */
  put(key: string, answer: CachedAnswer, quietUntil: number): void;
  /** Something any read may depend on changed: nothing kept holds any more. */
  invalidate(): void;
}

interface Kept extends CachedAnswer {
  quietUntil: number;
}

/** Distinct reads kept per namespace; past it the cache starts over (a client varying its query cannot grow it). */
const MAX_KEPT = 512;

export function createAnswerCache(): AnswerCache {
  let kept = new Map<string, Kept>();
  return {
    get(key, now) {
      const found = kept.get(key);
      return found !== undefined && now < found.quietUntil ? found : undefined;
    },
    put(key, answer, quietUntil) {
      if (kept.size >= MAX_KEPT) kept = new Map();
      kept.set(key, { status: answer.status, text: answer.text, quietUntil });
    },
    invalidate() {
      if (kept.size > 0) kept = new Map();
    },
  };
}
