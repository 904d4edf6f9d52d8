// Judges beside the forwarding path (--judges N, worker threads): the same traffic gives the same
// report as judging on the main thread (--judges 0) — the same failures with the same examples
// and counts, the same cases, coverage, input classes and observations — and what the judges
// could not take (their queue full) is forwarded, recorded and counted as not judged, never lost.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { startProxy } from '../../proxy/index.js';
import { renderHtml, renderJunit, summaryLine } from '../../conformance/index.js';
import type { RunReport } from '../../conformance/index.js';
import { startProxy as startBroken, type RunningProxy as Broken } from '../conformance/broken-proxy.js';
import { send } from './traffic-client.js';

let mock: RunningMock;
let broken: Broken;
const dir = mkdtempSync(join(tmpdir(), 'doppel-judges-'));
beforeAll(async () => {
  mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 11, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
  // Its refusals are text/plain (a response check's failure, again and again), and every second
  // balances read of namespaces ns-1 and ns-2 shows 1 BTC more than there is (a state check's;
  // two judges hold those two namespaces, ns-0 and ns-2 the other).
  let reads = 0;
  broken = await startBroken(mock.trading.url, {
    response: (req, res) => {
      if (res.status >= 400) return { ...res, headers: { ...res.headers, 'content-type': 'text/plain' } };
      if (req.path === '/api/v1/account/balances' && /^ns-[12]$/.test(req.headers['x-doppel-namespace'] ?? '') && reads++ % 2 === 1) {
        const body = JSON.parse(res.body);
        for (const b of body.data) if (b.currency === 'BTC') b.balance = (Number(b.balance) + 1).toFixed(8);
        return { ...res, body: JSON.stringify(body) };
      }
      return res;
    },
  });
});
afterAll(async () => {
  await broken.close();
  await mock.close();
  rmSync(dir, { recursive: true, force: true });
});

const TRADING = { 'api-key': 'demo-trade-key', 'content-type': 'application/json' };
const WALLET = { 'x-api-key': 'demo-wallet-key', 'content-type': 'application/json' };
type Request = ['trading' | 'wallet', string, string, Record<string, string>, unknown?];
const CYCLE: Request[] = [
  ['trading', 'GET', '/api/v1/account/balances', TRADING],
  ['trading', 'GET', '/api/v1/account/balances', TRADING],
  ['trading', 'POST', '/api/v1/spot/order', TRADING, { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' }],
  ['trading', 'POST', '/api/v1/spot/order', TRADING, { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.001', price: '1000' }],
  ['trading', 'GET', '/api/v1/account/orders?limit=20', TRADING],
  ['trading', 'GET', '/api/v1/account', {}],
  ['trading', 'POST', '/api/v1/spot/order', TRADING, { market: 'NOPE', pair: 'USDT', side: 'buy', order_type: 'market', amount: '1' }],
  ['trading', 'GET', '/api/v1/account/balances', TRADING],
  ['wallet', 'GET', '/api/v1/wallets', WALLET],
  ['wallet', 'POST', '/api/v1/wallets/create', WALLET, { chain: 'ethereum' }],
  ['wallet', 'GET', '/api/v1/wallets', WALLET],
];

/** The traffic, in order: the cycle in namespaces ns-0 to ns-3 in turn (sent one at a time: the same exchange numbers each time). */
async function traffic(via: { trading: string; wallet: string }): Promise<number> {
  let sent = 0;
  for (let round = 0; round < 1; round++) {
    for (let ns = 0; ns < 4; ns++) {
      for (const [iface, method, path, headers, body] of CYCLE) {
        await send(via[iface], method, path, { ...headers, 'x-doppel-namespace': `ns-${ns}` }, body === undefined ? undefined : JSON.stringify(body));
        sent++;
      }
    }
  }
  return sent;
}

/** A report without what differs from run to run (times, the proxy's own addresses). */
function comparable(report: RunReport): unknown {
  const seqs = (list: { seq: number }[] | undefined) => list?.map((e) => e.seq);
  return {
    counts: report.counts,
    checks: report.checks.map((c) => ({ ...c, durationMs: undefined })),
    tallies: report.tallies,
    failures: report.failures.map((f) => ({ ...f, exchange: f.exchange?.seq, requests: seqs(f.requests) })),
    coverage: report.coverage,
    inputClasses: report.inputClasses,
    observations: report.observations,
    secrets: report.secrets,
    traffic: { ...report.traffic, from: undefined },
  };
}

async function judgedBy(judges: number): Promise<RunReport> {
  await send(mock.trading.url, 'POST', '/__doppel/reset', { 'content-type': 'application/json' }, JSON.stringify({ namespaces: 'all' }));
  await send(mock.wallet.url, 'POST', '/__doppel/reset', { 'content-type': 'application/json' }, JSON.stringify({ namespaces: 'all' }));
  const proxy = await startProxy({ targets: { trading: broken.url, wallet: mock.wallet.url }, ports: { trading: 0, wallet: 0 }, judges });
  await traffic({ trading: proxy.listening.trading!.url, wallet: proxy.listening.wallet!.url });
  return proxy.close(100);
}

describe('doppel proxy --judges', () => {
  it('gives the report judging on the main thread gives, for the same traffic', async () => {
    const inline = await judgedBy(0);
    const beside = await judgedBy(2);
    // What is compared is not nothing: failures of a response check and of a state check, in several namespaces.
    expect(inline.failures.map((f) => `${f.checkId}/${f.assertion}`)).toEqual(expect.arrayContaining(['content-type-json/json', 'balances-follow-writes/unchanged']));
    expect(inline.failures.find((f) => f.checkId === 'content-type-json')?.occurrences).toBe(4);
    expect(inline.failures.find((f) => f.checkId === 'balances-follow-writes')?.occurrences).toBe(2);
    expect(inline.traffic?.exchanges).toBe(44);
    expect(comparable(beside)).toEqual(comparable(inline));
  }, 60_000);

  it('counts what the judges could not take as not judged, in every report, and still forwards and records it', async () => {
    const har = join(dir, 'behind.har');
    const notes: string[] = [];
    const proxy = await startProxy({ targets: { trading: mock.trading.url, wallet: mock.wallet.url }, ports: { trading: 0, wallet: 0 }, judges: 1, judgeQueueBytes: 1, har, onNote: (l) => notes.push(l) });
    const sent = await traffic({ trading: proxy.listening.trading!.url, wallet: proxy.listening.wallet!.url });
    const report = await proxy.close(100);
    // A queue of 1 byte takes no exchange: every one is forwarded, recorded and counted, none judged.
    expect(report.traffic?.exchanges).toBe(0);
    expect(report.traffic?.notJudged?.count).toBe(sent);
    expect(JSON.parse(readFileSync(har, 'utf8')).log.entries).toHaveLength(sent);
    // In every report: the console's summary line, the HTML report's facts, JUnit's properties (the JSON has traffic.notJudged).
    expect(summaryLine(report)).toContain(`${sent} exchanges not judged: judges behind`);
    expect(renderHtml(report)).toContain(`${sent} exchanges not judged: judges behind`);
    expect(renderJunit(report)).toContain(`<property name="not-judged" value="${sent} exchanges not judged: judges behind"/>`);
    // Said on stderr at once, then at most once a second.
    expect(notes.filter((l) => l.includes('judges behind')).length).toBeGreaterThanOrEqual(1);
    expect(notes.filter((l) => l.includes('judges behind')).length).toBeLessThan(sent);
  }, 60_000);
});
