// The journal matchers (WireMock's verify, in the test framework's own words):
//   expect(doppel).toHaveReceived('placeSpotOrder', { body: expect.objectContaining({ side: 'buy' }) })
//   expect(doppel).toHaveReceivedTimes({ method: 'POST', path: '/api/v1/spot/order' }, 2)
//   expect(doppel).toHaveReceivedNothing()
// One implementation for vitest, jest and Playwright (each hands `expect.extend` these functions).
// Requests are picked with the one RequestPattern (mock/core/request-pattern.ts), or an operationId
// as its shorthand; the optional second argument compares fields of the journal entry (body, query,
// headers, status, response) with the framework's own equality, so its asymmetric matchers work.
// The journal of a shared mock is read over HTTP, so there the matchers return a promise.
import type { JournalEntry, RequestPattern } from '../mock/index.js';
import { PATTERN_FIELDS, readPattern } from '../mock/core/request-pattern.js';
import { operations } from '../spec/index.js';
import { closestNames } from './closest-names.js';
import type { Doppel } from './doppel-handle.js';

/** What vitest, jest and Playwright give a matcher as `this`. */
export interface MatcherState {
  isNot: boolean;
  equals(a: unknown, b: unknown): boolean;
  utils: { diff(a: unknown, b: unknown, options?: object): string | null | undefined; printExpected(value: unknown): string };
}

export interface MatcherResult {
  pass: boolean;
  message(): string;
}

type Result = MatcherResult | Promise<MatcherResult>;
export type Target = string | RequestPattern;
export type Expectation = Partial<Record<keyof JournalEntry, unknown>>;

const ENTRY_FIELDS: (keyof JournalEntry)[] = ['body', 'query', 'headers', 'status', 'response', 'method', 'path', 'route', 'operationId', 'interface', 'fault'];
const TARGET_FIELDS = PATTERN_FIELDS.filter((f) => f !== 'namespace');
const NEAREST = 3;
const LISTED = 10;

let operationIds: string[] | undefined;

export const journalMatchers = {
  toHaveReceived(this: MatcherState, received: unknown, target: Target, expected?: Expectation): Result {
    const doppel = asDoppel(received, 'toHaveReceived');
    const pattern = readTarget(target, 'toHaveReceived');
    const fields = readExpectation(expected, 'toHaveReceived');
    const call = `toHaveReceived(${describeTarget(target)}${fields === undefined ? '' : ', expected'})`;
    return after(doppel.requests(pattern), (matching) => {
      const pass = matching.some((e) => fits(this, e, fields));
      if (pass && !this.isNot) return { pass, message: () => '' };
      return after(doppel.requests(), (all) => {
        const n = numbering(all);
        if (this.isNot) return { pass, message: () => `${header(this, call)}Expected: ${wanted('no', target, fields, this)}\nReceived: ${listed(matching.filter((e) => fits(this, e, fields)), n)}` };
        return {
          pass,
          message: () => `${header(this, call)}Expected: ${wanted('a', target, fields, this)}\nReceived: ${receivedLine(all, matching, target, doppel)}${nearest(this, matching.length > 0 ? matching : all, pattern, fields, n)}`,
        };
      });
    });
  },

  toHaveReceivedTimes(this: MatcherState, received: unknown, target: Target, times: number, expected?: Expectation): Result {
    const doppel = asDoppel(received, 'toHaveReceivedTimes');
    const pattern = readTarget(target, 'toHaveReceivedTimes');
    if (!Number.isSafeInteger(times) || times < 0) throw new TypeError(`doppel: toHaveReceivedTimes(${describeTarget(target)}, times): times must be a non-negative integer, got ${String(times)}`);
    const fields = readExpectation(expected, 'toHaveReceivedTimes');
    const call = `toHaveReceivedTimes(${describeTarget(target)}, ${times}${fields === undefined ? '' : ', expected'})`;
    return after(doppel.requests(pattern), (matching) => {
      const hits = matching.filter((e) => fits(this, e, fields));
      const pass = hits.length === times;
      if (pass === !this.isNot) return { pass, message: () => '' };
      return after(doppel.requests(), (all) => {
        const n = numbering(all);
        const misses = hits.length < times && fields !== undefined ? nearest(this, matching.filter((e) => !hits.includes(e)), pattern, fields, n) : '';
        return { pass, message: () => `${header(this, call)}Expected: ${wanted(`${this.isNot ? 'not ' : ''}${times} ×`, target, fields, this)}\nReceived: ${listed(hits, n)}${misses}` };
      });
    });
  },

  toHaveReceivedNothing(this: MatcherState, received: unknown): Result {
    const doppel = asDoppel(received, 'toHaveReceivedNothing');
    return after(doppel.requests(), (all) => ({
      pass: all.length === 0,
      message: () => `${header(this, 'toHaveReceivedNothing()')}Expected: ${this.isNot ? 'some request' : 'no request'} in namespace ${doppel.namespace}\nReceived: ${listed(all, numbering(all))}`,
    }));
  },
};

