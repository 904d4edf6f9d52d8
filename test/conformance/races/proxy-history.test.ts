// doppel proxy judges overlapping exchanges of real traffic with the same history judge: clients
// registering one e-mail at once through the proxy, in front of a target with a uniqueness race
// (race-mutants.ts) and in front of doppel mock.
import { describe, expect, it } from 'vitest';
import { startMock } from '../../../mock/index.js';
import { startProxy as startDoppelProxy } from '../../../proxy/index.js';
import type { RunReport } from '../../../conformance/index.js';
import { startProxy as startBreaking, type Breakage } from '../broken-proxy.js';
import { RACE_MUTANTS } from '../race-mutants.js';

async function registerAtOnce(breakage: Breakage | undefined): Promise<RunReport> {
  const mock = await startMock({ tradingPort: 0, walletPort: 0, seed: 4, clock: 'manual', quiet: true });
  const broken = breakage ? await startBreaking(mock.wallet.url, breakage) : undefined;
  const proxy = await startDoppelProxy({ targets: { wallet: broken?.url ?? mock.wallet.url }, ports: { wallet: 0 }, strict: true });
  let report: RunReport;
  try {
    const url = `${proxy.listening.wallet!.url}/api/v1/register`;
    const body = JSON.stringify({ name: 'client', email: 'same@example.test', password: 'pw' });
    await Promise.all(Array.from({ length: 6 }, () => fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }).then((r) => r.text())));
  } finally {
    report = await proxy.close();
    await broken?.close();
    await mock.close();
  }
  return report;
}

describe('doppel proxy and the history judge', () => {
  it('fails overlapping registrations of one e-mail that a uniqueness race accepted twice', async () => {
    const mutant = RACE_MUTANTS.find((m) => m.killedBy.startsWith('register-race/')) as (typeof RACE_MUTANTS)[number];
    const report = await registerAtOnce(mutant.breakage());
    const failure = report.failures.find((f) => f.checkId === 'overlap-history');
    expect(failure?.assertion, report.failures.map((f) => `${f.checkId}/${f.assertion}`).join(', ')).toBe('register');
    expect(failure?.message).toMatch(/the requests overlapped: register #\d+ [\d.]+–[\d.]+ ms → 200; register #\d+ [\d.]+–[\d.]+ ms → 200/);
  });

  it('passes the same traffic in front of doppel mock, having judged it', async () => {
    const report = await registerAtOnce(undefined);
    expect(report.failures.filter((f) => f.checkId === 'overlap-history')).toEqual([]);
    expect(report.checks.find((c) => c.id === 'overlap-history')?.status).toBe('passed');
  });
});
