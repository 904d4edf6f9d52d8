// The HTML page marks the lines of the differing fields by pointer: the one record's field that
// differs, not every field of that name in the answer (diff-html.test.ts looks at the page itself).
import { describe, expect, it } from 'vitest';
import { renderHtml, type DiffReport, type Difference } from '../../diff/index.js';

const answer = JSON.stringify({ success: true, data: [{ currency: 'BTC', balance: '0.5' }, { currency: 'ETH', balance: '5.0', tags: ['a', 'b/c'] }] }, null, 2);
const difference = (at: string): Difference => ({ index: 1, iface: 'trading', operationId: 'getBalances', method: 'GET', path: '/api/v1/account/balances', kind: 'value', at, primary: 'x', candidate: 'y', verdict: 'unexplained' });
const report = (differences: Difference[]): DiffReport => ({
  format: 'doppel-diff/1', recording: 'r.har', primary: {}, candidate: {}, requests: 1, replayed: 1, skippedWrites: 0, skippedInterfaces: 0, aligned: 0,
  differences, answers: [{ index: 1, method: 'GET', path: '/api/v1/account/balances', primary: { status: 200, contentType: 'application/json', body: answer }, candidate: { status: 200, contentType: 'application/json', body: answer } }],
  decisions: [], counts: { seed: 0, decision: 0, unexplained: differences.length, noise: 0 }, strict: false, failed: false,
});
const hits = (html: string): string[] => [...html.matchAll(/<span class="hit">([^<]*)<\/span>/g)].map((m) => m[1]!.replace(/&quot;/g, '"').trim());

describe('doppel diff --html marks differing fields by pointer', () => {
  it('marks the second record\'s balance only, on both sides', () => {
    expect(hits(renderHtml(report([difference('/data/1/balance')])))).toEqual(['"balance": "5.0",', '"balance": "5.0",']);
  });

  it('marks a container with what it holds, and an array element by its index', () => {
    expect(hits(renderHtml(report([difference('/data/1/tags')])))).toEqual(['"tags": [', '"a",', '"b/c"', '"tags": [', '"a",', '"b/c"']);
    expect(hits(renderHtml(report([difference('/data/1/tags/1')])))).toEqual(['"b/c"', '"b/c"']);
  });

  it('says in its summary when the noise was learned from a secondary', () => {
    expect(renderHtml({ ...report([]), secondary: { trading: 'http://127.0.0.1:1' }, learnedNoisy: 3 })).toMatch(/0 noise differences \(noise learned from the secondary: 3 fields\)<\/p>/);
    expect(renderHtml(report([]))).not.toContain('secondary');
  });
});
