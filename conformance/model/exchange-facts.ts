// What one exchange says, read loosely (the target is not trusted to answer well-formed JSON): its
// body fields, its path parameter, its time on the target's clock.
import { dateHeaderMs, seedDateMs, SEED_DATE } from '../exchange/dates.js';
import { requestBodyOf } from '../exchange/exchange-readers.js';
import { arr, obj } from '../exchange/json-shape.js';
import type { Exchange } from '../types.js';

/** Accepted: a 2xx answer. */
export const accepted = (ex: Exchange): boolean => ex.status >= 200 && ex.status < 300;

/** Refused: an answer that says the request had no effect (a 4xx; not a 5xx, whose effect is unknown). */
export const refused = (ex: Exchange): boolean => ex.status >= 400 && ex.status < 500;

/** The request body as an object ({} when none or not JSON; parsed once per exchange, check.ts). */
export const requestFieldsOf = (ex: Exchange): Record<string, unknown> => obj(requestBodyOf(ex));

/** The trading envelope's `data` as an object. */
export const dataOf = (ex: Exchange): Record<string, unknown> => obj(obj(ex.json)['data']);

/** The trading envelope's `data` as an array of objects. */
export const dataListOf = (ex: Exchange): Record<string, unknown>[] => arr(obj(ex.json)['data']).map(obj);

/** A field of the answer's top level (the wallet interface has no `data` envelope). */
export const topOf = (ex: Exchange, field: string): unknown => obj(ex.json)[field];

/** The last path segment but `suffix` (e.g. the symbol of /price/{symbol}, the id of /wallets/{id}/balance). */
export function pathParam(ex: Exchange, suffix = ''): string | undefined {
  const segments = new URL(ex.url).pathname.split('/').filter(Boolean);
  if (suffix) {
    const i = segments.lastIndexOf(suffix);
    return i > 0 ? decodeURIComponent(segments[i - 1] as string) : undefined;
  }
  const last = segments[segments.length - 1];
  return last === undefined ? undefined : decodeURIComponent(last);
}

/** An integer id, from a number or a decimal string; undefined otherwise. */
export function idOf(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : undefined;
  return n !== undefined && Number.isSafeInteger(n) ? n : undefined;
}

/** When the target answered, on its own clock (the Date header), or undefined. */
export const targetTimeOf = (ex: Exchange): number | undefined => dateHeaderMs(ex.responseHeaders);

/** A seed-format date (`YYYY-MM-DD HH:MM:SS`, read as UTC) in epoch ms, or undefined. */
export function seedTimeOf(value: unknown): number | undefined {
  return typeof value === 'string' && SEED_DATE.test(value) ? seedDateMs(value) : undefined;
}

/** Whether two exchanges may have overlapped on the target (a proxy's concurrent clients); false when ordered. */
export function overlapped(a: Exchange, b: Exchange): boolean {
  if (a.startedAt === undefined || a.endedAt === undefined || b.startedAt === undefined || b.endedAt === undefined) return false;
  return a.startedAt < b.endedAt && b.startedAt < a.endedAt;
}

/** `placeSpotOrder #12` — how a message names an exchange (its sequence number in the run). */
export const named = (ex: Exchange): string => `${ex.operationId ?? `${ex.method} ${new URL(ex.url).pathname}`} #${ex.seq}`;
