// The trading explorer: requests drawn with fast-check (seeded by --seed) from the whole space the
// target lists, every market and symbol, both sides, every order kind and documented duration,
// each write followed by the reads that let the state checks judge it (balances after every write,
// listings with filters), and the first cancel and the first copy stop of a run sent twice (the
// second has nothing left to release or refund: trading §3); then, for every input class
// (act/input-classes.ts) no accepted request showed yet, one request of it. It asserts nothing
// itself: the judge does, on every exchange.
import fc from 'fast-check';
import type { CheckContext } from '../../act/context.js';
import { queryFields, requestFields } from '../../act/arbitraries/request-schema.js';
import { ABSENT, AS_DRAWN, classValue, inputClasses, noteUnsent, withClass, type InputClass } from '../../act/input-classes.js';
import { sentSoFar } from '../../judge/input-coverage.js';
import { orderMarket } from '../../act/valid-requests.js';
import { toUnits } from '../../exchange/decimal.js';
import type { MarketFact } from '../../act/facts.js';
import { arr, obj } from '../../exchange/json-shape.js';
import { propertySeed } from '../../act/property.js';
import type { Exchange } from '../../types.js';

/** Body fields an input class sets on a drawn order (ABSENT: left out). */
type Set = Readonly<Record<string, unknown>>;

type Command =
  | { op: 'spot'; market: number; side: 'buy' | 'sell'; orderType: 'market' | 'limit'; set?: Set }
  | { op: 'margin' | 'futures'; market: number; side: 'long' | 'short'; orderType: 'market' | 'limit'; leverage: number | undefined; hours: number | undefined; set?: Set }
  | { op: 'binary'; market: number; direction: 'long' | 'short'; minutes: number; units: number; set?: Set }
  | { op: 'cancel'; pick: number }
  | { op: 'copy-start'; trader: number; extra: number; exact?: boolean }
  | { op: 'copy-stop'; pick: number }
  | { op: 'list'; type: string | undefined; status: string | undefined; limit: number }
  | { op: 'price'; symbol: number };

const ORDER_OP: Readonly<Record<string, 'spot' | 'margin' | 'futures' | 'binary'>> = {
  placeSpotOrder: 'spot',
  placeMarginOrder: 'margin',
  placeFuturesOrder: 'futures',
  placeBinaryOrder: 'binary',
};

/** The values spec/ gives a query parameter of the orders listing (its kinds and statuses). */
const listingValues = (name: string): string[] => (queryFields('trading', 'listOrders').find((f) => f.name === name)?.enum ?? []).filter((v): v is string => typeof v === 'string');
const KINDS = listingValues('type');
const STATUSES = listingValues('status');

/** The enum spec/ gives a request field (e.g. the binary durations, decision trading.binary-durations). */
function enumOf(operationId: string, field: string): number[] {
  const f = requestFields('trading', operationId).find((x) => x.name === field);
  return (f?.enum ?? []).filter((v): v is number => typeof v === 'number');
}

