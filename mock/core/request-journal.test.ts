import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createRequestJournal, MAX_KEPT_RESPONSE_TOTAL_CHARS, type JournalRecord } from './request-journal.js';

function entry(text: string): JournalRecord {
  return {
    id: 0, iface: 'trading', namespace: 'default', method: 'GET', path: '/api/v1/account/orders', query: new URLSearchParams(), headers: {},
    body: undefined, status: 200, contentType: 'application/json; charset=utf-8', text, virtualMs: 0, wallMs: Date.now(),
  } as unknown as JournalRecord;
}

describe('request journal memory', () => {
  it('keeps all response texts together within their budget, dropping the oldest texts first', () => {
    const journal = createRequestJournal(1000);
    const text = JSON.stringify({ success: true, data: 'x'.repeat(60_000) });
    const n = Math.ceil((3 * MAX_KEPT_RESPONSE_TOTAL_CHARS) / text.length);
    for (let i = 0; i < n; i++) journal.record(entry(text));
    const all = journal.find({ limit: 1000 });
    expect(all).toHaveLength(Math.min(n, 1000));
    const kept = all.filter((e) => e.response !== null);
    expect(kept.length * text.length).toBeLessThanOrEqual(MAX_KEPT_RESPONSE_TOTAL_CHARS);
    expect(kept.length).toBeGreaterThan(100);
    // Newest first: the kept ones are the newest; the requests of the others are still listed.
    expect(all.slice(0, kept.length).every((e) => e.response !== null)).toBe(true);
    expect(all.slice(kept.length).every((e) => e.response === null && e.path === '/api/v1/account/orders')).toBe(true);
  });

  it('counts request bodies in the same budget: 10,000 large bodies do not all stay', () => {
    const journal = createRequestJournal(10_000);
    const body = JSON.stringify({ note: 'y'.repeat(60_000) });
    for (let i = 0; i < 10_000; i++) journal.record({ ...entry('{"success":true}'), method: 'POST', body } as JournalRecord);
    const all = journal.find({ limit: 10_000 });
    expect(all).toHaveLength(10_000);
    const withBody = all.filter((e) => e.body !== null);
    expect(withBody.length * body.length).toBeLessThanOrEqual(MAX_KEPT_RESPONSE_TOTAL_CHARS);
    expect(withBody.length).toBeGreaterThan(100);
    expect(JSON.stringify(all[0]?.body)).toContain('yyyy');
    // Verification counts every request, with or without its texts.
    expect(journal.verify({ method: 'POST' }).count).toBe(10_000);
  });

  it("shows each entry's own body and answer however the reads, the batches of texts and a small ring's reuse fall", () => {
    // JSON texts whose names mask nothing (mask-secrets.ts), ASCII or not.
    const json = fc.dictionary(fc.constantFrom('a', 'b', 'n'), fc.oneof(fc.integer(), fc.string(), fc.constant('é€😀'))).map((value) => JSON.stringify(value));
    const step = fc.oneof(
      fc.record({
        kind: fc.constant('request' as const),
        body: fc.option(json, { nil: undefined }),
        answer: fc.oneof(fc.constant(''), json),
        shared: fc.constantFrom(undefined, 0, 1),
      }),
      fc.constant({ kind: 'read' as const }),
      fc.constant({ kind: 'clear' as const }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 20 }), fc.array(step, { maxLength: 200 }), (size, steps) => {
        const journal = createRequestJournal(size);
        const sharedAnswers = [{}, {}];
        const sharedTexts = new Map<object, string>();
        let expected: { body: unknown; response: unknown }[] = [];
        const check = (): void => {
          const shown = journal.find({ limit: size }).reverse().map((e) => ({ body: e.body, response: e.response }));
          expect(shown).toEqual(expected.slice(-size));
        };
        for (const s of steps) {
          if (s.kind === 'read') check();
          else if (s.kind === 'clear') {
            journal.clear();
            expected = [];
          } else {
            // A kept answer (FakeResponse.shared) always has the same text.
            const shared = s.shared === undefined ? undefined : sharedAnswers[s.shared];
            if (shared !== undefined && !sharedTexts.has(shared)) sharedTexts.set(shared, s.answer);
            const text = shared === undefined ? s.answer : (sharedTexts.get(shared) as string);
            journal.record({ ...entry(text), method: 'POST', body: s.body, shared } as JournalRecord);
            expected.push({ body: s.body === undefined ? null : JSON.parse(s.body), response: text === '' ? null : JSON.parse(text) });
          }
        }
        check();
      }),
    );
  });
});
