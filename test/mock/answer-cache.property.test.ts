// Kept answers (mock/core/answer-cache.ts) change nothing a client sees: over random interleavings
// of reads, writes, admin changes, direct changes through fake.models and clock moves (by the
// admin route, fake.advance, and the clock alone), a fake with the cache answers every request
// byte for byte as one without it (status, headers, text), over 20 seeds; and it does answer reads again.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createFake, type Fake, type FakeRequest, type FakeResponse } from '../../mock/index.js';

const TRADING_READS = [
  '/api/v1/prices',
  '/api/v1/price/BTC',
  '/api/v1/price/doge',
  '/api/v1/markets',
  '/api/v1/account',
  '/api/v1/account/balances',
  '/api/v1/account/orders',
  '/api/v1/account/orders?status=open',
  '/api/v1/account/orders?type=futures&limit=5',
  '/api/v1/account/orders?type=binary',
  '/api/v1/copy/traders',
];
const WALLET_READS = ['/api/v1/prices', '/api/v1/chains', '/api/v1/wallets', '/api/v1/wallets/1/balance', '/api/v1/wallets/1/transactions', '/api/v1/wallets/2/transactions?limit=3', '/api/v1/prices?symbols=BTC,ETH,SOL'];
const TRADING_KEYS = ['demo-trade-key', 'demo-read-key', 'no-such-key'];
const WALLET_KEYS = ['demo-wallet-key', 'no-such-key'];
const MARKETS = { BTC: '0.0001', ETH: '0.001', DOGE: '1' } as const;
const base = fc.constantFrom<keyof typeof MARKETS>('BTC', 'ETH', 'DOGE');