function after<T, R>(value: T | Promise<T>, then: (v: T) => R | Promise<R>): R | Promise<R> {
  return value instanceof Promise ? value.then(then) : then(value);
}

function asDoppel(received: unknown, matcher: string): Doppel {
  const doppel = received as Doppel | undefined;
  if ((doppel?.mode === 'in-process' || doppel?.mode === 'shared') && typeof doppel.requests === 'function') return doppel;
  throw new TypeError(`doppel: expect(…).${matcher}() takes the object useDoppel() returned (or the doppel fixture), got ${received === null ? 'null' : typeof received}`);
}

/** An operationId, or a request pattern without `namespace` (a handle sees its own namespace only). */
function readTarget(target: Target, matcher: string): RequestPattern {
  if (typeof target === 'string') return { operationId: knownOperationId(target, matcher) };
  if (typeof target !== 'object' || target === null || Array.isArray(target)) {
    throw new TypeError(`doppel: ${matcher}: the first argument is an operationId or a request pattern {${TARGET_FIELDS.join(', ')}}, got ${typeof target}`);
  }
  const errors: string[] = [];
  const pattern = readPattern(target as Record<string, unknown>, errors);
  for (const name of Object.keys(target)) {
    if (name === 'namespace') errors.push('namespace is not for a matcher: the handle sees its own namespace only');
    else if (!(TARGET_FIELDS as readonly string[]).includes(name)) errors.push(`${name} is not a pattern field (${TARGET_FIELDS.join(', ')}); did you mean ${closestNames(name, TARGET_FIELDS, 1)[0]}?`);
  }
  if (errors.length > 0) throw new TypeError(`doppel: ${matcher}(${describeTarget(target)}): ${errors.join('; ')}`);
  if (pattern.operationId !== undefined) knownOperationId(pattern.operationId, matcher);
  delete pattern.namespace;
  return pattern;
}

function knownOperationId(id: string, matcher: string): string {
  operationIds ??= [...operations('trading'), ...operations('wallet')].map((o) => o.operationId);
  if (operationIds.includes(id)) return id;
  throw new TypeError(`doppel: ${matcher}: unknown operationId ${JSON.stringify(id)}; the closest: ${closestNames(id, operationIds).join(', ')}`);
}

function readExpectation(expected: Expectation | undefined, matcher: string): Expectation | undefined {
  if (expected === undefined) return undefined;
  if (typeof expected !== 'object' || expected === null || Array.isArray(expected)) throw new TypeError(`doppel: ${matcher}: the expected request is an object of journal entry fields (${ENTRY_FIELDS.join(', ')})`);
  for (const name of Object.keys(expected)) {
    if (!(ENTRY_FIELDS as string[]).includes(name)) throw new TypeError(`doppel: ${matcher}: ${name} is not a field of a journal entry (${ENTRY_FIELDS.join(', ')}); did you mean ${closestNames(name, ENTRY_FIELDS, 1)[0]}?`);
  }
  return expected;
}

function fits(state: MatcherState, entry: JournalEntry, fields: Expectation | undefined): boolean {
  if (fields === undefined) return true;
  return Object.entries(fields).every(([name, value]) => state.equals(entry[name as keyof JournalEntry], value));
}

function header(state: MatcherState, call: string): string {
  return `expect(doppel).${state.isNot ? 'not.' : ''}${call}\n\n`;
}

function describeTarget(target: Target): string {
  return typeof target === 'string' ? target : JSON.stringify(target);
}

function wanted(count: string, target: Target, fields: Expectation | undefined, state: MatcherState): string {
  const what = typeof target === 'string' ? `${count} ${target} request` : `${count} request ${describeTarget(target)}`;
  return fields === undefined ? what : `${what} with ${state.utils.printExpected(fields)}`;
}

function receivedLine(all: JournalEntry[], matching: JournalEntry[], target: Target, doppel: Doppel): string {
  const where = `in namespace ${doppel.namespace}`;
  if (all.length === 0) return `no request at all ${where}`;
  if (matching.length === 0) return `no ${typeof target === 'string' ? target : 'such'} request among ${all.length} ${where}`;
  return `${matching.length} ${typeof target === 'string' ? target : 'such'} request${matching.length === 1 ? '' : 's'} ${where}, none with those fields`;
}

/** Each entry's number as a test sees it: 1 for the first request since the last reset or clearRequests(). */
type Numbering = (e: JournalEntry) => number;

/** `all` is every request of the namespace since the journal was last cleared, newest first. */
function numbering(all: JournalEntry[]): Numbering {
  const order = new Map(all.map((e, i) => [e.id, all.length - i]));
  return (e) => order.get(e.id) ?? e.id;
}

function listed(entries: JournalEntry[], n: Numbering): string {
  if (entries.length === 0) return 'none';
  const more = entries.length > LISTED ? `\n  … and ${entries.length - LISTED} more` : '';
  return `${entries.length}\n${entries.slice(0, LISTED).map((e) => summary(e, n).map((line) => `  ${line}`).join('\n')).join('\n')}${more}`;
}

