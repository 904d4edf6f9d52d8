// Child process (run with --expose-gc): heap per 1,000 orders and per 1,000 transactions (reported with the speed and memory targets).
// Each kind is measured in a fresh fake: heap used after a full GC, before and after creating N
// records through the public surface (fake.trading.handle / fake.wallet.handle, the admin routes
// for keys and deposits), after a warm-up of the same requests so that lazily built tables count
// before the baseline. Also what a full request journal holds (the soak's RSS-after-reset target
// allows for it: reset empties the state, not the journal). Prints one JSON line (HeapPerRecord).
import { createFake, DEFAULT_JOURNAL_SIZE, type App, type Fake, type FakeResponse } from '../mock/index.js';

export interface HeapPerRecord {
  records: number;
  /** Heap after GC per 1,000 records, KiB. */
  openLimitOrdersKiB: number;
  filledMarketOrdersKiB: number;
  /** Deposits: one transaction each in one wallet's history. */
  transactionsKiB: number;
  /**
   * Heap a full request journal holds, MiB: the default ring of entries, each answer a listing of
   * 100 orders (~30 K characters, so the response texts reach the journal's total budget), after
   * GC, against the same fake with the journal emptied.
   */
  journalFullMiB: number;
  journalEntries: number;
  gcExposed: boolean;
}

const N = Number(process.env.BENCH_HEAP_RECORDS ?? 20_000);
const WARM_UP = 500;

function call(app: App, method: string, path: string, headers: Record<string, string>, body?: unknown): FakeResponse {
  const response = app.handle({
    method,
    path,
    query: new URLSearchParams(),
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body,
    ip: '127.0.0.1',
  });
  if (response.status !== 200) throw new Error(`${method} ${path} answered ${response.status}: ${JSON.stringify(response.body)}`);
  return response;
}

function heapAfterGc(): number {
  globalThis.gc?.();
  globalThis.gc?.();
  return process.memoryUsage().heapUsed;
}

/**
 * Reachable from here while measured: V8 may free an object as soon as no later code uses it, and
 * a fake referenced only by the loop's closure was collected before the second heap reading.
 */
const measured: Fake[] = [];

/** KiB per 1,000 records that `make(fake)` adds to a fresh fake. */
function measure(make: (fake: Fake) => (i: number) => void): number {
  // The journal off: it is bounded and measured on its own (journalFull); on, its ring filling
  // with these requests' answers counted as the records' own memory.
  const fake = createFake({ walletRateLimit: 1_000_000_000, journalSize: 0 });
  measured.push(fake);
  const one = make(fake);
  for (let i = 0; i < WARM_UP; i++) one(i);
  const before = heapAfterGc();
  for (let i = 0; i < N; i++) one(WARM_UP + i);
  const after = heapAfterGc();
  measured.length = 0;
  return (after - before) / 1024 / (N / 1000);
}

function trader(fake: Fake): Record<string, string> {
  const response = call(fake.trading, 'POST', '/__doppel/keys', {}, {
    name: 'heap',
    permissions: ['read', 'trade'],
    ip_whitelist: [],
    balances: [{ currency: 'USDT', chain: 'tron', balance: '100000000000' }],
  });
  return { 'api-key': (response.body as { data: { key: string } }).data.key };
}

const order = (extra: Record<string, string>) => ({ market: 'BTC', pair: 'USDT', side: 'buy', amount: '0.001', ...extra });

const result: HeapPerRecord = {
  records: N,
  // One price far below the market for every bid: they rest in the book, open.
  openLimitOrdersKiB: measure((fake) => {
    const headers = trader(fake);
    return () => void call(fake.trading, 'POST', '/api/v1/spot/order', headers, order({ order_type: 'limit', price: '1000' }));
  }),
  filledMarketOrdersKiB: measure((fake) => {
    const headers = trader(fake);
    return () => void call(fake.trading, 'POST', '/api/v1/spot/order', headers, order({ order_type: 'market' }));
  }),
  transactionsKiB: measure((fake) => () => void call(fake.wallet, 'POST', '/__doppel/deposit', {}, { wallet_id: 1, amount: '0.001', token_id: null })),
  ...journalFull(),
  gcExposed: typeof globalThis.gc === 'function',
};

function journalFull(): Pick<HeapPerRecord, 'journalFullMiB' | 'journalEntries'> {
  const fake = createFake({ walletRateLimit: 1_000_000_000 });
  measured.push(fake);
  const headers = trader(fake);
  for (let i = 0; i < 100; i++) call(fake.trading, 'POST', '/api/v1/spot/order', headers, order({ order_type: 'limit', price: '1000' }));
  const listing = (): FakeResponse =>
    fake.trading.handle({ method: 'GET', path: '/api/v1/account/orders', query: new URLSearchParams('limit=100'), headers, body: undefined, ip: '127.0.0.1' });
  // Past the ring's size, so that it is full and its oldest entries have lost their texts.
  for (let i = 0; i < DEFAULT_JOURNAL_SIZE + 1_000; i++) listing();
  const entries = fake.verify().count;
  const full = heapAfterGc();
  fake.clearRequests();
  const empty = heapAfterGc();
  measured.length = 0;
  return { journalFullMiB: (full - empty) / 2 ** 20, journalEntries: entries };
}
process.stdout.write(`${JSON.stringify(result)}\n`);
