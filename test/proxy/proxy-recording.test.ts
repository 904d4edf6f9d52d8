// Recording with doppel proxy --har and judging it again with doppel check --from-har: a read-only
// doppel check run against a fake that differs from doppel's choices at every decision point goes
// through the proxy; the recording judged offline gives the proxy's verdicts, check by check and
// failure by failure, and learns from the recording the same decision points, with the same
// values, as the run's own --learn (the scenario checks send the requests that reveal them; the
// proxy only watched). The HAR is HAR 1.2, with timings, and masked.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { learnedProfile, runCheckCli, type RunReport } from '../../conformance/index.js';
import { judgeRecording } from '../../conformance/traffic/judge-recording.js';
import { startMock } from '../../mock/index.js';
import { startProxy } from '../../proxy/index.js';
import type { Profile } from '../../spec/index.js';
import { STARTING } from '../profile/starting-profile.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-proxy-har-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const har = join(dir, 'traffic.har');
const liveProfile = join(dir, 'live-profile.json');

/** What a verdict is made of: each check's outcome and cases, each failure's identity and count. */
function verdicts(report: RunReport) {
  return {
    checks: report.checks.map((c) => `${c.id} ${c.status} ${c.cases} ${JSON.stringify(c.assertionCases)}`),
    failures: report.failures.map((f) => `${f.severity} ${f.checkId}/${f.assertion} ${f.iface} ${f.operationId} ×${f.occurrences}: ${f.title}`).sort(),
    coverage: report.coverage.map((c) => `${c.operationId} ${c.requests} ${c.seen.join(',')} ${c.undocumented.join(',')}`),
    inputClasses: report.inputClasses,
  };
}