/**
 * An entry as lines: which request (`#2 POST /api/v1/spot/order (placeSpotOrder)`), what it sent
 * (`  request {…}`, when it had a body) and what it got (`  answered 401 unauthorized: invalid API key`),
 * so that the request's JSON is never read as the answer.
 */
function summary(e: JournalEntry, n: Numbering): string[] {
  const query = Object.keys(e.query).length === 0 ? '' : `?${new URLSearchParams(e.query)}`;
  const lines = [`#${n(e)} ${e.method} ${e.path}${query} (${e.operationId ?? 'no route'})`];
  if (e.body !== null && e.body !== undefined) lines.push(`  request ${clip(typeof e.body === 'string' ? e.body : JSON.stringify(e.body), 100)}`);
  lines.push(`  ${answer(e)}`);
  return lines;
}

/** `answered 200`, `answered 401 unauthorized: invalid API key` (the envelope's code and message, without the operationId prefix), or `no answer`. */
function answer(e: JournalEntry): string {
  if (e.status === 0) return `no answer${e.fault === null ? '' : ` (fault ${e.fault})`}`;
  const response = e.response as { code?: unknown; error?: unknown } | null;
  if (e.status < 400 || typeof response !== 'object' || response === null) return `answered ${e.status}`;
  const code = typeof response.code === 'string' ? ` ${response.code}` : '';
  const raw = typeof response.error === 'string' ? response.error : '';
  const message = e.operationId !== null && raw.startsWith(`${e.operationId}: `) ? raw.slice(e.operationId.length + 2) : raw;
  return `answered ${e.status}${code}${message === '' ? '' : `${code === '' ? ' ' : ': '}${clip(message, 100)}`}`;
}

const clip = (text: string, max: number): string => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The entries nearest to what was expected, with a diff each: those that agree on the most pattern
 * fields and expected fields, newest first among equals. Only the fields asked about are compared,
 * and inside an objectContaining only its keys, so the diff shows what differs and little else.
 */
function nearest(state: MatcherState, entries: JournalEntry[], pattern: RequestPattern, fields: Expectation | undefined, n: Numbering): string {
  if (entries.length === 0) return '';
  const asked: Record<string, unknown> = { ...pattern, ...fields };
  const ranked = entries
    .map((entry, order) => {
      const view = viewOf(entry, asked);
      const agree = Object.keys(asked).filter((name) => state.equals(view[name], asked[name])).length;
      return { entry, view, agree, order };
    })
    .sort((a, b) => b.agree - a.agree || a.order - b.order)
    .slice(0, NEAREST);
  const shown = ranked.map(({ entry, view }) => {
    const [expectedSide, receivedSide] = narrow(state, asked, view);
    const diff = state.utils.diff(expectedSide, receivedSide, { expand: false }) ?? '';
    return `${summary(entry, n).join('\n')}\n${diff}`;
  });
  return `\n\nNearest request${shown.length === 1 ? '' : 's'}:\n\n${shown.join('\n\n')}`;
}

/** The entry's values of the fields asked about (a pattern's path matches the route template or the path). */
function viewOf(entry: JournalEntry, asked: Record<string, unknown>): Record<string, unknown> {
  const view: Record<string, unknown> = {};
  for (const name of Object.keys(asked)) {
    if (name === 'path') view[name] = asked[name] === entry.route ? entry.route : entry.path;
    else if (name === 'method') view[name] = typeof asked[name] === 'string' && (asked[name] as string).toUpperCase() === entry.method ? asked[name] : entry.method;
    else if (name === 'key') view[name] = entry.headers['api-key'] ?? entry.headers['x-api-key'];
    else view[name] = entry[name as keyof JournalEntry];
  }
  return view;
}

/** Expected and received narrowed to what differs: equal parts shown as received, objectContaining as its keys. */
function narrow(state: MatcherState, expected: unknown, received: unknown): [unknown, unknown] {
  if (state.equals(received, expected)) return [received, received];
  const sample = containingSample(expected);
  const plain = sample ?? (isPlainObject(expected) ? expected : undefined);
  if (plain === undefined || !isPlainObject(received)) return [expected, received];
  const names = sample !== undefined ? Object.keys(sample) : [...new Set([...Object.keys(plain), ...Object.keys(received)])];
  const e: Record<string, unknown> = {};
  const r: Record<string, unknown> = {};
  for (const name of names) {
    const [en, rn] = narrow(state, plain[name], received[name]);
    if (name in plain) e[name] = en;
    if (name in received) r[name] = rn;
  }
  return [e, r];
}

function containingSample(value: unknown): Record<string, unknown> | undefined {
  const matcher = value as { asymmetricMatch?: unknown; sample?: unknown; toString(): string } | undefined;
  if (typeof matcher?.asymmetricMatch !== 'function' || !isPlainObject(matcher.sample)) return undefined;
  return matcher.toString() === 'ObjectContaining' ? matcher.sample : undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && typeof (value as { asymmetricMatch?: unknown }).asymmetricMatch !== 'function';
}
