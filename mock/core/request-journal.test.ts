import { describe, expect, it } from 'vitest';
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
});
