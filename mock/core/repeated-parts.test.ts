import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRepeatedParts, type HeaderRecord } from './repeated-parts.js';
import { createRequestJournal, type JournalRecord } from './request-journal.js';

describe('createRepeatedParts', () => {
  it("keeps the client's previous parts when a request repeats them, so that the new request's own copies die young", () => {
    const parts = createRepeatedParts();
    const first = { host: '127.0.0.1:4010', 'api-key': 'k1' };
    parts.keep('k1', '/api/v1/prices', 'market=BTC', first);
    // (Which string of two equal ones is kept cannot be seen from JavaScript; the header object can.)
    const again = parts.keep('k1', '/api/v1/prices', 'market=BTC', { host: '127.0.0.1:4010', 'api-key': 'k1' });
    expect(again.headers).toBe(first);
  });

  it('keeps the request\'s own headers when a name, a value or the order differs', () => {
    const parts = createRepeatedParts();
    const base = { host: 'h', 'api-key': 'k' };
    parts.keep('k', '/p', undefined, base);
    const changes: HeaderRecord[] = [
      { host: 'h', 'api-key': 'k', accept: '*/*' },
      { host: 'h' },
      { host: 'other', 'api-key': 'k' },
      { 'api-key': 'k', host: 'h' },
      { host: 'h', 'api-key': undefined },
    ];
    for (const headers of changes) expect(parts.keep('k', '/p', undefined, headers).headers).toBe(headers);
  });

  it('compares per key: two clients taking turns each keep their own', () => {
    const parts = createRepeatedParts();
    const a = { 'api-key': 'a' };
    const b = { 'api-key': 'b' };
    parts.keep('a', '/p', undefined, a);
    parts.keep('b', '/p', undefined, b);
    expect(parts.keep('a', '/p', undefined, { 'api-key': 'a' }).headers).toBe(a);
    expect(parts.keep('b', '/p', undefined, { 'api-key': 'b' }).headers).toBe(b);
    expect(parts.keep(undefined, '/q', undefined, {}).path).toBe('/q');
  });

  it('never changes what the journal shows: every entry lists its own request\'s headers, path and query', () => {
    const header = fc.constantFrom('host', 'api-key', 'accept', 'content-type', 'x-doppel-namespace');
    const request = fc.record({
      key: fc.constantFrom(undefined, 'k1', 'k2'),
      path: fc.constantFrom('/api/v1/prices', '/api/v1/markets', '/api/v1/orders/1'),
      query: fc.constantFrom(undefined, 'a=1', 'a=2'),
      headers: fc.uniqueArray(fc.tuple(header, fc.constantFrom('1', '2', 'x')), { selector: ([name]) => name, maxLength: 4 }),
    });
    fc.assert(
      fc.property(fc.array(request, { minLength: 1, maxLength: 40 }), (requests) => {
        const journal = createRequestJournal(16);
        for (const r of requests) {
          // Fresh strings and objects each time, as an adapter makes them.
          const headers = Object.fromEntries(r.headers.map(([name, value]) => [name, `${value}`]));
          journal.record({
            iface: 'trading', method: 'GET', path: `${r.path}`, key: r.key, namespace: 'default', operationId: undefined, route: undefined,
            query: r.query, headers, body: undefined, status: 200, contentType: undefined, text: '', shared: undefined, virtualMs: 0, wallMs: 0, fault: undefined,
          } satisfies JournalRecord);
        }
        const shown = journal.find({ limit: 16 }).reverse();
        const expected = requests.slice(-16);
        expect(shown.map((e) => [e.path, e.query, e.headers])).toEqual(
          expected.map((r) => [r.path, Object.fromEntries(new URLSearchParams(r.query ?? '')), Object.fromEntries(r.headers.map(([name, value]) => [name, name === 'api-key' ? expect.any(String) : value]))]),
        );
      }),
    );
  });
});
