// The target model judges a repeated write against what the target already ended (trading §3
// bullet 2: a stop refunds the remaining USDT, and after a stop none remains), on hand-made streams:
// a retried stop that refunds again fails the seed rule; one that overlapped the first (a client's
// retry racing its original) leaves USDT unjudged, since which of the two found the relation is not
// known; a start in between opens the relation again.
import { describe, expect, it } from 'vitest';
import { createJudge } from '../../conformance/judge/judge.js';
import { Findings } from '../../conformance/judge/findings.js';
import { balancesFollowWrites } from '../../conformance/checks/state/balances-follow-writes.js';
import { DEFAULT_DECISIONS } from '../../spec/index.js';
import type { Exchange } from '../../conformance/index.js';
import { recordExchange } from '../../conformance/exchange/exchange.js';

const BASE = 'http://127.0.0.1:1';
const KEY = { 'api-key': 'k' };

/** Exchanges in the order they end; `at` is when each starts and ends (1 ms apart unless given). */
function stream(steps: { op: string; path: string; body?: unknown; status?: number; data: unknown; at?: [number, number] }[]): Exchange[] {
  return steps.map((s, i) => {
    const [startedAt, endedAt] = s.at ?? [i * 10, i * 10 + 1];
    const json = s.status && s.status >= 400 ? { success: false, error: 'x' } : { success: true, data: s.data };
    return recordExchange({
      seq: i + 1, iface: 'trading', method: s.body === undefined ? 'GET' : 'POST', url: `${BASE}${s.path}`, requestHeaders: { ...KEY, 'content-type': 'application/json' },
      requestBody: s.body === undefined ? undefined : JSON.stringify(s.body), status: s.status ?? 200, responseHeaders: { 'content-type': 'application/json' },
      body: JSON.stringify(json), startedAt, endedAt,
    });
  });
}

const balances = (usdt: string) => ({ op: 'getBalances', path: '/api/v1/account/balances', data: [{ currency: 'USDT', chain: 'tron', balance: usdt }] });
const start = { op: 'startCopy', path: '/api/v1/copy/start', body: { lead_trader_id: 1, copy_amount: 10 }, data: { lead_trader_id: 1, status: 'active' } };
const stop = (refunded: string, at?: [number, number]) => ({ op: 'stopCopy', path: '/api/v1/copy/stop', body: { lead_trader_id: 1 }, data: { lead_trader_id: 1, status: 'stopped', refunded }, ...(at ? { at } : {}) });

function judge(exchanges: Exchange[]): Findings {
  const findings = new Findings();
  const j = createJudge({ checks: [balancesFollowWrites], decisions: DEFAULT_DECISIONS, findings });
  for (const ex of exchanges) j.see(ex);
  return findings;
}

describe('a repeated copy stop', () => {
  it('that refunds again fails refund-once; one that refunds nothing passes it', () => {
    const twice = judge(stream([balances('100.00000000'), start, balances('90.00000000'), stop('10.00000000'), balances('100.00000000'), stop('10.00000000'), balances('110.00000000')]));
    expect(twice.failures.map((f) => `${f.checkId}/${f.assertion} ${f.kind}: ${f.message}`)).toEqual([
      'balances-follow-writes/refund-once seed: USDT: getBalances #5 read 100.00000000, getBalances #7 read 110.00000000: moved 10.00000000 after stopCopy #6 (lead trader 1 was stopped at stopCopy #4: nothing remains to refund), expected no move; its answer says 10.00000000',
    ]);
    const once = judge(stream([balances('100.00000000'), start, balances('90.00000000'), stop('10.00000000'), balances('100.00000000'), stop('0.00000000'), balances('100.00000000')]));
    expect(once.failures).toEqual([]);
    expect(once.casesByAssertion(balancesFollowWrites)['refund-once']).toBe(1);
  });

  it('that overlapped the first is not judged, and a start in between opens the relation again', () => {
    const raced = judge(stream([balances('100.00000000'), start, balances('90.00000000'), stop('10.00000000', [30, 35]), stop('10.00000000', [32, 41]), balances('110.00000000')]));
    expect(raced.failures).toEqual([]);
    expect(raced.casesByAssertion(balancesFollowWrites)['refund-once']).toBe(0);
    const again = judge(stream([balances('100.00000000'), start, balances('90.00000000'), stop('10.00000000'), balances('100.00000000'), start, balances('90.00000000'), stop('10.00000000'), balances('100.00000000')]));
    expect(again.failures).toEqual([]);
    expect(again.casesByAssertion(balancesFollowWrites)).toMatchObject({ 'copy-refund': 2, 'refund-once': 0 });
  });
});
