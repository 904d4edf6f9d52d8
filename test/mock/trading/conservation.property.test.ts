// Money conservation: over random sequences of orders, cancels, copy
// start/stop, price sets, daily_return changes and clock moves, what the account holds
// (available + locked, every chain) changes only by fills (base and quote exchanged at the fill
// price), futures pnl, binary payouts and copy results, to the last 8th decimal; and what is
// locked is exactly what open orders and active copies hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createTestFake, dec, formatDec8, TRADE, type TestFake } from './trading-fake.js';

const ONE = 100_000_000n;
const MARKETS = { BTC: { min: '0.0001', pp: 2 }, ETH: { min: '0.001', pp: 2 }, DOGE: { min: '1', pp: 5 } } as const;
type Base = keyof typeof MARKETS;
const base = fc.constantFrom<Base>('BTC', 'ETH', 'DOGE');

const action = fc.oneof(
  fc.record({ kind: fc.constant('spot' as const), base, side: fc.constantFrom('buy', 'sell'), type: fc.constantFrom('market', 'limit'), steps: fc.integer({ min: 1, max: 400 }), bp: fc.integer({ min: -300, max: 300 }) }),
  fc.record({ kind: fc.constantFrom('margin' as const, 'futures' as const), base, side: fc.constantFrom('long', 'short'), type: fc.constantFrom('market', 'limit'), steps: fc.integer({ min: 1, max: 400 }), bp: fc.integer({ min: -300, max: 300 }), leverage: fc.integer({ min: 1, max: 20 }), hours: fc.integer({ min: 1, max: 48 }) }),
  fc.record({ kind: fc.constant('binary' as const), base, direction: fc.constantFrom('long', 'short'), amount: fc.integer({ min: 1, max: 90_000 }), minutes: fc.constantFrom(1, 5, 15, 30, 60, 240, 1440) }),
  fc.record({ kind: fc.constant('cancel' as const), pick: fc.nat(), anyId: fc.boolean() }),
  fc.record({ kind: fc.constant('copyStart' as const), trader: fc.integer({ min: 1, max: 5 }), amount: fc.integer({ min: 500, max: 300_000 }) }),
  fc.record({ kind: fc.constant('copyStop' as const), trader: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ kind: fc.constant('dailyReturn' as const), trader: fc.integer({ min: 1, max: 4 }), bp: fc.integer({ min: -500, max: 500 }) }),
  fc.record({ kind: fc.constant('setPrice' as const), base, bp: fc.integer({ min: -500, max: 500 }) }),
  fc.record({ kind: fc.constant('advance' as const), seconds: fc.integer({ min: 0, max: 200_000 }) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

/** price × (1 + bp/10000), cut to the market's price precision, at least one unit of it. */
function nearPrice(fake: TestFake, b: Base, bp: number): string {
  const unit = 10n ** BigInt(8 - MARKETS[b].pp);
  const p = ((fake.prices.priceOf(b) as bigint) * BigInt(10_000 + bp)) / 10_000n;
  return formatDec8(p - (p % unit) > 0n ? p - (p % unit) : unit);
}

function run(fake: TestFake, a: Action, copyResults: bigint[]): void {
  const amount = (b: Base, steps: number) => formatDec8(dec(MARKETS[b].min) * BigInt(steps));
  switch (a.kind) {
    case 'spot':
      fake.post('/api/v1/spot/order', { market: a.base, pair: 'USDT', side: a.side, order_type: a.type, amount: amount(a.base, a.steps), price: nearPrice(fake, a.base, a.bp) }, TRADE);
      return;
    case 'margin':
    case 'futures':
      fake.post(`/api/v1/${a.kind}/order`, { market: a.base, pair: 'USDT', side: a.side, order_type: a.type, amount: amount(a.base, a.steps), price: nearPrice(fake, a.base, a.bp), leverage: a.leverage, duration_hours: a.hours }, TRADE);
      return;
    case 'binary':
      fake.post('/api/v1/binary/order', { market: a.base, pair: 'USDT', direction: a.direction, amount: formatDec8(BigInt(a.amount) * 1_000_000n), duration_minutes: a.minutes }, TRADE);
      return;
    case 'cancel': {
      // Mostly an open spot order (a real cancel); sometimes any id (not open, not spot, unknown).
      const open: any[] = fake.data('/api/v1/account/orders?type=spot&status=open', TRADE);
      const target = open.length > 0 && !a.anyId ? open[a.pick % open.length].id : (a.pick % 40) + 1;
      fake.post('/api/v1/spot/cancel', { order_id: target }, TRADE);
      return;
    }
    case 'copyStart':
      fake.post('/api/v1/copy/start', { lead_trader_id: a.trader, copy_amount: a.amount / 100 }, TRADE);
      return;
    case 'copyStop': {
      const res = fake.post('/api/v1/copy/stop', { lead_trader_id: a.trader }, TRADE);
      if (res.status === 200) copyResults.push(dec(res.body.data.result));
      return;
    }
    case 'dailyReturn':
      fake.post(`/__doppel/traders/${a.trader}`, { daily_return: formatDec8(BigInt(a.bp) * 10_000n) });
      return;
    case 'setPrice':
      fake.post(`/__doppel/prices/${a.base}`, { price_usd: nearPrice(fake, a.base, a.bp) });
      return;
    case 'advance':
      fake.advance(a.seconds);
      return;
  }
}

type Totals = Map<string, bigint>;
const add = (m: Totals, c: string, d: bigint) => m.set(c, (m.get(c) ?? 0n) + d);

function holdings(fake: TestFake): { total: Totals; locked: Totals } {
  const total: Totals = new Map();
  const locked: Totals = new Map();
  for (const row of fake.data('/api/v1/account/balances', TRADE)) {
    add(total, row.currency, dec(row.balance) + dec(row.locked));
    add(locked, row.currency, dec(row.locked));
  }
  return { total, locked };
}

function expectSame(actual: Totals, expected: Totals, what: string): void {
  for (const c of new Set([...actual.keys(), ...expected.keys()])) {
    expect(formatDec8(actual.get(c) ?? 0n), `${what} ${c}`).toBe(formatDec8(expected.get(c) ?? 0n));
  }
}

function check(fake: TestFake, initial: Totals, copyResults: bigint[]): void {
  const expected: Totals = new Map(initial);
  const locked: Totals = new Map();
  const orders: any[] = ['spot', 'margin', 'futures', 'binary'].flatMap((t) => fake.data(`/api/v1/account/orders?type=${t}&limit=100`, TRADE));
  for (const o of orders) {
    const amount = dec(o.amount);
    if (o.type === 'spot' && o.status === 'filled') {
      const cost = (amount * dec(o.fill_price)) / ONE;
      const sign = o.side === 'buy' ? 1n : -1n;
      add(expected, o.market, sign * amount);
      add(expected, o.pair, -sign * cost);
    }
    if (o.status === 'settled') add(expected, o.pair, dec(o.pnl));
    if (o.status === 'open') {
      if (o.type === 'spot') {
        if (o.side === 'buy') add(locked, o.pair, (amount * dec(o.price)) / ONE);
        else add(locked, o.market, amount);
      } else add(locked, o.pair, o.type === 'binary' ? amount : dec(o.margin));
    }
  }
  for (const r of copyResults) add(expected, 'USDT', r);
  const state = fake.data('/__doppel/summary');
  for (const r of state.copy_relations) if (r.status === 'active') add(locked, 'USDT', dec(r.copy_amount));
  const now = holdings(fake);
  expectSame(now.total, expected, 'total');
  expectSame(now.locked, locked, 'locked');
}

describe('money conservation (property)', () => {
  it('holds over random sequences of trading, copy and clock actions', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1000 }), fc.array(action, { minLength: 5, maxLength: 40, size: 'max' }), (seed, actions) => {
        const fake = createTestFake(seed);
        const initial = holdings(fake).total;
        const copyResults: bigint[] = [];
        for (const a of actions) {
          run(fake, a, copyResults);
          check(fake, initial, copyResults);
        }
      }),
      { numRuns: 60 },
    );
  });
});
