// doppel proxy in front of doppel mock: a scripted client covering all 23 operations sees through
// the proxy exactly what an identical fake answers directly (status, headers but those of one hop,
// body bytes), and the proxy, judging every exchange with the checks of doppel check, reports no
// violation and no observation; its report counts the coverage the traffic hit.
import { afterAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { startProxy, type RunningProxy } from '../../proxy/index.js';
import type { RunReport } from '../../conformance/index.js';
import { ALL_OPERATIONS, runScript, SCRIPTED_OPERATIONS, send, type RawAnswer } from './traffic-client.js';

const HOP = new Set(['connection', 'keep-alive', 'transfer-encoding']);
const running: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const r of running.reverse()) await r.close();
});

async function fake(): Promise<RunningMock> {
  const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual', quiet: true });
  running.push(mock);
  return mock;
}

const endToEnd = (headers: RawAnswer['headers']): Record<string, unknown> => Object.fromEntries(Object.entries(headers).filter(([k]) => !HOP.has(k)));

describe('doppel proxy in front of doppel mock', () => {
  let proxy: RunningProxy;
  let direct: RawAnswer[];
  let proxied: RawAnswer[];
  let report: RunReport;

  it('the script reaches every one of the 23 operations', () => {
    expect(ALL_OPERATIONS).toHaveLength(23);
    expect([...ALL_OPERATIONS].sort()).toEqual([...SCRIPTED_OPERATIONS].filter((o) => ALL_OPERATIONS.includes(o)).sort());
  });

  it('answers every request as the target does, to the byte', async () => {
    const [a, b] = [await fake(), await fake()];
    const lines: string[] = [];
    proxy = await startProxy({ targets: { trading: b.trading.url, wallet: b.wallet.url }, ports: { trading: 0, wallet: 0 }, onFailure: (f) => lines.push(`${f.checkId}: ${f.title}`) });
    direct = await runScript({ trading: a.trading.url, wallet: a.wallet.url });
    proxied = await runScript({ trading: proxy.listening.trading!.url, wallet: proxy.listening.wallet!.url });
    expect(proxied.map((p) => p.label)).toEqual(direct.map((d) => d.label));
    for (const [i, d] of direct.entries()) {
      const p = proxied[i] as RawAnswer;
      expect(p.status, d.label).toBe(d.status);
      expect(endToEnd(p.headers), d.label).toEqual(endToEnd(d.headers));
      expect(p.body.equals(d.body), `${d.label}: ${p.body.toString()} vs ${d.body.toString()}`).toBe(true);
    }
    // The writes did what they do (a script of refusals would prove little): all but the keyless ones succeed.
    for (const d of direct) expect(d.status, d.label).toBe(d.label.endsWith('without a key') ? 401 : 200);
    expect(lines).toEqual([]);
  });

  it('reports no violation and no observation, with the coverage the traffic hit', async () => {
    expect((await send(proxy.listening.trading!.url, 'GET', '/__doppel/violations')).body.toString()).toContain('"violations":0');
    report = await proxy.close();
    expect(report.failures.map((f) => `${f.checkId}/${f.assertion}: ${f.title}`)).toEqual([]);
    expect(report.failed).toBe(false);
    expect(report.traffic).toMatchObject({ source: 'proxy', exchanges: proxied.length, unchecked: { count: 0 }, unreachable: { count: 0 }, abandoned: 0 });
    // Every operation was hit, each with the status the script met.
    for (const op of ALL_OPERATIONS) expect(report.coverage.find((c) => c.operationId === op)?.requests, op).toBeGreaterThanOrEqual(1);
    expect(report.coverage.find((c) => c.operationId === 'getAccount')?.seen).toEqual(['200', '401']);
    // The response checks judged every exchange: nothing of theirs went unexercised.
    const judged = report.checks.filter((c) => c.status === 'passed').map((c) => c.id);
    for (const id of ['content-type-json', 'success-envelope', 'response-schema', 'seed-fields', 'balance-decimals', 'wallet-decimals', 'wallet-date-format', 'trading-date-format', 'price-map-keys', 'trading-error-body', 'wallet-error-body']) expect(judged, id).toContain(id);
    // Keys and tokens the traffic showed are masked in the report.
    expect(JSON.stringify(report)).not.toMatch(/demo-(trade|wallet)-key|wt_[0-9a-f]{40}|correct-horse/);
  });
});