/** The arbitrary of each kind of command. */
function arbitraries(ctx: CheckContext) {
  const market = fc.nat(Math.max(ctx.facts.markets.length, 1) - 1);
  const maxHours = ctx.decisions['trading.futures-duration'];
  const durations = enumOf('placeBinaryOrder', 'duration_minutes');
  const positions = <Op extends 'margin' | 'futures'>(op: Op) =>
    fc.record({
      op: fc.constant(op),
      market,
      side: fc.constantFrom('long' as const, 'short' as const),
      orderType: fc.constantFrom('market' as const, 'limit' as const),
      // Left out (the default 1, trading §4), or up to 10 (capped at the market's max_leverage).
      leverage: fc.option(fc.integer({ min: 1, max: 10 }), { nil: undefined }),
      // The default (24), the shortest and any other documented duration (trading §4, decision trading.futures-duration).
      hours: fc.oneof(fc.constant(undefined), fc.constant(1), fc.integer({ min: 1, max: maxHours })),
    });
  return {
    spotMarket: fc.record({ op: fc.constant('spot' as const), market, side: fc.constantFrom('buy' as const, 'sell' as const), orderType: fc.constant('market' as const) }),
    spotLimit: fc.record({ op: fc.constant('spot' as const), market, side: fc.constantFrom('buy' as const, 'sell' as const), orderType: fc.constant('limit' as const) }),
    margin: positions('margin'),
    futures: positions('futures'),
    binary: fc.record({ op: fc.constant('binary' as const), market, direction: fc.constantFrom('long' as const, 'short' as const), minutes: durations.length ? fc.constantFrom(...durations) : fc.constant(5), units: fc.integer({ min: 1, max: 3 }) }),
    cancel: fc.record({ op: fc.constant('cancel' as const), pick: fc.nat(9) }),
    copyStart: fc.record({ op: fc.constant('copy-start' as const), trader: fc.nat(Math.max(ctx.facts.traders.length - 1, 0)), extra: fc.integer({ min: 0, max: 2 }) }),
    copyStop: fc.record({ op: fc.constant('copy-stop' as const), pick: fc.nat(9) }),
    list: fc.record({ op: fc.constant('list' as const), type: fc.option(fc.constantFrom(...KINDS), { nil: undefined }), status: fc.option(fc.constantFrom(...STATUSES), { nil: undefined }), limit: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constant(100)) }),
    price: fc.record({ op: fc.constant('price' as const), symbol: fc.nat(Math.max(ctx.facts.symbols.length, 1) - 1) }),
  };
}

/** One arbitrary per kind of command, with its weight among the random ones. */
function commands(ctx: CheckContext, writes: boolean): { arbitrary: fc.Arbitrary<Command>; weight: number }[] {
  const a = arbitraries(ctx);
  const reads = [
    { arbitrary: a.list, weight: 1 },
    { arbitrary: a.price, weight: 1 },
  ];
  if (!writes) return reads;
  return [
    { arbitrary: a.spotMarket, weight: 2 },
    { arbitrary: a.spotLimit, weight: 2 },
    { arbitrary: a.margin, weight: 1 },
    { arbitrary: a.futures, weight: 1 },
    { arbitrary: a.binary, weight: 2 },
    { arbitrary: a.cancel, weight: 2 },
    { arbitrary: a.copyStart, weight: 1 },
    { arbitrary: a.copyStop, weight: 1 },
    ...reads,
  ];
}

/** The body with the class's fields set (ABSENT: left out). */
function applySet(body: Record<string, unknown>, set: Set | undefined): Record<string, unknown> {
  for (const [field, value] of Object.entries(set ?? {})) {
    if (value === AS_DRAWN) continue;
    if (value === ABSENT) delete body[field];
    else body[field] = value;
  }
  return body;
}

/**
 * The order type a drawn order takes under the class's fields: price applies to limit orders only
 * (trading §4 Gaps), so a class that leaves price out is a market order and one that sends it a
 * limit order; a class of order_type is that type.
 */