describe('record with doppel proxy --har, judge with doppel check --from-har', () => {
  let live: RunReport;
  let offline: RunReport;
  let code: number;

  it('records a read-only doppel check run through the proxy, learning as it goes', async () => {
    const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 3, clock: 'manual', walletRateLimit: 1_000_000, quiet: true, profile: STARTING });
    const proxy = await startProxy({ targets: { trading: mock.trading.url, wallet: mock.wallet.url }, ports: { trading: 0, wallet: 0 }, har });
    const lines: string[] = [];
    try {
      code = await runCheckCli({
        tradingUrl: proxy.listening.trading!.url,
        tradingKey: 'demo-trade-key',
        tradingReadKey: 'demo-read-key',
        walletUrl: proxy.listening.wallet!.url,
        walletKeys: ['demo-wallet-key'],
        walletRateLimit: 1_000_000,
        seed: 17,
        runs: 10,
        quiet: true,
        learn: liveProfile,
        out: (l) => lines.push(l),
        err: (l) => lines.push(l),
      });
    } finally {
      live = await proxy.close();
      await mock.close();
    }
    expect(code, lines.join('\n')).toBe(0);
    // The fake's choices differ from doppel's: the proxy saw them as observations, not violations.
    expect(live.failures.length).toBeGreaterThan(5);
    expect(live.failures.every((f) => f.severity === 'observation')).toBe(true);
    // The input classes the run's reads showed, counted by the proxy from the traffic alone: every
    // class of the orders listing's query; the writes' none (a read-only run).
    const unsent = live.inputClasses.unsent.map((u) => `${u.operationId} ${u.class}`);
    expect(unsent.filter((u) => u.startsWith('listOrders '))).toEqual([]);
    expect(unsent).toContain('placeFuturesOrder duration_hours absent');
    expect(new Set(live.inputClasses.unsent.map((u) => u.why))).toContain('the traffic showed no request of it answered 2xx');
  });

  it('writes HAR 1.2 with every exchange, its timings, and no secret', () => {
    const text = readFileSync(har, 'utf8');
    const doc = JSON.parse(text) as { log: { version: string; creator: { name: string }; entries: { startedDateTime: string; time: number; timings: { wait: number; receive: number }; request: { url: string }; response: { status: number; content: { text?: string } }; _iface: string }[] } };
    expect(doc.log.version).toBe('1.2');
    expect(doc.log.creator.name).toBe('doppel');
    expect(doc.log.entries).toHaveLength(live.traffic?.exchanges as number);
    for (const e of doc.log.entries) {
      expect(Date.parse(e.startedDateTime)).not.toBeNaN();
      expect(e.time).toBeGreaterThanOrEqual(0);
      expect(e.timings.wait + e.timings.receive).toBeCloseTo(e.time, 6);
      expect(['trading', 'wallet']).toContain(e._iface);
      expect(typeof e.response.content.text).toBe('string');
    }
    expect(text).not.toMatch(/demo-(trade|wallet|read)-key|wt_[0-9a-f]{40}|pw-s17/);
    expect(text).toContain('$DOPPEL_TRADING_KEY');
  });

  it('judged offline, the recording gives the verdicts the proxy gave live', () => {
    offline = judgeRecording(JSON.parse(readFileSync(har, 'utf8')), { file: har });
    expect(offline.traffic).toMatchObject({ source: 'har', from: har, exchanges: live.traffic?.exchanges });
    expect(verdicts(offline)).toEqual(verdicts(live));
  });

  it('learns from the recording the decision points the run learned, with the same values', () => {
    const run = JSON.parse(readFileSync(liveProfile, 'utf8')) as Profile;
    const recorded = learnedProfile(offline);
    const values = (p: Profile) => Object.fromEntries(Object.entries(p.points).map(([id, point]) => [id, point.value]));
    expect(Object.keys(run.points).length).toBeGreaterThanOrEqual(9);
    expect(values(recorded)).toEqual(values(run));
    // And they are the fake's: learning from traffic learns the deployment.
    for (const [id, value] of Object.entries(values(recorded))) expect(value, id).toBe(STARTING.points[id]?.value);
    expect((recorded.unobserved ?? []).map((u) => u.id).sort()).toEqual((run.unobserved ?? []).map((u) => u.id).sort());
    // What the traffic lacked is said as what it would take.
    const why = Object.fromEntries((recorded.unobserved ?? []).map((u) => [u.id, u.reason]));
    expect(why['trading.conflict-409']).toBe('the traffic showed none; that takes a copy started again by the key that started it, not stopped in between');
    expect(recorded.learned_from).toMatchObject({ traffic: `har ${har}` });
  });

  it('doppel check --from-har prints the report, writes the learned profile, exits 0 (observations only) and 2 for a file that is not HAR', async () => {
    const lines: string[] = [];
    const learned = join(dir, 'from-har.json');
    expect(await runCheckCli({ fromHar: har, learn: learned, out: (l) => lines.push(l), err: (l) => lines.push(l) })).toBe(0);
    expect(lines[0]).toBe(`doppel check: the recording ${har} (${live.traffic?.exchanges} exchanges; no request sent)`);
    expect(lines.join('\n')).toMatch(/PASSED: \d+ passed, 0 failed, \d+ not exercised, 0 skipped \(\d+ observed: [^;]*; \d+ exchanges judged;/);
    expect(JSON.parse(readFileSync(learned, 'utf8')).points).toEqual(learnedProfile(offline).points);
    // --strict turns the decision assertions into failures.
    expect(await runCheckCli({ fromHar: har, strict: true, quiet: true, out: () => undefined })).toBe(1);
    const errors: string[] = [];
    const notHar = join(dir, 'not.har');
    (await import('node:fs')).writeFileSync(notHar, '{"entries":[]}');
    expect(await runCheckCli({ fromHar: notHar, out: () => undefined, err: (l) => errors.push(l) })).toBe(2);
    expect(errors).toEqual([`doppel check: --from-har ${notHar}: not a HAR file: no log.entries`]);
  });

  it('doppel check --from-har judges an answer recorded as base64 (HAR 1.2 content.encoding) from its bytes: a byte-order mark fails', async () => {
    const bytes = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"success":true,"data":[]}')]);
    const entry = {
      startedDateTime: '2026-01-01T00:00:00.000Z',
      time: 2,
      request: { method: 'GET', url: 'http://127.0.0.1:4010/api/v1/markets', httpVersion: 'HTTP/1.1', cookies: [], headers: [], queryString: [], headersSize: -1, bodySize: 0 },
      response: { status: 200, statusText: 'OK', httpVersion: 'HTTP/1.1', cookies: [], headers: [{ name: 'Content-Type', value: 'application/json' }], content: { size: bytes.length, mimeType: 'application/json', text: bytes.toString('base64'), encoding: 'base64' }, redirectURL: '', headersSize: -1, bodySize: bytes.length },
      cache: {},
      timings: { send: 0, wait: 1, receive: 1 },
    };
    const bom = join(dir, 'bom.har');
    (await import('node:fs')).writeFileSync(bom, JSON.stringify({ log: { version: '1.2', creator: { name: 'a browser', version: '1' }, entries: [entry] } }));
    const lines: string[] = [];
    expect(await runCheckCli({ fromHar: bom, out: (l) => lines.push(l), err: (l) => lines.push(l) })).toBe(1);
    expect(lines.join('\n')).toContain('the body starts with a UTF-8 byte-order mark (EF BB BF): JSON is sent without one (RFC 8259 §8.1)');
  });
});
