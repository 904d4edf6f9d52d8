// Passive judging of the refusing rules: a client's own requests through doppel proxy (and the
// same traffic recorded and judged with --from-har) are cases of the auth assertions, not "not
// exercised": a 401 for a missing key or for a key in the other interface's header, a 403 for a
// read key on a trade operation (the key's account info shows it read-only), a login token used as
// X-API-Key, a token on another user's wallet. A broken layer that lets such a request through, or
// answers it 404, fails the assertion that cites the clause, in the proxy and in the recording. The
// client also retries a copy stop and a cancel: a layer that refunds the copy again fails the
// seed rule of trading §3 on the stream the checker did not send.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { request } from 'undici';
import type { RunReport } from '../../conformance/index.js';
import { judgeRecording } from '../../conformance/traffic/judge-recording.js';
import { startMock } from '../../mock/index.js';
import { startProxy } from '../../proxy/index.js';
import { startProxy as startBroken, type Breakage } from '../conformance/broken-proxy.js';
import { NEGATIVE_MUTANTS } from '../conformance/negative-space-mutants.js';
import { STATE_MUTANTS } from '../conformance/state-mutants.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-passive-auth-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type Bases = { trading: string; wallet: string };

async function send(base: string, method: 'GET' | 'POST', path: string, headers: Record<string, string> = {}, body?: unknown): Promise<{ status: number; json: any }> {
  const res = await request(new URL(path, base), { method, headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.body.text();
  return { status: res.statusCode, json: text ? JSON.parse(text) : undefined };
}

/** A client's own traffic: refusals it provoked by mistake, and a login token it uses. */
async function client(b: Bases): Promise<void> {
  await send(b.trading, 'GET', '/api/v1/account');
  await send(b.trading, 'GET', '/api/v1/account/balances', { 'X-API-Key': 'demo-trade-key' });
  await send(b.trading, 'POST', '/api/v1/spot/order', { 'API-KEY': 'demo-read-key' }, { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.001', price: '1000' });
  await send(b.trading, 'GET', '/api/v1/account', { 'API-KEY': 'demo-read-key' });
  await send(b.trading, 'POST', '/api/v1/spot/cancel', { 'API-KEY': 'demo-read-key' }, { order_id: 1 });
  await send(b.trading, 'POST', '/api/v1/spot/cancel', {}, { order_id: 1 });
  // A copy stopped, and the stop retried; each followed by a read of the balances.
  const trade = { 'API-KEY': 'demo-trade-key' };
  await send(b.trading, 'GET', '/api/v1/account', trade);
  await send(b.trading, 'GET', '/api/v1/account/balances', trade);
  for (const [path, body] of [['/api/v1/copy/start', { lead_trader_id: 1, copy_amount: 10 }], ['/api/v1/copy/stop', { lead_trader_id: 1 }], ['/api/v1/copy/stop', { lead_trader_id: 1 }]] as const) {
    await send(b.trading, 'POST', path, trade, body);
    await send(b.trading, 'GET', '/api/v1/account/balances', trade);
  }
  await send(b.wallet, 'GET', '/api/v1/wallets');
  await send(b.wallet, 'GET', '/api/v1/wallets', { 'API-KEY': 'demo-wallet-key' });
  const email = `passive-${Date.now()}@example.test`;
  await send(b.wallet, 'POST', '/api/v1/register', {}, { name: 'passive', email, password: 'pw-passive' });
  const token = (await send(b.wallet, 'POST', '/api/v1/login', {}, { email, password: 'pw-passive' })).json.token as string;
  await send(b.wallet, 'GET', '/api/v1/wallets', { 'X-API-Key': token });
  const created = await send(b.wallet, 'POST', '/api/v1/wallets/create', { 'X-API-Key': token }, { chain: 'ethereum' });
  // A second user's token on the first user's wallet.
  await send(b.wallet, 'POST', '/api/v1/register', {}, { name: 'other', email: `other-${email}`, password: 'pw-passive' });
  const other = (await send(b.wallet, 'POST', '/api/v1/login', {}, { email: `other-${email}`, password: 'pw-passive' })).json.token as string;
  await send(b.wallet, 'GET', `/api/v1/wallets/${created.json?.wallet?.id ?? 1}/balance`, { 'X-API-Key': other });
}

/** The client through doppel proxy (recording HAR), in front of a broken layer on `broken`'s interface, in front of the fake. */
async function watch(name: string, broken?: { iface: 'trading' | 'wallet'; breakage: Breakage }): Promise<{ live: RunReport; offline: RunReport }> {
  const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 7, clock: 'manual', walletRateLimit: 1_000_000, quiet: true });
  const layer = broken ? await startBroken(broken.iface === 'trading' ? mock.trading.url : mock.wallet.url, broken.breakage) : undefined;
  const har = join(dir, `${name}.har`);
  const targets = { trading: layer && broken?.iface === 'trading' ? layer.url : mock.trading.url, wallet: layer && broken?.iface === 'wallet' ? layer.url : mock.wallet.url };
  const proxy = await startProxy({ targets, ports: { trading: 0, wallet: 0 }, har });
  let live: RunReport;
  try {
    await client({ trading: proxy.listening.trading!.url, wallet: proxy.listening.wallet!.url });
  } finally {
    live = await proxy.close();
    await layer?.close();
    await mock.close();
  }
  return { live, offline: judgeRecording(JSON.parse(readFileSync(har, 'utf8')), { file: har }) };
}

const cases = (report: RunReport, id: string) => report.checks.find((c) => c.id === id);

describe('passive judging of authentication and of repeated writes', () => {
  it("counts a client's own refusals and login token as cases of the auth assertions, live and from the recording", async () => {
    const { live, offline } = await watch('unbroken');
    for (const report of [live, offline]) {
      expect(report.failures.filter((f) => f.severity === 'failure')).toEqual([]);
      expect(cases(report, 'trading-auth-401')).toMatchObject({ status: 'passed', assertionCases: { '401': 2, 'wrong-header': 1 } });
      expect(cases(report, 'wallet-auth-required')).toMatchObject({ status: 'passed', assertionCases: { refused: 1, 'wrong-header': 1 } });
      expect(cases(report, 'wallet-auth-401')).toMatchObject({ status: 'passed' });
      expect(cases(report, 'read-key-403')).toMatchObject({ status: 'passed', assertionCases: { '403': 2 } });
      expect(cases(report, 'balances-follow-writes')).toMatchObject({ status: 'passed', assertionCases: { 'copy-lock': 1, 'copy-refund': 1 } });
      expect(cases(report, 'login-token-works')).toMatchObject({ status: 'passed', assertionCases: { 'every-operation': 2 } });
      expect(cases(report, 'wallet-isolation')).toMatchObject({ status: 'passed', assertionCases: { isolated: 1 } });
    }
  });

  const BROKEN: { name: string; iface: 'trading' | 'wallet'; killedBy: string; cites: string; breakage: () => Breakage }[] = [
    { name: 'a keyless trading request answered 200', iface: 'trading', killedBy: 'trading-auth-401/401', cites: 'seed trading §5.6', breakage: () => ({ response: (_req, res) => (res.status === 401 ? { ...res, status: 200, body: '{"success":true,"data":{}}' } : res) }) },
    ...NEGATIVE_MUTANTS.filter((m) => ['trading-auth-401/wrong-header', 'wallet-auth-required/wrong-header'].includes(m.killedBy)),
    { name: 'a keyless cancel answered 404', iface: 'trading', killedBy: 'trading-auth-401/401', cites: 'seed trading §5.6', breakage: () => ({ response: (req, res) => (req.path === '/api/v1/spot/cancel' && res.status === 401 ? { ...res, status: 404 } : res) }) },
    { name: "a read key's cancel answered 404", iface: 'trading', killedBy: 'read-key-403/403', cites: 'seed trading §5.5', breakage: () => ({ response: (req, res) => (req.path === '/api/v1/spot/cancel' && res.status === 403 ? { ...res, status: 404 } : res) }) },
    { ...(STATE_MUTANTS.find((m) => m.killedBy === 'balances-follow-writes/refund-once') as (typeof STATE_MUTANTS)[number]), cites: 'seed trading §3 bullet 2' },
    {
      name: 'a login token reads but a write with it is 401',
      iface: 'wallet',
      killedBy: 'login-token-works/every-operation',
      cites: 'seed wallet §4 bullet 1',
      breakage: () => ({ response: (req, res) => (req.method === 'POST' && req.headers['x-api-key'] !== undefined ? { ...res, status: 401, body: '{"success":false,"error":"invalid X-API-Key"}' } : res) }),
    },
    {
      name: "another user's token reads a wallet's balance",
      iface: 'wallet',
      killedBy: 'wallet-isolation/isolated',
      cites: 'seed wallet §5.2',
      breakage: () => ({
        response: (req, res) => (/\/balance$/.test(req.path) && res.status >= 400 && res.status < 500 ? { ...res, status: 200, body: '{"success":true,"balance":"0.00000000","symbol":"ETH","usd_value":"0.00"}' } : res),
      }),
    },
  ];

  for (const b of BROKEN) {
    it(`"${b.name}" fails ${b.killedBy} (${b.cites}) in the proxy and in the recording`, async () => {
      const { live, offline } = await watch(b.name.replace(/\W+/g, '-'), { iface: b.iface, breakage: b.breakage() });
      const [checkId, assertion] = b.killedBy.split('/');
      for (const report of [live, offline]) {
        const found = report.failures.filter((f) => f.checkId === checkId && f.assertion === assertion);
        // a seed source lists the clause ids it judges (`seed trading §5.6; trading §7 401; …`)
        const cited = found.filter((f) => f.severity === 'failure' && f.source.replace(/^seed /, 'seed;').split(/;\s*/).includes(b.cites.replace(/^seed /, '')));
        expect(cited.length, report.failures.map((f) => `${f.checkId}/${f.assertion} ${f.source}`).join(', ')).toBeGreaterThan(0);
        expect(report.failed).toBe(true);
      }
    });
  }
});
