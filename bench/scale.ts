// Child process: latency of a filtered orders listing (limit 100) and of a wallet's transactions
// with a small state and with 1,000,000 orders and 100,000 transactions (the scale target: the big state's p50 at most 2× the small one's).
//
// The state is built the way a client would build it: orders through App.handle (the same code
// path as HTTP, without sockets), keys through the admin API, deposits through the wallet model
// (fake.models.wallet.deposit, what POST /__doppel/deposit calls). Latencies are of App.handle plus
// JSON.stringify of the answer, i.e. the fake's own work per request; HTTP adds a constant.
// Prints one JSON line (ScaleResult).
import { performance } from 'node:perf_hooks';
import { createFake, type App, type Fake, type FakeResponse } from '../mock/index.js';
import { percentile } from './load.js';

export interface ScaleQuery {
  name: string;
  smallP50Us: number;
  bigP50Us: number;
  smallP99Us: number;
  bigP99Us: number;
  /** bigP50Us / smallP50Us; the scale target is at most 2. */
  ratio: number;
  /** Entries in the answer (the same in both states). */
  rows: number;
}

export interface ScaleResult {
  orders: number;
  transactions: number;
  /** Orders of the queried account (the rest belong to other accounts). */
  callerOrders: { small: number; big: number };
  walletTransactions: { small: number; big: number };
  buildMs: number;
  rssSmallMiB: number;
  rssBigMiB: number;
  heapBigMiB: number;
  queries: ScaleQuery[];
}

const ORDERS = Number(process.env.BENCH_ORDERS ?? 1_000_000);
const TRANSACTIONS = Number(process.env.BENCH_TRANSACTIONS ?? 100_000);
const SAMPLES = Number(process.env.BENCH_SCALE_SAMPLES ?? 3_000);
/** The queried account holds this share of all orders; other accounts hold the rest. */
const CALLER_SHARE = 0.1;
/** The demo wallet holds this share of all transactions; other wallets hold the rest. */
const WALLET_SHARE = 0.2;
const SMALL_CALLER_ORDERS = 1_000;
const SMALL_WALLET_TRANSACTIONS = 200;

function call(app: App, method: string, path: string, headers: Record<string, string>, body?: unknown, query = ''): FakeResponse {
  return app.handle({
    method,
    path,
    query: new URLSearchParams(query),
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body,
    ip: '127.0.0.1',
  });
}