function orderTypeUnder(set: Set | undefined, drawn: 'market' | 'limit'): 'market' | 'limit' {
  const type = set?.['order_type'];
  if (type === 'market' || type === 'limit') return type;
  if (set && 'price' in set) return set['price'] === ABSENT ? 'market' : 'limit';
  return drawn;
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

  /** Sends the command with the reads after it; or says why it sent nothing (no market, too little money). */
  async run(c: Command): Promise<string | undefined> {
    const { facts } = this.ctx;
    const m = 'market' in c ? facts.markets[c.market] : undefined;
    const price = m ? facts.prices[m.market] : undefined;
    const amount = m?.minAmount ?? '0.001';
    const units = toUnits(amount) ?? 0n;
    const noMarket = 'the target listed no market with a price';
    const short = (currency: string) => `the --trading-key's account has too little ${currency} available`;
    switch (c.op) {
      case 'list': {
        const q: Record<string, string> = { limit: String(c.limit) };
        if (c.type) q['type'] = c.type;
        if (c.status) q['status'] = c.status;
        return void (await this.list(q));
      }
      case 'price': {
        const symbol = facts.symbols[c.symbol];
        if (symbol) await this.ctx.call('getPrice', { params: { symbol } });
        return;
      }
      case 'spot': {
        if (!m || price === undefined) return noMarket;
        const quoteNeeded = (units * (toUnits(price.toFixed(8)) ?? 0n)) / 100_000_000n;
        const orderType = orderTypeUnder(c.set, c.orderType);
        // A resting limit: a buy at half the price, a sell at twice it (so neither fills during the run).
        const body: Record<string, unknown> = { market: m.market, pair: m.pair, side: c.side, order_type: orderType, amount };
        if (orderType === 'limit') body['price'] = priceText(c.side === 'buy' ? price / 2 : price * 2, m);
        applySet(body, c.set);
        const buy = body['side'] === 'buy';
        if (buy ? !this.has(m.pair, quoteNeeded * 2n) : !this.has(m.market, units)) return short(buy ? m.pair : m.market);
        const ex = await this.write('placeSpotOrder', body);
        const placed = obj(obj(ex.json)['data']);
        if (ex.status === 200 && placed['status'] === 'open' && typeof placed['id'] === 'number') this.resting.push(placed['id']);
        return;
      }
      case 'margin':
      case 'futures': {
        if (!m || price === undefined) return noMarket;
        const orderType = orderTypeUnder(c.set, c.orderType);
        const body: Record<string, unknown> = { market: m.market, pair: m.pair, side: c.side, order_type: orderType, amount };
        if (c.leverage !== undefined) body['leverage'] = Math.min(c.leverage, m.maxLeverage ?? 1);
        if (orderType === 'limit') body['price'] = priceText(price, m);
        if (c.op === 'futures' && c.hours !== undefined) body['duration_hours'] = c.hours;
        applySet(body, c.set);
        const margin = (units * (toUnits(price.toFixed(8)) ?? 0n)) / 100_000_000n;
        if (!this.has(m.pair, margin * 2n)) return short(m.pair);
        await this.write(c.op === 'margin' ? 'placeMarginOrder' : 'placeFuturesOrder', body);
        return;
      }
      case 'binary': {
        if (!m) return noMarket;
        if (!this.has(m.pair, BigInt(c.units) * 100_000_000n)) return short(m.pair);
        await this.write('placeBinaryOrder', applySet({ market: m.market, pair: m.pair, direction: c.direction, amount: String(c.units), duration_minutes: c.minutes }, c.set));
        return;
      }
      case 'cancel': {
        if (!this.resting.length) return 'no order of the run rests';
        const [id] = this.resting.splice(c.pick % this.resting.length, 1);
        await this.writeTwice('cancelSpotOrder', { order_id: id });
        return;
      }
      case 'copy-start': {
        const t = facts.traders[c.trader];
        if (!t) return 'the target listed no lead trader';
        if (this.copying.has(t.id)) return `lead trader ${t.id} is copied already`;
        // exact: the trader's min_copy_amount itself (decision trading.copy-semantics), else a whole number of USDT at least that.
        const amountUsdt = c.exact ? t.minCopyAmount : Math.ceil(t.minCopyAmount) + c.extra;
        if (!this.has('USDT', (toUnits(amountUsdt) ?? 0n) * 2n)) return short('USDT');
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
        if (id === undefined) return 'no copy of the run runs';
        this.copying.delete(id);
        await this.writeTwice('stopCopy', { lead_trader_id: id });
        return;
      }
    }
  }

  /** Lead traders the run does not copy now, by index in the facts. */
  freeTrader(): number | undefined {
    const i = this.ctx.facts.traders.findIndex((t) => !this.copying.has(t.id));
    return i === -1 ? undefined : i;
  }

  /** Cancels what rests and stops what copies, each followed by its reads, then lists what is left. */
  async cleanup(): Promise<void> {
    while (this.resting.length) await this.run({ op: 'cancel', pick: 0 });
    while (this.copying.size) await this.run({ op: 'copy-stop', pick: 0 });
    await this.list({ limit: '100' });
    // Each status the listing filters by, over every kind: what the run's orders ended as must be
    // there and nothing else (orders-listing-query, order-in-listing).
    for (const status of STATUSES) await this.list({ status, limit: '100' });
    await this.balances();
  }
}

