// The relation judge on traffic doppel did not send (a recording read back with --from-har, and
// doppel proxy through the same session): answers that disagree about one record fail the run with
// both exchanges named, whoever sent them; answers that agree pass.
import { describe, expect, it } from 'vitest';
import { recordExchange } from '../../conformance/exchange/exchange.js';
import { harEntryOf } from '../../conformance/traffic/har.js';
import { judgeRecording } from '../../conformance/traffic/judge-recording.js';

const W = 'http://127.0.0.1:4020';
const T0 = 1_767_225_600_000;
let seq = 0;
let clock = 0;
type Ex = ReturnType<typeof recordExchange>;
function exchange(method: 'GET' | 'POST', path: string, body: unknown, answer: unknown, o: { key?: string; at?: [number, number] } = {}): Ex {
  const [start, end] = o.at ?? [(clock += 10), clock + 5];
  return recordExchange({
    seq: ++seq,
    iface: 'wallet',
    method,
    url: `${W}${path}`,
    requestHeaders: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...(o.key ? { 'x-api-key': o.key } : {}) },
    requestBody: body === undefined ? undefined : JSON.stringify(body),
    status: 200,
    responseHeaders: { 'content-type': 'application/json' },
    body: JSON.stringify(answer),
    startedAt: T0 + start,
    endedAt: T0 + end,
  });
}
const judge = (exchanges: Ex[]) =>
  judgeRecording({ log: { version: '1.2', creator: { name: 'test', version: '1' }, entries: exchanges.map((ex) => harEntryOf(ex, (t) => t)) } }, { file: 'relations.har', origins: { wallet: W }, strict: true });
const relationFailures = (r: ReturnType<typeof judge>) => r.failures.filter((f) => f.checkId === 'resource-relations');

const chains = () => exchange('GET', '/api/v1/chains', undefined, { success: true, chains: [{ id: 1, name: 'Ethereum', slug: 'ethereum', symbol: 'ETH' }, { id: 2, name: 'Bitcoin', slug: 'bitcoin', symbol: 'BTC' }] });
const wallet = { id: 5, chain: 'ethereum', address: '0x52908400098527886E0F7030069857D2E4169EE7', symbol: 'ETH' };
const created = () => exchange('POST', '/api/v1/wallets/create', { chain: 'ethereum' }, { success: true, wallet }, { key: 'wt_a' });
const listed = (w: object) => exchange('GET', '/api/v1/wallets', undefined, { success: true, wallets: [{ ...w, balance: '0.00000000', tokens: [] }] }, { key: 'wt_a' });

describe('resource-relations on a recording', () => {
  it('passes a stream whose answers agree, with cases', () => {
    const report = judge([chains(), created(), listed(wallet), exchange('GET', '/api/v1/wallets/5/balance', undefined, { success: true, balance: '0.00000000', symbol: 'ETH', usd_value: '0.00000000' }, { key: 'wt_a' })]);
    expect(relationFailures(report)).toEqual([]);
    const rr = report.checks.find((c) => c.id === 'resource-relations');
    expect(rr?.status).toBe('passed');
    expect(rr?.assertionCases['wallet.unchanging']).toBeGreaterThan(0);
    expect(rr?.assertionCases['wallet.symbol-derived']).toBeGreaterThan(0);
  });

  it('a wallet listed on another chain than its creation answered: both exchanges named and replayed', () => {
    const [f] = relationFailures(judge([chains(), created(), listed({ ...wallet, chain: 'bitcoin' })]));
    expect(f?.assertion).toBe('wallet.unchanging');
    expect(f?.severity).toBe('failure');
    expect(f?.message).toMatch(/createWallet #\d+ showed wallet 5 with chain "ethereum"; listWallets #\d+ shows wallet 5 with chain "bitcoin"/);
    expect(f?.replay.length).toBe(2);
  });

  it('a login that answers another user than register made for that e-mail', () => {
    const register = exchange('POST', '/api/v1/register', { name: 'Ada', email: 'ada@example.test', password: 'pw' }, { success: true, user_id: 7, message: 'User registered successfully' });
    const login = exchange('POST', '/api/v1/login', { email: 'ADA@example.test', password: 'pw' }, { success: true, token: 'wt_x', user: { id: 3, name: 'Ada', email: 'ada@example.test' } });
    const [f] = relationFailures(judge([register, login]));
    expect(f?.assertion).toBe('user.unchanging');
    expect(f?.source).toMatch(/^seed wallet §4 POST \/api\/v1\/login/);
  });

  it('two overlapping sends that answer one tx_hash', () => {
    const send = (id: number, at: [number, number]) => exchange('POST', `/api/v1/wallets/${id}/send`, { to_address: '0x1', amount: '0.1', token_id: null }, { success: true, tx_hash: '0xabc', message: 'Transaction submitted' }, { key: 'wt_a', at });
    const [f] = relationFailures(judge([send(5, [1000, 1020]), send(6, [1005, 1025])]));
    expect(f?.assertion).toBe('transaction.unique-in-creations');
    expect(f?.message).toMatch(/the requests overlapped: sendFromWallet #\d+ 0\.0–20\.0 ms → 200; sendFromWallet #\d+ 5\.0–25\.0 ms → 200/);
  });
});
