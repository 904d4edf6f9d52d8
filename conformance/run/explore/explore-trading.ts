// The trading explorer: requests drawn with fast-check (seeded by --seed) from the whole space the
// target lists, every market and symbol, both sides, every order kind and documented duration,
// each write followed by the reads that let the state checks judge it (balances after every write,
// listings with filters), and the first cancel and the first copy stop of a run sent twice (the
// second has nothing left to release or refund: trading §3). It asserts nothing itself: the judge
// does, on every exchange.
import fc from 'fast-check';
import type { CheckContext } from '../../act/context.js';
import { requestFields } from '../../act/arbitraries/request-schema.js';
import { toUnits } from '../../exchange/decimal.js';
import type { MarketFact } from '../../act/facts.js';
import { arr, obj } from '../../exchange/json-shape.js';
import { propertySeed } from '../../act/property.js';
import type { Exchange } from '../../types.js';

type Command =
  | { op: 'spot'; market: number; side: 'buy' | 'sell'; orderType: 'market' | 'limit' }
  | { op: 'margin' | 'futures'; market: number; side: 'long' | 'short'; orderType: 'market' | 'limit'; leverage: number; hours: number | undefined }
  | { op: 'binary'; market: number; direction: 'long' | 'short'; minutes: number; units: number }
  | { op: 'cancel'; pick: number }
  | { op: 'copy-start'; trader: number; extra: number }
  | { op: 'copy-stop'; pick: number }
  | { op: 'list'; type: string | undefined; status: string | undefined; limit: number }
  | { op: 'price'; symbol: number };

const KINDS = ['spot', 'margin', 'futures', 'binary'] as const;
const STATUSES = ['open', 'filled', 'cancelled', 'settled'] as const;

/** The enum spec/ gives a request field (e.g. the binary durations, decision trading.binary-durations). */
function enumOf(operationId: string, field: string): number[] {
  const f = requestFields('trading', operationId).find((x) => x.name === field);
  return (f?.enum ?? []).filter((v): v is number => typeof v === 'number');
}

/** One arbitrary per kind of command, with its weight among the random ones. */
function commands(ctx: CheckContext, writes: boolean): { arbitrary: fc.Arbitrary<Command>; weight: number }[] {
  const markets = Math.max(ctx.facts.markets.length, 1);
  const symbols = Math.max(ctx.facts.symbols.length, 1);
  const market = fc.nat(markets - 1);
  const maxHours = ctx.decisions['trading.futures-duration'];
  const reads = [
    { arbitrary: fc.record({ op: fc.constant('list' as const), type: fc.option(fc.constantFrom(...KINDS), { nil: undefined }), status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }), limit: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(100)) }), weight: 1 },
    { arbitrary: fc.record({ op: fc.constant('price' as const), symbol: fc.nat(symbols - 1) }), weight: 1 },
  ];
  if (!writes) return reads;
  const durations = enumOf('placeBinaryOrder', 'duration_minutes');
  const positions = (op: 'margin' | 'futures') =>
    fc.record({
      op: fc.constant(op),
      market,
      side: fc.constantFrom('long' as const, 'short' as const),
      orderType: fc.constantFrom('market' as const, 'limit' as const),
      leverage: fc.integer({ min: 1, max: 10 }),
      // The default (24), the shortest and any other documented duration (trading §4, decision trading.futures-duration).
      hours: fc.oneof(fc.constant(undefined), fc.constant(1), fc.integer({ min: 1, max: maxHours })),
    });
  return [
    { arbitrary: fc.record({ op: fc.constant('spot' as const), market, side: fc.constantFrom('buy' as const, 'sell' as const), orderType: fc.constant('market' as const) }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('spot' as const), market, side: fc.constantFrom('buy' as const, 'sell' as const), orderType: fc.constant('limit' as const) }), weight: 2 },
    { arbitrary: positions('margin'), weight: 1 },
    { arbitrary: positions('futures'), weight: 1 },
    { arbitrary: fc.record({ op: fc.constant('binary' as const), market, direction: fc.constantFrom('long' as const, 'short' as const), minutes: durations.length ? fc.constantFrom(...durations) : fc.constant(5), units: fc.integer({ min: 1, max: 3 }) }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat(9) }), weight: 2 },
    { arbitrary: fc.record({ op: fc.constant('copy-start' as const), trader: fc.nat(Math.max(ctx.facts.traders.length - 1, 0)), extra: fc.integer({ min: 0, max: 2 }) }), weight: 1 },
    { arbitrary: fc.record({ op: fc.constant('copy-stop' as const), pick: fc.nat(9) }), weight: 1 },
    ...reads,
  ];
}