/** Commands a run explores: a tenth of --runs against a URL, more against the embedded fake. */
const commandCount = (ctx: CheckContext, writes: boolean): number => (writes ? (ctx.embedded ? Math.max(20, ctx.runs / 2) : Math.min(40, Math.max(12, ctx.runs / 4))) : 8);

/** Draws of an order a class is tried on before the explorer gives up on it (another market or side may be affordable). */
const DRAWS = 3;

/**
 * One request of the class: the listing with it, or an order drawn as the random ones are with
 * the class's field set (on the market the checker trades on first, then drawn ones). Undefined
 * when sent; else why not.
 */
async function sendClass(ctx: CheckContext, driver: TradingDriver, c: InputClass, seed: number): Promise<string | undefined> {
  if (c.operationId === 'listOrders') return void (await driver.list(withClass(c, { limit: '100' }, String)));
  if (c.operationId === 'startCopy') {
    const trader = driver.freeTrader();
    return trader === undefined ? 'every lead trader listed is copied already' : driver.run({ op: 'copy-start', trader, extra: 0, exact: c.bound === 'trader-min-copy' });
  }
  const kind = ORDER_OP[c.operationId];
  if (!kind) return 'the explorer sends no request of this operation';
  const a = arbitraries(ctx);
  const arbitrary: fc.Arbitrary<Command> = kind === 'spot' ? fc.oneof(a.spotMarket, a.spotLimit) : a[kind];
  const home = ctx.facts.markets.indexOf(orderMarket(ctx.facts));
  let why: string | undefined = 'no draw';
  for (let draw = 0; draw < DRAWS; draw++) {
    const base = fc.sample(arbitrary, { seed: seed + draw, numRuns: 1 })[0] as Command & { market: number };
    const market = ctx.facts.markets[draw === 0 && home >= 0 ? home : base.market];
    const value = classValue(c);
    if (c.bound === 'market-min-amount' && market?.minAmount === undefined) return 'the target listed no market with a min_amount';
    if (c.bound === 'market-max-leverage' && market?.maxLeverage === undefined) return 'the target listed no market with a max_leverage';
    const set = { [c.field]: c.bound === 'market-max-leverage' ? market?.maxLeverage : value };
    why = await driver.run({ ...base, market: draw === 0 && home >= 0 ? home : base.market, set } as Command);
    if (why === undefined) return undefined;
  }
  return why;
}

/**
 * For each trading input class (act/input-classes.ts) no accepted request of the run showed yet,
 * one request of it: the listing's query classes always, every order and copy body's with writes.
 */
async function coverClasses(ctx: CheckContext, driver: TradingDriver, writes: boolean, seed: number): Promise<void> {
  const classes = inputClasses(['trading'], ctx.decisions);
  const sent = sentSoFar(classes, ctx.client.exchanges);
  const mine = classes.filter((c) => c.operationId === 'listOrders' || (writes && (ORDER_OP[c.operationId] !== undefined || c.operationId === 'startCopy')));
  for (const [i, c] of mine.entries()) {
    if (sent(c)) continue;
    const why = await sendClass(ctx, driver, c, seed + 100 + i * DRAWS);
    if (why) noteUnsent(ctx, c, why);
  }
}

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
  // One command of each kind first (so that every kind is judged in every run), then random ones,
  // then one of each input class none of those showed.
  const kinds = commands(ctx, writes);
  const seed = propertySeed(ctx.seed, 'explore-trading');
  const firsts = kinds.map((k, i) => fc.sample(k.arbitrary, { seed: seed + i, numRuns: 1 })[0] as Command);
  const plan = [...firsts, ...fc.sample(fc.oneof(...kinds), { seed, numRuns: commandCount(ctx, writes) })];
  for (const c of plan) await driver.run(c);
  await coverClasses(ctx, driver, writes, seed);
  if (writes) await driver.cleanup();
  else await driver.balances();
}
