// doppel proxy scaled out on an existing balancer (`npm run test:cluster`, not part of `npm test`):
// nginx with the shipped deploy/nginx/doppel-proxy.conf in front of three `doppel proxy` processes,
// trading spread by key and the wallet by namespace, each writing its own HAR, all forwarding to one
// `doppel mock`. Traffic with several keys of both interfaces, and wallet users logging in and using
// their tokens, passes through nginx; the three HARs judged as one stream (doppel check
// --from-har a.har b.har c.har) give the verdicts that one proxy's HAR of the same traffic, sent to
// a mock of the same seed, gets.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckCli } from '../../conformance/index.js';
import type { RunReport } from '../../conformance/types.js';
import { startMock, type RunningMock } from '../../mock/index.js';
import { startProxy } from '../../proxy/index.js';
import { ROOT, ensureBuilt } from '../robustness/built-cli.js';
import { fleetConfig, findNginx, freePort, startDoppel, startNginx, type ConfigShape, type DoppelProcess, type RunningNginx } from './nginx-fleet.js';

const NGINX = findNginx();
const SKIP = NGINX === null && process.env['DOPPEL_CLUSTER_SKIP_OK'] === '1' && process.env['CI'] === undefined;
if (SKIP) console.warn('test:cluster SKIPPED: nginx is not installed (apt-get install -y nginx) and DOPPEL_CLUSTER_SKIP_OK=1 allows skipping');

const PROXY_FLEET: ConfigShape = { file: join(ROOT, 'deploy', 'nginx', 'doppel-proxy.conf'), upstreams: { trading: 'doppel_proxy_trading', wallet: 'doppel_proxy_wallet' }, listen: { trading: 4110, wallet: 4120 } };
const SEED = ['--seed', '5', '--clock', 'manual'];
const dir = mkdtempSync(join(tmpdir(), 'doppel-proxy-fleet-'));

interface ProxyProcess {
  trading: number;
  wallet: number;
  har: string;
  stop(): Promise<number | null>;
}

/** `doppel proxy` as the shipped config's comment starts it; resolves on its listening lines. */
async function startProxyProcess(bin: string, mock: DoppelProcess, n: number): Promise<ProxyProcess> {
  const ports = { trading: await freePort(), wallet: await freePort() };
  const har = join(dir, `proxy-${n}.har`);
  const child = spawn(process.execPath, [bin, 'proxy', '--trading-target', `http://127.0.0.1:${mock.trading}`, '--wallet-target', `http://127.0.0.1:${mock.wallet}`, '--trading-port', String(ports.trading), '--wallet-port', String(ports.wallet), '--har', har], { stdio: 'pipe' });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let out = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`doppel proxy printed no listening lines in 20 s: ${out}`)), 20_000);
    const collect = (chunk: Buffer): void => {
      out += chunk.toString();
      if (/doppel proxy: trading http/.test(out) && /doppel proxy: wallet http/.test(out)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', collect);
    child.stderr.on('data', collect);
    void exited.then((code) => reject(new Error(`doppel proxy exited (${code}) before it listened: ${out}`)));
  });
  return { ...ports, har, stop: () => (child.kill('SIGTERM'), exited) };
}

type Call = (iface: 'trading' | 'wallet', method: string, path: string, headers?: Record<string, string>, body?: unknown) => Promise<{ status: number; json: any }>;

/** The same set-up on a mock of the same seed: keys made through its admin API (not through a proxy). */
async function makeKeys(trading: string, wallet: string): Promise<{ trading: string[]; wallet: string[] }> {
  const admin = async (base: string, path: string, body: unknown): Promise<string> => {
    const res = await fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    return ((await res.json()) as { data: { key: string } }).data.key;
  };
  const tradingKeys = ['demo-trade-key'];
  for (let i = 0; i < 3; i++) tradingKeys.push(await admin(trading, '/__doppel/keys', { permissions: ['read', 'trade'], balances: [{ currency: 'USDT', chain: 'tron', balance: '10000' }] }));
  return { trading: [...tradingKeys, 'demo-read-key'], wallet: ['demo-wallet-key', await admin(wallet, '/__doppel/api-keys', { user_id: 1 })] };
}