/** Digits of a price within the market's precision. */
function priceText(value: number, m: MarketFact): string {
  const digits = Math.min(m.pricePrecision ?? 2, 8);
  return Math.max(value, 10 ** -digits).toFixed(digits);
}

class TradingDriver {
  /** Available balance per currency as the key's last read answered it (1e-8 units). */
  private available = new Map<string, bigint>();
  private resting: number[] = [];
  private copying = new Set<number>();
  private writes = 0;
  /** The writes already sent twice this run: once each is enough to show a target repeating an effect. */
  private repeated = new Set<string>();

  constructor(
    private readonly ctx: CheckContext,
    private readonly key: string,
  ) {}

  async balances(): Promise<void> {
    const ex = await this.ctx.call('getBalances', { key: this.key });
    if (ex.status !== 200) return;
    this.available.clear();
    for (const e of arr(obj(ex.json)['data']).map(obj)) {
      const units = toUnits(e['balance']);
      if (typeof e['currency'] === 'string' && units !== undefined) this.available.set(e['currency'], (this.available.get(e['currency']) ?? 0n) + units);
    }
  }

  private has(currency: string, units: bigint): boolean {
    return (this.available.get(currency) ?? 0n) >= units;
  }

  private async write(operationId: string, body: Record<string, unknown>): Promise<Exchange> {
    const ex = await this.ctx.call(operationId, { key: this.key, body });
    this.writes++;
    // Every write is followed by a read of the balances: the state checks compare the two reads.
    await this.balances();
    if (this.writes % 3 === 0) await this.list({ limit: '100' });
    return ex;
  }

  /** The write, and the first time in the run it was accepted, the same write again (each followed by its reads). */
  private async writeTwice(operationId: string, body: Record<string, unknown>): Promise<void> {
    const ex = await this.write(operationId, body);
    if (ex.status !== 200 || this.repeated.has(operationId)) return;
    this.repeated.add(operationId);
    await this.write(operationId, body);
  }

  async list(query: Record<string, string>): Promise<void> {
    await this.ctx.call('listOrders', { key: this.key, query });
  }

