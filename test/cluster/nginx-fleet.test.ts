// One stub for a CI fleet (`npm run test:cluster`, not part of `npm test`: it needs Debian's nginx,
// which .ci/run installs): three `doppel mock` processes behind nginx with the shipped
// deploy/nginx/doppel.conf. Namespaces used in parallel stay isolated, every request of a namespace
// (both interfaces, admin API included) reaches one process, reset, clock and faults act per
// namespace through nginx, the IP whitelist sees the client behind nginx, and a killed process
// costs its own namespaces a 502 in the error envelope and nothing else.
import { request } from 'node:http';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureBuilt } from '../robustness/built-cli.js';
import { fleetConfig, findNginx, freePort, SHIPPED_CONFIG, startDoppel, startNginx, type DoppelProcess, type RunningNginx } from './nginx-fleet.js';

const NGINX = findNginx();
// Skipping needs both: no nginx here, and someone saying that is fine (never in CI).
const SKIP = NGINX === null && process.env['DOPPEL_CLUSTER_SKIP_OK'] === '1' && process.env['CI'] === undefined;
if (SKIP) console.warn('test:cluster SKIPPED: nginx is not installed (apt-get install -y nginx) and DOPPEL_CLUSTER_SKIP_OK=1 allows skipping');

const TRADE = { 'API-KEY': 'demo-trade-key' };
const WALLET = { 'X-API-Key': 'demo-wallet-key' };
const WORKERS = Array.from({ length: 8 }, (_, i) => `worker-${i + 1}`);

let processes: DoppelProcess[] = [];
let nginx: RunningNginx | undefined;
let tradingUrl = '';
let walletUrl = '';
/** Requests this test sent per namespace through nginx (what the journals must add up to). */
const sent = new Map<string, number>();

interface Answer {
  status: number;
  body: { success?: boolean; code?: string; error?: string; details?: Record<string, unknown>; data?: unknown; wallets?: unknown[]; wallet?: { id: number } } & Record<string, unknown>;
  contentType: string | null;
}

/** A request through nginx in a namespace (none: no header, the default namespace). */
async function call(base: string, method: string, path: string, options: { ns?: string; headers?: Record<string, string>; body?: unknown } = {}): Promise<Answer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.ns !== undefined) headers['X-Doppel-Namespace'] = options.ns;
  // Admin POSTs carry the JSON content type even without a body (docs/guides/security.md).
  if (options.body !== undefined || (method === 'POST' && path.startsWith('/__doppel/'))) headers['content-type'] = 'application/json';
  const res = await fetch(`${base}${path}`, { method, headers, ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}) });
  const ns = options.ns ?? 'default';
  if (!path.startsWith('/__doppel/requests')) sent.set(ns, (sent.get(ns) ?? 0) + 1);
  return { status: res.status, body: (await res.json()) as Answer['body'], contentType: res.headers.get('content-type') };
}

/** How many requests of a namespace each process's journal holds (asked of each process directly). */
async function journalCounts(ns: string): Promise<number[]> {
  return Promise.all(
    processes.map(async (p) => {
      const res = await fetch(`http://127.0.0.1:${p.trading}/__doppel/requests/verify?namespace=${ns}`);
      return ((await res.json()) as { data: { count: number } }).data.count;
    }),
  );
}

/** The index of the process that holds a namespace: the only one whose journal has its requests. */
async function home(ns: string): Promise<number> {
  const counts = await journalCounts(ns);
  const homes = counts.flatMap((count, i) => (count > 0 ? [i] : []));
  expect(homes, `${ns} on one process (journal counts ${counts.join(', ')})`).toHaveLength(1);
  return homes[0] as number;
}

const orderCount = async (ns: string | undefined): Promise<number> =>
  ((await call(tradingUrl, 'GET', '/api/v1/account/orders?limit=100', { headers: TRADE, ...(ns !== undefined ? { ns } : {}) })).body.data as unknown[]).length;
const walletCount = async (ns: string | undefined): Promise<number> =>
  ((await call(walletUrl, 'GET', '/api/v1/wallets', { headers: WALLET, ...(ns !== undefined ? { ns } : {}) })).body.wallets as unknown[]).length;