function ok(response: FakeResponse, what: string): { data: unknown } {
  if (response.status !== 200) throw new Error(`${what} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response.body as { data: unknown };
}

function newKey(fake: Fake, name: string): string {
  const body = ok(
    call(fake.trading, 'POST', '/__doppel/keys', {}, {
      name,
      permissions: ['read', 'trade'],
      ip_whitelist: [],
      balances: [
        { currency: 'USDT', chain: 'tron', balance: '100000000000' },
        { currency: 'BTC', chain: 'bitcoin', balance: '1000000' },
      ],
    }),
    'POST /__doppel/keys',
  );
  return (body.data as { key: string }).key;
}

/**
 * The queried account's mix, per block of 10: 5 market buys and 1 market sell (filled), 3 limit
 * buys far below the price (open), 1 limit buy then cancelled, so that every filter has matches.
 */
function fillCaller(fake: Fake, key: string, count: number): void {
  const headers = { 'api-key': key };
  const spot = (side: string, orderType: string, price?: string) =>
    ok(
      call(fake.trading, 'POST', '/api/v1/spot/order', headers, {
        market: 'BTC',
        pair: 'USDT',
        side,
        order_type: orderType,
        amount: '0.001',
        ...(price ? { price } : {}),
      }),
      `spot ${side} ${orderType}`,
    );
  for (let i = 0; i < count; i += 10) {
    for (let j = 0; j < 5; j++) spot('buy', 'market');
    spot('sell', 'market');
    // One price for all resting bids: each joins its price level at the end of the book.
    for (let j = 0; j < 3; j++) spot('buy', 'limit', '1000');
    const cancelled = spot('buy', 'limit', '1000').data as { id: number };
    ok(call(fake.trading, 'POST', '/api/v1/spot/cancel', headers, { order_id: cancelled.id }), 'spot cancel');
  }
}

function fillOthers(fake: Fake, count: number): void {
  const accounts = 9;
  const keys = Array.from({ length: accounts }, (_, i) => newKey(fake, `other ${i + 1}`));
  const body = { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' };
  for (let i = 0; i < count; i++) {
    const response = call(fake.trading, 'POST', '/api/v1/spot/order', { 'api-key': keys[i % accounts]! }, body);
    if (response.status !== 200) ok(response, 'other spot order');
  }
}

function fillWallets(fake: Fake, demoWalletTx: number, otherTx: number): void {
  const wallet = fake.models.wallet;
  for (let i = 0; i < demoWalletTx; i++) wallet.deposit(1, '0.001', null);
  if (otherTx === 0) return;
  const others = Array.from({ length: 8 }, () => wallet.createWallet(1, 'ethereum').id);
  for (let i = 0; i < otherTx; i++) wallet.deposit(others[i % others.length]!, '0.001', null);
}

interface Probe {
  name: string;
  run: () => FakeResponse;
}

function probes(fake: Fake, callerKey: string): Probe[] {
  const trading = (query: string) => () => call(fake.trading, 'GET', '/api/v1/account/orders', { 'api-key': callerKey }, undefined, query);
  return [
    { name: 'orders ?type=spot&status=open&limit=100', run: trading('type=spot&status=open&limit=100') },
    { name: 'orders ?status=cancelled&limit=100', run: trading('status=cancelled&limit=100') },
    { name: 'orders ?limit=100', run: trading('limit=100') },
    {
      name: 'wallet 1 transactions ?limit=100',
      run: () => call(fake.wallet, 'GET', '/api/v1/wallets/1/transactions', { 'x-api-key': 'demo-wallet-key' }, undefined, 'limit=100'),
    },
  ];
}

function sample(probe: Probe): { p50Us: number; p99Us: number; rows: number } {
  let rows = 0;
  for (let i = 0; i < Math.ceil(SAMPLES / 5); i++) JSON.stringify(probe.run().body);
  const times = new Float64Array(SAMPLES);
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    const response = probe.run();
    JSON.stringify(response.body);
    times[i] = performance.now() - t;
    if (response.status !== 200) ok(response, probe.name);
    // Trading answers {data: [...]}, the wallet's listing {transactions: [...]}.
    const answer = response.body as { data?: unknown[]; transactions?: unknown[] };
    rows = (answer.data ?? answer.transactions ?? []).length;
  }
  const sorted = Array.from(times).sort((a, b) => a - b);
  return { p50Us: percentile(sorted, 0.5) * 1e3, p99Us: percentile(sorted, 0.99) * 1e3, rows };
}

const mib = (bytes: number): number => bytes / 1024 / 1024;

function main(): void {
  // No wallet rate limit here: the samples would be 429s after 60 requests.
  const options = { walletRateLimit: 1_000_000_000 };

  let small: Fake | undefined = createFake(options);
  const smallKey = newKey(small, 'bench caller');
  fillCaller(small, smallKey, SMALL_CALLER_ORDERS);
  fillWallets(small, SMALL_WALLET_TRANSACTIONS, 0);
  const smallResults = probes(small, smallKey).map(sample);
  const rssSmallMiB = mib(process.memoryUsage().rss);
  const smallWalletTx = (small.models.wallet.state.wallets.get(1)?.history.length ?? 0) as number;
  small = undefined;

  const started = performance.now();
  const big = createFake(options);
  const bigKey = newKey(big, 'bench caller');
  const callerOrders = Math.round(ORDERS * CALLER_SHARE);
  fillCaller(big, bigKey, callerOrders);
  fillOthers(big, ORDERS - callerOrders);
  const walletTx = Math.round(TRANSACTIONS * WALLET_SHARE);
  fillWallets(big, walletTx, TRANSACTIONS - walletTx);
  const buildMs = performance.now() - started;
  const orderCount = big.models.trading.orderCount();
  const bigWalletTx = (big.models.wallet.state.wallets.get(1)?.history.length ?? 0) as number;
  globalThis.gc?.();
  const bigProbes = probes(big, bigKey);
  const bigResults = bigProbes.map(sample);
  const memory = process.memoryUsage();

  const result: ScaleResult = {
    orders: orderCount,
    transactions: TRANSACTIONS,
    callerOrders: { small: SMALL_CALLER_ORDERS, big: callerOrders },
    walletTransactions: { small: smallWalletTx, big: bigWalletTx },
    buildMs,
    rssSmallMiB,
    rssBigMiB: mib(memory.rss),
    heapBigMiB: mib(memory.heapUsed),
    queries: bigProbes.map((probe, i) => {
      const s = smallResults[i]!;
      const b = bigResults[i]!;
      return { name: probe.name, smallP50Us: s.p50Us, bigP50Us: b.p50Us, smallP99Us: s.p99Us, bigP99Us: b.p99Us, ratio: b.p50Us / s.p50Us, rows: b.rows };
    }),
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

main();