  async run(c: Command): Promise<void> {
    const { facts } = this.ctx;
    const m = 'market' in c ? facts.markets[c.market] : undefined;
    const price = m ? facts.prices[m.market] : undefined;
    const amount = m?.minAmount ?? '0.001';
    const units = toUnits(amount) ?? 0n;
    switch (c.op) {
      case 'list': {
        const q: Record<string, string> = { limit: String(c.limit) };
        if (c.type) q['type'] = c.type;
        if (c.status) q['status'] = c.status;
        return this.list(q);
      }
      case 'price': {
        const symbol = facts.symbols[c.symbol];
        if (symbol) await this.ctx.call('getPrice', { params: { symbol } });
        return;
      }
      case 'spot': {
        if (!m || price === undefined) return;
        const quoteNeeded = (units * (toUnits(price.toFixed(8)) ?? 0n)) / 100_000_000n;
        // A resting limit: a buy at half the price, a sell at twice it (so neither fills during the run).
        const body: Record<string, unknown> = { market: m.market, pair: m.pair, side: c.side, order_type: c.orderType, amount };
        if (c.orderType === 'limit') body['price'] = priceText(c.side === 'buy' ? price / 2 : price * 2, m);
        if (c.side === 'buy' ? !this.has(m.pair, quoteNeeded * 2n) : !this.has(m.market, units)) return;
        const ex = await this.write('placeSpotOrder', body);
        const placed = obj(obj(ex.json)['data']);
        if (ex.status === 200 && placed['status'] === 'open' && typeof placed['id'] === 'number') this.resting.push(placed['id']);
        return;
      }
      case 'margin':
      case 'futures': {
        if (!m || price === undefined) return;
        const leverage = Math.min(c.leverage, m.maxLeverage ?? 1);
        const body: Record<string, unknown> = { market: m.market, pair: m.pair, side: c.side, order_type: c.orderType, amount, leverage };
        if (c.orderType === 'limit') body['price'] = priceText(price, m);
        if (c.op === 'futures' && c.hours !== undefined) body['duration_hours'] = c.hours;
        const margin = (units * (toUnits(price.toFixed(8)) ?? 0n)) / 100_000_000n;
        if (!this.has(m.pair, margin * 2n)) return;
        await this.write(c.op === 'margin' ? 'placeMarginOrder' : 'placeFuturesOrder', body);
        return;
      }
      case 'binary': {
        if (!m || !this.has(m.pair, BigInt(c.units) * 100_000_000n)) return;
        await this.write('placeBinaryOrder', { market: m.market, pair: m.pair, direction: c.direction, amount: String(c.units), duration_minutes: c.minutes });
        return;
      }
      case 'cancel': {
        if (!this.resting.length) return;
        const [id] = this.resting.splice(c.pick % this.resting.length, 1);
        await this.writeTwice('cancelSpotOrder', { order_id: id });
        return;
      }
      case 'copy-start': {
        const t = facts.traders[c.trader];
        if (!t || this.copying.has(t.id)) return;
        const amountUsdt = Math.ceil(t.minCopyAmount) + c.extra;
        if (!this.has('USDT', BigInt(amountUsdt) * 100_000_000n * 2n)) return;
        const ex = await this.write('startCopy', { lead_trader_id: t.id, copy_amount: amountUsdt });
        if (ex.status !== 200) return;
        this.copying.add(t.id);
        // The lead traders listed while the copy runs hold the copied one (listings-hold-accepted).
        await this.ctx.call('listCopyTraders', { key: this.key });
        return;
      }
      case 'copy-stop': {
        const active = [...this.copying];
        const id = active[c.pick % Math.max(active.length, 1)];
        if (id === undefined) return;
        this.copying.delete(id);
        await this.writeTwice('stopCopy', { lead_trader_id: id });
        return;
      }
    }
  }

  /** Cancels what rests and stops what copies, each followed by its reads, then lists what is left. */
  async cleanup(): Promise<void> {
    while (this.resting.length) await this.run({ op: 'cancel', pick: 0 });
    while (this.copying.size) await this.run({ op: 'copy-stop', pick: 0 });
    await this.list({ limit: '100' });
    await this.list({ status: 'open', limit: '100' });
    await this.balances();
  }
}

/** Commands a run explores: a tenth of --runs against a URL, more against the embedded fake. */
const commandCount = (ctx: CheckContext, writes: boolean): number => (writes ? (ctx.embedded ? Math.max(20, ctx.runs / 2) : Math.min(40, Math.max(12, ctx.runs / 4))) : 8);

export async function exploreTrading(ctx: CheckContext): Promise<void> {
  const key = ctx.trading.key ?? ctx.trading.readKey;
  const symbols = ctx.facts.symbols;
  // Every symbol the target lists, once (resource-relations: price.unchanging).
  for (const symbol of symbols) await ctx.call('getPrice', { params: { symbol } });
  // And each market's base the prices leave out: a symbol /price answers is a key of /prices (listings-hold-accepted).
  for (const base of new Set(ctx.facts.markets.map((m) => m.market))) if (!symbols.includes(base)) await ctx.call('getPrice', { params: { symbol: base } });
  if (key === undefined) return;
  // Account ids tell the keys' accounts apart (decision trading.account-fields), so that a write
  // through one is not taken to move the other's balances.
  for (const k of new Set([ctx.trading.key, ctx.trading.readKey])) if (k !== undefined) await ctx.call('getAccount', { key: k });
  const writes = ctx.allowWrites && ctx.trading.key !== undefined;
  const driver = new TradingDriver(ctx, writes ? (ctx.trading.key as string) : key);
  await driver.balances();
  // One command of each kind first (so that every kind is judged in every run), then random ones.
  const kinds = commands(ctx, writes);
  const seed = propertySeed(ctx.seed, 'explore-trading');
  const firsts = kinds.map((k, i) => fc.sample(k.arbitrary, { seed: seed + i, numRuns: 1 })[0] as Command);
  const plan = [...firsts, ...fc.sample(fc.oneof(...kinds), { seed, numRuns: commandCount(ctx, writes) })];
  for (const c of plan) await driver.run(c);
  if (writes) await driver.cleanup();
  else await driver.balances();
}

