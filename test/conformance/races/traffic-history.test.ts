// The history judge on traffic doppel did not send (--from-har, and doppel proxy through the same
// session): overlapping requests on one resource are judged as a history; one that no order
// explains fails overlap-history with the overlapping requests, replayed together.
import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../../conformance/exchange/exchange.js';
import { harEntryOf } from '../../../conformance/traffic/har.js';
import { judgeRecording } from '../../../conformance/traffic/judge-recording.js';
import { replayScript } from '../../../conformance/report/replay-script.js';

const W = 'http://127.0.0.1:4020';
const T0 = 1_767_225_600_000;
let seq = 0;
const exchange = (path: string, body: unknown, status: number, answer: unknown, start: number, end: number, iface: 'wallet' | 'trading' = 'wallet', key?: string) =>
  recordExchange({ seq: ++seq, iface, method: 'POST', url: `${iface === 'wallet' ? W : 'http://127.0.0.1:4010'}${path}`, requestHeaders: { 'content-type': 'application/json', ...(key ? { 'api-key': key } : {}) }, requestBody: JSON.stringify(body), status, responseHeaders: { 'content-type': 'application/json' }, body: JSON.stringify(answer), startedAt: T0 + start, endedAt: T0 + end });
const har = (exchanges: ReturnType<typeof exchange>[]) => ({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: exchanges.map((ex) => harEntryOf(ex, (t) => t)) } });
const judge = (exchanges: ReturnType<typeof exchange>[]) => judgeRecording(har(exchanges), { file: 'races.har', origins: { wallet: W, trading: 'http://127.0.0.1:4010' }, strict: true });

const reg = { name: 'a', email: 'race@example.test', password: 'pw' };
const ok = (id: number) => ({ success: true, user_id: id, message: 'User registered successfully' });
const dup = { success: false, error: 'register: email already registered' };

describe('overlap-history on a recording', () => {
  it('two overlapping registrations of one e-mail both accepted: no order explains it', () => {
    const report = judge([exchange('/api/v1/register', reg, 200, ok(1), 0, 20), exchange('/api/v1/register', { ...reg, email: 'RACE@example.test' }, 200, ok(2), 5, 25)]);
    const failure = report.failures.find((f) => f.checkId === 'overlap-history');
    expect(failure?.assertion).toBe('register');
    expect(failure?.message).toMatch(/the requests overlapped: register #\d+ 0\.0–20\.0 ms → 200; register #\d+ 5\.0–25\.0 ms → 200/);
    expect(replayScript(report)).toMatch(/the first 2 fired together/);
  });

  it('one accepted and one refused, overlapping or not, is explained; the same two in sequence are no history', () => {
    const together = judge([exchange('/api/v1/register', reg, 409, dup, 0, 20), exchange('/api/v1/register', reg, 200, ok(3), 5, 25)]);
    expect(together.failures.filter((f) => f.checkId === 'overlap-history')).toEqual([]);
    expect(together.checks.find((c) => c.id === 'overlap-history')?.status).toBe('passed');
    const apart = judge([exchange('/api/v1/register', { ...reg, email: 'b@example.test' }, 200, ok(4), 0, 10), exchange('/api/v1/register', { ...reg, email: 'b@example.test' }, 200, ok(5), 20, 30)]);
    expect(apart.checks.find((c) => c.id === 'overlap-history')?.status).toBe('not-exercised');
  });

  it('two overlapping cancels of one order both accepted fail; a refusal of an order cancelled before the recording began does not', () => {
    const cancelled = { success: true, data: { id: 9, status: 'cancelled' } };
    const both = judge([exchange('/api/v1/spot/cancel', { order_id: 9 }, 200, cancelled, 0, 20, 'trading', 'k'), exchange('/api/v1/spot/cancel', { order_id: 9 }, 200, cancelled, 1, 21, 'trading', 'k')]);
    expect(both.failures.find((f) => f.checkId === 'overlap-history')?.assertion).toBe('cancel');
    const refused = { success: false, error: 'cancelSpotOrder: order is not open' };
    const before = judge([exchange('/api/v1/spot/cancel', { order_id: 9 }, 400, refused, 0, 20, 'trading', 'k'), exchange('/api/v1/spot/cancel', { order_id: 9 }, 400, refused, 1, 21, 'trading', 'k')]);
    expect(before.failures.filter((f) => f.checkId === 'overlap-history')).toEqual([]);
  });
});
