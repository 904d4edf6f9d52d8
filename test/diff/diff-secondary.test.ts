// doppel diff with a secondary: a recording of two keyed trading reads (the account, its balances)
// replayed against one doppel mock as the primary, and layers in front of it as the secondary and
// the candidate that move the balances (relatively) and the account's created_at (in seconds). No
// fixed tolerance: what the secondary showed is the only noise. A candidate moving a field within
// what the secondary showed is noise; further, or in a field the secondary agreed on, it is not.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { diffRecording, renderConsole, sideKeys, type DiffReport, type DiffTargets } from '../../diff/index.js';
import { startMock, type RunningMock } from '../../mock/index.js';
import { startProxy } from '../../proxy/index.js';
import { editJson, pathOf, startProxy as startLayer } from '../conformance/broken-proxy.js';
import { send } from '../proxy/traffic-client.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-diff-secondary-'));
const har = join(dir, 'traffic.har');
const KEYS = sideKeys('demo-trade-key', undefined, undefined);
const started: { close(): Promise<void> }[] = [];
let mock: RunningMock;

beforeAll(async () => {
  mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual', quiet: true });
  started.push(mock);
  const proxy = await startProxy({ targets: { trading: mock.trading.url }, ports: { trading: 0 }, har });
  for (const path of ['/api/v1/account', '/api/v1/account/balances']) await send(proxy.listening.trading!.url, 'GET', path, { 'api-key': 'demo-trade-key' });
  await proxy.close();
});
afterAll(async () => {
  for (const s of started.splice(0).reverse()) await s.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A copy of the primary that moves every balance by the factor and the account's created_at by the seconds. */
async function moved(factor: number, seconds: number): Promise<string> {
  const layer = await startLayer(mock.trading.url, {
    response: (req, res) => {
      if (pathOf(req) === '/api/v1/account/balances') return editJson(res, (b) => b.data.forEach((e: { balance: string }) => (e.balance = (Number(e.balance) * factor).toFixed(8))));
      if (pathOf(req) === '/api/v1/account') return editJson(res, (b) => void (b.data.created_at = new Date(Date.parse(`${b.data.created_at.replace(' ', 'T')}Z`) + seconds * 1000).toISOString().replace('T', ' ').slice(0, 19)));
      return res;
    },
  });
  started.push(layer);
  return layer.url;
}

function diff(candidate: string, secondary?: string): Promise<DiffReport> {
  const primary: DiffTargets = { trading: mock.trading.url };
  return diffRecording({ file: har, doc: JSON.parse(readFileSync(har, 'utf8')), primary, candidate: { trading: candidate }, ...(secondary ? { secondary: { trading: secondary } } : {}), keys: { primary: KEYS, candidate: KEYS }, tolerance: { relative: 0, seconds: 0 } });
}

const verdicts = (report: DiffReport) => [...new Set(report.differences.map((d) => `${d.verdict} ${d.operationId} ${d.at.replace(/\/\d+\//, '/*/')}`))].sort();

describe('doppel diff --secondary-trading: noise learned from a second copy of the primary', () => {
  it('a candidate moving the balances and created_at less than the secondary did: noise, and the report says so', async () => {
    const [secondary, candidate] = [await moved(1.01, 30), await moved(1.005, 10)];
    const report = await diff(candidate, secondary);
    expect(verdicts(report)).toEqual(['noise getAccount /data/created_at', 'noise getBalances /data/*/balance']);
    expect(report.counts.noise).toBe(7);
    expect(report.learnedNoisy).toBe(2);
    expect(report.secondary).toEqual({ trading: secondary });
    expect(renderConsole(report)).toMatch(/; 0 seed, 0 decision, 0 unexplained, 7 noise differences \(noise learned from the secondary: 2 fields\); passed$/);
    // The same candidate without the secondary: nothing is noise (no fixed tolerance here).
    const alone = await diff(candidate);
    expect(verdicts(alone)).toEqual(['unexplained getAccount /data/created_at', 'unexplained getBalances /data/*/balance']);
    expect(renderConsole(alone)).not.toContain('secondary');
  });

  it('a candidate moving them further than the secondary did: not noise', async () => {
    const [secondary, candidate] = [await moved(1.01, 30), await moved(1.05, 60)];
    expect(verdicts(await diff(candidate, secondary))).toEqual(['unexplained getAccount /data/created_at', 'unexplained getBalances /data/*/balance']);
  });

  it('a candidate moving a field the secondary agreed on: not noise, however little it moved', async () => {
    const [secondary, candidate] = [await moved(1.01, 0), await moved(1.005, 1)];
    const report = await diff(candidate, secondary);
    expect(verdicts(report)).toEqual(['noise getBalances /data/*/balance', 'unexplained getAccount /data/created_at']);
    expect(report.learnedNoisy).toBe(1);
  });
});