describe.skipIf(SKIP)('doppel mock fleet behind nginx (deploy/nginx/doppel.conf)', () => {
  beforeAll(async () => {
    if (NGINX === null) {
      throw new Error('nginx is not installed (/usr/sbin/nginx or on PATH): apt-get install -y nginx (.ci/run does); outside CI, DOPPEL_CLUSTER_SKIP_OK=1 skips this test');
    }
    const bin = ensureBuilt();
    processes = await Promise.all([0, 1, 2].map(() => startDoppel(bin)));
    const listen = { trading: await freePort(), wallet: await freePort() };
    tradingUrl = `http://127.0.0.1:${listen.trading}`;
    walletUrl = `http://127.0.0.1:${listen.wallet}`;
    nginx = await startNginx(NGINX, fleetConfig(readFileSync(SHIPPED_CONFIG, 'utf8'), processes, listen), `${tradingUrl}/api/v1/prices`);
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    for (const p of processes) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGTERM');
    await Promise.all(processes.map((p) => p.exited));
  });

  it('8 namespaces used in parallel each see only their own orders and wallets', async () => {
    const defaultOrders = await orderCount(undefined);
    const defaultWallets = await walletCount(undefined);
    await Promise.all(
      WORKERS.map(async (ns, i) => {
        // Worker i places i + 1 orders and creates i + 1 wallets, interleaved with the others.
        for (let n = 0; n <= i; n++) {
          const order = await call(tradingUrl, 'POST', '/api/v1/spot/order', { ns, headers: TRADE, body: { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' } });
          expect(order.status, JSON.stringify(order.body)).toBe(200);
          const wallet = await call(walletUrl, 'POST', '/api/v1/wallets/create', { ns, headers: WALLET, body: { chain: 'ethereum' } });
          expect(wallet.status, JSON.stringify(wallet.body)).toBe(200);
        }
      }),
    );
    for (const [i, ns] of WORKERS.entries()) {
      expect(await orderCount(ns), `${ns} orders`).toBe(i + 1);
      // The demo user has 3 wallets in every namespace.
      expect(await walletCount(ns), `${ns} wallets`).toBe(3 + i + 1);
    }
    expect(await orderCount(undefined)).toBe(defaultOrders);
    expect(await walletCount(undefined)).toBe(defaultWallets);
  });

  it('sends every request of a namespace, both interfaces, to one process, and spreads the namespaces', async () => {
    const homes = new Set<number>();
    for (const ns of WORKERS) {
      const counts = await journalCounts(ns);
      const at = await home(ns);
      homes.add(at);
      // Everything this test sent in the namespace, through either of nginx's ports, is in that one journal.
      expect(counts[at], `${ns}: journal counts per process ${counts.join(', ')}`).toBe(sent.get(ns));
      const interfaces = await fetch(`http://127.0.0.1:${processes[at]!.trading}/__doppel/requests?namespace=${ns}&limit=100`).then((r) => r.json() as Promise<{ data: { requests: { interface: string }[] } }>);
      expect(new Set(interfaces.data.requests.map((e) => e.interface))).toEqual(new Set(['trading', 'wallet']));
    }
    expect(homes.size, 'the 8 namespaces are spread over more than one process').toBeGreaterThan(1);
    // No header and `X-Doppel-Namespace: default` are the same namespace: one process for both.
    await call(tradingUrl, 'GET', '/api/v1/account/balances', { ns: 'default', headers: TRADE });
    await call(walletUrl, 'GET', '/api/v1/wallets', { headers: WALLET });
    const counts = await journalCounts('default');
    expect(counts.filter((c) => c > 0), `default namespace journal counts ${counts.join(', ')}`).toHaveLength(1);
  });

  it('resets, moves the clock of and injects faults into one namespace through nginx', async () => {
    const [a, b] = ['worker-1', 'worker-2'];
    // Reset: a's orders are gone, b's are not.
    expect((await call(tradingUrl, 'POST', '/__doppel/reset', { ns: a })).status).toBe(200);
    // A reset clears the namespace's journal too: its own request is the first entry after it.
    sent.set(a, 1);
    expect(await orderCount(a)).toBe(0);
    expect(await walletCount(a)).toBe(3);
    expect(await orderCount(b)).toBe(2);

    // Clock: through the wallet port, read through the trading port (one clock per namespace).
    const epoch = async (ns: string): Promise<number> => ((await call(tradingUrl, 'GET', '/__doppel/clock', { ns })).body.data as { epoch_ms: number }).epoch_ms;
    const [a0, b0] = [await epoch(a), await epoch(b)];
    expect((await call(walletUrl, 'POST', '/__doppel/clock', { ns: a, body: { advance_seconds: 86_400 } })).status).toBe(200);
    expect((await epoch(a)) - a0).toBeGreaterThanOrEqual(86_400_000);
    expect((await epoch(b)) - b0).toBeLessThan(86_400_000);

    // Faults: a rule added in a answers a's requests only; doppel's own 503 passes through nginx as it is.
    const rule = await call(tradingUrl, 'POST', '/__doppel/faults', { ns: a, body: { match: { operationId: 'getBalances' }, times: 1, fault: { type: 'status', status: 503 } } });
    expect(rule.status).toBe(200);
    expect((await call(tradingUrl, 'GET', '/api/v1/account/balances', { ns: b, headers: TRADE })).status).toBe(200);
    const faulted = await call(tradingUrl, 'GET', '/api/v1/account/balances', { ns: a, headers: TRADE });
    expect(faulted.status).toBe(503);
    expect(faulted.body.code).toBe('injected_fault');
    // An injected 502 is doppel's, not nginx's: its envelope, not the proxy's.
    await call(tradingUrl, 'POST', '/__doppel/faults', { ns: a, body: { match: { operationId: 'getBalances' }, times: 1, fault: { type: 'status', status: 502 } } });
    const injected502 = await call(tradingUrl, 'GET', '/api/v1/account/balances', { ns: a, headers: TRADE });
    expect([injected502.status, injected502.body.code]).toEqual([502, 'injected_fault']);
    // A dropped connection reaches the client as one (nginx closes without an answer), not as a 502.
    await call(walletUrl, 'POST', '/__doppel/faults', { ns: a, body: { match: { operationId: 'listWallets' }, times: 1, fault: { type: 'drop' } } });
    sent.set(a, (sent.get(a) ?? 0) + 1);
    await expect(fetch(`${walletUrl}/api/v1/wallets`, { headers: { ...WALLET, 'X-Doppel-Namespace': a } })).rejects.toThrow(TypeError);
    expect(await walletCount(a)).toBe(3);
    // Every one of these still went to a's one process.
    const counts = await journalCounts(a);
    expect(counts.filter((c) => c > 0)).toEqual([sent.get(a)]);
  });

  it('the IP whitelist sees the client behind nginx, and a forged X-Forwarded-For does not pass it', async () => {
    const ns = 'worker-3';
    const created = await call(tradingUrl, 'POST', '/__doppel/keys', { ns, body: { permissions: ['read'], ip_whitelist: ['127.0.0.5'] } });
    expect(created.status).toBe(200);
    const key = (created.body.data as { key: string }).key;
    const fromAddress = (localAddress: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> =>
      new Promise((resolve, reject) => {
        const req = request(`${tradingUrl}/api/v1/account`, { localAddress, headers: { 'API-KEY': key, 'X-Doppel-Namespace': ns, ...headers } }, (res) => {
          let body = '';
          res.on('data', (d: Buffer) => (body += d.toString()));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    // nginx sees 127.0.0.5 and says so; doppel believes it from 127.0.0.1 (--trust-proxy).
    expect((await fromAddress('127.0.0.5')).status).toBe(200);
    const refused = await fromAddress('127.0.0.1');
    expect(refused.status).toBe(403);
    expect(refused.body).toContain('address 127.0.0.1 is not on this key');
    // The client's own X-Forwarded-For is replaced by nginx, not believed.
    const forged = await fromAddress('127.0.0.1', { 'X-Forwarded-For': '127.0.0.5' });
    expect([forged.status, JSON.parse(forged.body).code]).toEqual([403, 'ip_not_whitelisted']);
  });

  it('a killed process costs its namespaces a 502 in the error envelope, and the others nothing', async () => {
    const victim = await home('worker-2');
    const byHome = new Map<string, number>();
    for (const ns of WORKERS) byHome.set(ns, await home(ns));
    const before = new Map<string, number>();
    for (const ns of WORKERS) if (byHome.get(ns) !== victim) before.set(ns, await orderCount(ns));

    processes[victim]!.child.kill('SIGKILL');
    await processes[victim]!.exited;

    for (const ns of WORKERS) {
      if (byHome.get(ns) === victim) {
        for (const [base, path, headers] of [[tradingUrl, '/api/v1/account/orders', TRADE], [walletUrl, '/api/v1/wallets', WALLET], [tradingUrl, '/__doppel/clock', {}]] as const) {
          const answer = await call(base, 'GET', path, { ns, headers });
          expect(answer.status, `${ns} ${path}`).toBe(502);
          expect(answer.contentType).toMatch(/^application\/json/);
          expect(answer.body).toMatchObject({ success: false, code: 'upstream_unavailable', details: { namespace: ns } });
          expect(answer.body.error).toContain(`namespace ${ns} is unavailable`);
        }
      } else {
        // Unaffected, with its state: the orders it had, and a new one accepted.
        expect(await orderCount(ns), ns).toBe(before.get(ns));
        expect((await call(tradingUrl, 'POST', '/api/v1/spot/order', { ns, headers: TRADE, body: { market: 'ETH', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.01' } })).status).toBe(200);
        expect(await walletCount(ns)).toBeGreaterThan(3);
      }
    }
    expect(nginx?.errorLog()).toMatch(/connect\(\) failed \(111: Connection refused\)/);
  });
});