/** Production-like traffic, one request after another: several keys reading and trading, keyless reads, a key's wallets, an admin read. */
async function traffic(call: Call, keys: { trading: string[]; wallet: string[] }): Promise<void> {
  for (let round = 0; round < 2; round++) {
    await call('trading', 'GET', '/api/v1/prices');
    await call('trading', 'GET', '/api/v1/markets');
    await call('trading', 'GET', '/api/v1/account');
    for (const key of keys.trading) {
      const k = { 'API-KEY': key };
      await call('trading', 'GET', '/api/v1/account/balances', k);
      await call('trading', 'POST', '/api/v1/spot/order', { ...k, 'content-type': 'application/json' }, { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.001', price: String(1000 + round) });
      await call('trading', 'GET', '/api/v1/account/orders?limit=10', k);
    }
    for (const key of keys.wallet) await call('wallet', 'GET', '/api/v1/wallets', { 'X-API-Key': key });
    // Two users log in; one creates a wallet, the other tries to read it with its own token.
    const json = { 'content-type': 'application/json' };
    const tokens: string[] = [];
    for (const who of ['owner', 'other']) {
      const user = { name: `Fleet ${who}`, email: `fleet-${who}-${round}@example.test`, password: 'fleet-password-1' };
      await call('wallet', 'POST', '/api/v1/register', json, user);
      tokens.push((await call('wallet', 'POST', '/api/v1/login', json, { email: user.email, password: user.password })).json.token);
    }
    const created = await call('wallet', 'POST', '/api/v1/wallets/create', { ...json, 'X-API-Key': tokens[0]! }, { chain: 'bitcoin' });
    await call('wallet', 'GET', `/api/v1/wallets/${created.json.wallet.id}/balance`, { 'X-API-Key': tokens[1]! });
    await call('wallet', 'GET', '/api/v1/wallets', { 'X-API-Key': tokens[1]! });
    await call('wallet', 'GET', '/__doppel/summary');
  }
}

function caller(bases: { trading: string; wallet: string }): Call {
  return async (iface, method, path, headers = {}, body) => {
    const res = await fetch(`${bases[iface]}${path}`, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    const text = await res.text();
    return { status: res.status, json: text.startsWith('{') ? JSON.parse(text) : undefined };
  };
}

async function judged(files: string[], name: string): Promise<{ code: number; report: RunReport }> {
  const json = join(dir, `${name}.json`);
  const code = await runCheckCli({ fromHar: files, json, quiet: true, out: () => undefined, err: () => undefined });
  return { code, report: JSON.parse(readFileSync(json, 'utf8')) as RunReport };
}

let mock: DoppelProcess | undefined;
let proxies: ProxyProcess[] = [];
let nginx: RunningNginx | undefined;
let single: RunningMock | undefined;

describe.skipIf(SKIP)('doppel proxy fleet behind nginx (deploy/nginx/doppel-proxy.conf)', () => {
  beforeAll(async () => {
    if (NGINX === null) throw new Error('nginx is not installed (/usr/sbin/nginx or on PATH): apt-get install -y nginx (.ci/run does); outside CI, DOPPEL_CLUSTER_SKIP_OK=1 skips this test');
    const bin = ensureBuilt();
    mock = await startDoppel(bin, SEED);
    proxies = await Promise.all([1, 2, 3].map((n) => startProxyProcess(bin, mock as DoppelProcess, n)));
    const listen = { trading: await freePort(), wallet: await freePort() };
    // Ready when a proxy answers its own route through nginx (no exchange of the target's, none in a HAR).
    nginx = await startNginx(NGINX, fleetConfig(readFileSync(PROXY_FLEET.file, 'utf8'), proxies, listen, PROXY_FLEET), `http://127.0.0.1:${listen.trading}/__doppel/violations`);
    const keys = await makeKeys(`http://127.0.0.1:${mock.trading}`, `http://127.0.0.1:${mock.wallet}`);
    await traffic(caller({ trading: `http://127.0.0.1:${listen.trading}`, wallet: `http://127.0.0.1:${listen.wallet}` }), keys);
    for (const p of proxies) expect(await p.stop()).not.toBeNull();

    // The same traffic through one proxy, to a mock of the same seed.
    single = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual', quiet: true });
    const one = await startProxy({ targets: { trading: single.trading.url, wallet: single.wallet.url }, ports: { trading: 0, wallet: 0 }, har: join(dir, 'single.har') });
    const singleKeys = await makeKeys(single.trading.url, single.wallet.url);
    expect(singleKeys).toEqual(keys);
    await traffic(caller({ trading: one.listening.trading!.url, wallet: one.listening.wallet!.url }), singleKeys);
    await one.close();
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const p of proxies) await p.stop();
    if (mock && mock.child.exitCode === null && mock.child.signalCode === null) mock.child.kill('SIGTERM');
    await mock?.exited;
    await single?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('spreads the keys over the proxies, each recording its own share', () => {
    const counts = proxies.map((p) => (JSON.parse(readFileSync(p.har, 'utf8')) as { log: { entries: unknown[] } }).log.entries.length);
    const all = (JSON.parse(readFileSync(join(dir, 'single.har'), 'utf8')) as { log: { entries: unknown[] } }).log.entries.length;
    expect(counts.reduce((a, b) => a + b, 0)).toBe(all);
    expect(counts.filter((c) => c > 0).length, `entries per proxy: ${counts.join(', ')}`).toBeGreaterThanOrEqual(2);
  });

  it('judged as one stream, the HARs give the verdicts of one proxy\'s HAR of the same traffic', async () => {
    const fleet = await judged(proxies.map((p) => p.har), 'fleet');
    const one = await judged([join(dir, 'single.har')], 'single');
    expect(fleet.code).toBe(one.code);
    expect(fleet.report.traffic?.exchanges).toBe(one.report.traffic?.exchanges);
    expect(fleet.report.traffic?.admin).toEqual(one.report.traffic?.admin);
    expect(fleet.report.traffic?.admin?.count).toBe(2);
    expect(fleet.report.checks.map((c) => [c.id, c.status, c.cases])).toEqual(one.report.checks.map((c) => [c.id, c.status, c.cases]));
    expect(fleet.report.failures.map((f) => [f.checkId, f.assertion, f.severity])).toEqual(one.report.failures.map((f) => [f.checkId, f.assertion, f.severity]));
    expect(fleet.report.coverage).toEqual(one.report.coverage);
    expect(fleet.report.traffic?.from).toBe(proxies.map((p) => p.har).join(', '));
    // Something was judged: the traffic's operations are covered.
    expect(one.report.traffic?.exchanges).toBeGreaterThan(30);
    // A login and the requests that use its token went through one proxy: the checks that follow a
    // token to its user judged them (with the wallet spread by key, neither judged anything).
    for (const id of ['login-token-works', 'wallet-isolation']) {
      const check = fleet.report.checks.find((c) => c.id === id)!;
      expect([check.status, check.cases > 0], id).toEqual(['passed', true]);
    }
  });
});