const action = fc.oneof(
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('trading-read' as const), path: fc.constantFrom(...TRADING_READS), key: fc.constantFrom(...TRADING_KEYS), times: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 5, arbitrary: fc.record({ kind: fc.constant('wallet-read' as const), path: fc.constantFrom(...WALLET_READS), key: fc.constantFrom(...WALLET_KEYS), times: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('spot' as const), base, side: fc.constantFrom('buy', 'sell'), type: fc.constantFrom('market', 'limit'), steps: fc.integer({ min: 1, max: 50 }), percent: fc.integer({ min: -2, max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('futures' as const), base, side: fc.constantFrom('long', 'short'), hours: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('binary' as const), base, direction: fc.constantFrom('long', 'short'), minutes: fc.constantFrom(1, 5) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('cancel' as const), id: fc.integer({ min: 1, max: 30 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('copy-start' as const, 'copy-stop' as const), trader: fc.integer({ min: 1, max: 4 }) }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('send' as const), amount: fc.constantFrom('0.001', '0.01', '1000000') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('create-wallet' as const), chain: fc.constantFrom('ethereum', 'tron', 'bitcoin') }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('admin-price' as const), base, percent: fc.integer({ min: -5, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('models-price' as const), base, percent: fc.integer({ min: -5, max: 5 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deposit' as const), wallet: fc.integer({ min: 1, max: 3 }) }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constantFrom('admin-clock' as const, 'advance' as const, 'clock-only' as const), seconds: fc.constantFrom(0, 1, 1, 5, 10, 29, 59, 60, 61, 600, 3_600, 86_399, 86_400, 90_000) }) },
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

function request(method: string, target: string, headers: Record<string, string>, body?: unknown): FakeRequest {
  const q = target.indexOf('?');
  const search = q === -1 ? '' : target.slice(q + 1);
  return {
    method,
    path: q === -1 ? target : target.slice(0, q),
    query: new URLSearchParams(search),
    search,
    headers: body === undefined ? { ...headers } : { ...headers, 'content-type': 'application/json' },
    body: body === undefined ? undefined : structuredClone(body),
    ip: '127.0.0.1',
  };
}

/** What a client sees of an answer. */
const seen = (r: FakeResponse): string => JSON.stringify({ status: r.status, headers: r.headers, text: r.text });

/** Applies one action to a fake; returns the answers it gave (none for a direct change). */
function apply(fake: Fake, a: Action, sendTo: string): FakeResponse[] {
  const trade = { 'api-key': 'demo-trade-key' };
  const wallet = { 'x-api-key': 'demo-wallet-key' };
  // Read through the interface: any call through fake.models counts as a change.
  const priceOf = (symbol: string): number => Number((JSON.parse(fake.trading.handle(request('GET', `/api/v1/price/${symbol}`, {})).text) as { data: { price_usd: string } }).data.price_usd);
  const near = (symbol: string, percent: number): string => (priceOf(symbol) * (1 + percent / 100)).toFixed(symbol === 'DOGE' ? 5 : 2);
  switch (a.kind) {
    case 'trading-read':
      return Array.from({ length: a.times }, () => fake.trading.handle(request('GET', a.path, { 'api-key': a.key })));
    case 'wallet-read':
      return Array.from({ length: a.times }, () => fake.wallet.handle(request('GET', a.path, { 'x-api-key': a.key })));
    case 'spot': {
      const amount = (Number(MARKETS[a.base]) * a.steps).toFixed(8);
      const order = { market: a.base, pair: 'USDT', side: a.side, order_type: a.type, amount, ...(a.type === 'limit' ? { price: near(a.base, a.percent) } : {}) };
      return [fake.trading.handle(request('POST', '/api/v1/spot/order', trade, order))];
    }
    case 'futures':
      return [fake.trading.handle(request('POST', '/api/v1/futures/order', trade, { market: a.base, pair: 'USDT', side: a.side, order_type: 'market', amount: MARKETS[a.base], leverage: 2, duration_hours: a.hours }))];
    case 'binary':
      return [fake.trading.handle(request('POST', '/api/v1/binary/order', trade, { market: a.base, pair: 'USDT', direction: a.direction, amount: '10', duration_minutes: a.minutes }))];
    case 'cancel':
      return [fake.trading.handle(request('POST', '/api/v1/spot/cancel', trade, { order_id: a.id }))];
    case 'copy-start':
      return [fake.trading.handle(request('POST', '/api/v1/copy/start', trade, { lead_trader_id: a.trader, copy_amount: '100' }))];
    case 'copy-stop':
      return [fake.trading.handle(request('POST', '/api/v1/copy/stop', trade, { lead_trader_id: a.trader }))];
    case 'send':
      return [fake.wallet.handle(request('POST', '/api/v1/wallets/1/send', wallet, { to_address: sendTo, amount: a.amount }))];
    case 'create-wallet':
      return [fake.wallet.handle(request('POST', '/api/v1/wallets/create', wallet, { chain: a.chain }))];
    case 'admin-price':
      return [fake.trading.handle(request('POST', `/__doppel/prices/${a.base}`, {}, { price_usd: near(a.base, a.percent) }))];
    case 'models-price':
      fake.models.prices.set(a.base, BigInt(Math.round(priceOf(a.base) * (1 + a.percent / 100) * 1e8)));
      return [];
    case 'deposit':
      return [fake.wallet.handle(request('POST', '/__doppel/deposit', {}, { wallet_id: a.wallet, amount: '0.5' }))];
    case 'admin-clock':
      return [fake.trading.handle(request('POST', '/__doppel/clock', {}, { advance_seconds: a.seconds }))];
    case 'advance':
      fake.advance(a.seconds * 1000);
      return [];
    case 'clock-only':
      // The clock moves and nothing settles until the next request does.
      fake.clock.advance(a.seconds * 1000);
      return [];
  }
}

describe('kept answers (answerCache)', () => {
  it('answer every request as a fake that computes every read, over 20 seeds', () => {
    // A wallet on wallet 1's chain to send to (a valid, in-fake send).
    const probe = createFake();
    const wallets = JSON.parse(probe.wallet.handle(request('GET', '/api/v1/wallets', { 'x-api-key': 'demo-wallet-key' })).text).wallets as { id: number; chain: string; address: string }[];
    const first = wallets.find((w) => w.id === 1);
    const sendTo = wallets.find((w) => w.id !== 1 && w.chain === first?.chain)?.address ?? '0xde709f2102306220921060314715629080e2fb77';
    let hits = 0;
    let reads = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(action, { minLength: 20, maxLength: 60 }), (seed, actions) => {
        const kept = createFake({ seed });
        const computed = createFake({ seed, answerCache: false });
        for (const a of actions) {
          const got = apply(kept, a, sendTo);
          const want = apply(computed, a, sendTo);
          expect(got.map(seen), JSON.stringify(a)).toEqual(want.map(seen));
          if (a.kind === 'trading-read' || a.kind === 'wallet-read') {
            reads += got.length;
            hits += got.filter((r) => r.shared !== undefined).length;
          }
        }
      }),
      { numRuns: 20, seed: 20261127 },
    );
    // The comparison means something only if reads were answered again.
    expect(hits).toBeGreaterThan(reads / 5);
  });

  it('answer a repeated read from what was kept, and a read after a write afresh', () => {
    const fake = createFake();
    const balances = () => fake.trading.handle(request('GET', '/api/v1/account/balances', { 'api-key': 'demo-trade-key' }));
    const first = balances();
    const again = balances();
    expect(first.shared).toBeUndefined();
    expect(again.shared).toBeDefined();
    expect(again.text).toBe(first.text);
    fake.trading.handle(request('POST', '/api/v1/spot/order', { 'api-key': 'demo-trade-key' }, { market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'market', amount: '0.001' }));
    const after = balances();
    expect(after.shared).toBeUndefined();
    expect(after.text).not.toBe(first.text);
    // Both interfaces have a /api/v1/prices and share the namespace's cache: each keeps its own.
    expect(fake.trading.handle(request('GET', '/api/v1/prices', {})).status).toBe(200);
    expect(fake.trading.handle(request('GET', '/api/v1/prices', {})).shared).toBeDefined();
    expect(fake.wallet.handle(request('GET', '/api/v1/prices', {})).status).toBe(400);
    // A caller changing the body it was given changes nothing kept.
    (again.body as { data: unknown[] }).data.length = 0;
    expect(JSON.parse(balances().text)).toEqual(JSON.parse(after.text));
  });

  // Time alone changes a read inside a minute in two ways; each is a kept answer's end.
  const at = (fake: Fake, path: string, key = 'demo-trade-key') => fake.trading.handle(request('GET', path, { 'api-key': key }));
  const trade = (fake: Fake, path: string, body: unknown) => fake.trading.handle(request('POST', path, { 'api-key': 'demo-trade-key' }, body));

  it('end at a settlement falling due inside a minute', () => {
    for (const answerCache of [true, false]) {
      const fake = createFake({ answerCache });
      fake.advance(30_000); // hh:mm:30: the binary order resolves at hh:(mm+1):30
      expect(trade(fake, '/api/v1/binary/order', { market: 'BTC', pair: 'USDT', direction: 'long', amount: '10', duration_minutes: 1 }).status).toBe(200);
      fake.clock.advance(40_000); // hh:(mm+1):10
      const before = at(fake, '/api/v1/account/orders?type=binary').text;
      expect(at(fake, '/api/v1/account/orders?type=binary').text).toBe(before);
      fake.clock.advance(30_000); // hh:(mm+1):40, the same minute, past the resolution
      expect(JSON.parse(at(fake, '/api/v1/account/orders?type=binary').text).data[0].status, `answerCache ${answerCache}`).toBe('settled');
    }
  });

  it("end at a pinned price's 24 h reference falling inside a minute", () => {
    const change = (fake: Fake) => (JSON.parse(at(fake, '/api/v1/price/BTC').text) as { data: { change_24h: string } }).data.change_24h;
    const seen = [true, false].map((answerCache) => {
      const fake = createFake({ answerCache });
      fake.advance(30_000);
      expect(fake.trading.handle(request('POST', '/__doppel/prices/BTC', {}, { price_usd: '12345.67' })).status).toBe(200);
      fake.advance(86_399_000); // a second before the pin is 24 h old, in the same minute as that moment
      const before = change(fake);
      fake.clock.advance(2_000);
      return [before, change(fake)];
    });
    expect(seen[0]).toEqual(seen[1]);
    expect(seen[1]?.[0]).not.toBe(seen[1]?.[1]);
  });

  it('end at a transfer confirming inside a minute', () => {
    const wallet = { 'x-api-key': 'demo-wallet-key' };
    const statuses = [true, false].map((answerCache) => {
      const fake = createFake({ answerCache });
      const list = () => (JSON.parse(fake.wallet.handle(request('GET', '/api/v1/wallets/1/transactions?limit=1', wallet)).text) as { transactions: { status: string }[] }).transactions[0]?.status;
      const peers = (JSON.parse(fake.wallet.handle(request('GET', '/api/v1/wallets', wallet)).text) as { wallets: { id: number; chain: string; address: string }[] }).wallets;
      const to = peers.find((w) => w.id !== 1 && w.chain === peers.find((p) => p.id === 1)?.chain)?.address ?? '0xde709f2102306220921060314715629080e2fb77';
      expect(fake.wallet.handle(request('POST', '/api/v1/wallets/1/send', wallet, { to_address: to, amount: '0.001' })).status).toBe(200);
      const pending = list();
      const due = fake.models.wallet.nextDue() as number;
      // Just before the confirmation, then just after it: one virtual second apart.
      fake.clock.set(due - 1_000);
      const before = list();
      fake.clock.set(due + 1_000);
      return [pending, before, list()];
    });
    expect(statuses[0]).toEqual(statuses[1]);
    expect(statuses[1]).toEqual(['pending', 'pending', 'confirmed']);
  });
});

