// The concurrency load of test/robustness: many clients drive both interfaces at once with mixed reads and
// writes on SHARED accounts (several clients per trading key and per wallet user), plus admin
// clock moves, price pins and transaction failures; every acknowledged (200) write is recorded so
// that check-invariants.ts can account for every unit of money afterwards.
import { generateAddress } from '../../../mock/domain/wallet/address-format.js';
import { createRng } from '../../../mock/domain/rng.js';
import { dec } from '../../../mock/domain/decimal.js';
import type { CheckedClient } from './http-client.js';

export interface LoadOptions {
  clients: number;
  /** Stop starting requests after this long (ms) … */
  durationMs?: number;
  /** … or after this many requests in all, whichever comes first. */
  maxRequests?: number;
  seed: number;
  /** Trading accounts; clients share them round-robin. */
  accounts: number;
  /** Wallet users (each with three wallets); clients share them round-robin. */
  walletUsers: number;
  /** Kinds of request left out of the mix by name (e.g. 'state': the admin export of the whole state). */
  skip?: string[];
}

export interface TradingAccount {
  key: string;
  accountId: number;
}

export interface LoadWallet {
  id: number;
  chain: 'ethereum' | 'tron';
  address: string;
  userIndex: number;
}

export interface LoadWorld {
  accounts: TradingAccount[];
  walletKeys: string[];
  wallets: LoadWallet[];
  /** Valid addresses outside the fake, per chain. */
  outside: Record<'ethereum' | 'tron', string[]>;
  lastPrice: Map<string, number>;
}

export interface AckedOrder {
  id: number;
  accountId: number;
  type: string;
  market: string;
  side: string | null;
  amount: string;
}

export interface AckedSend {
  hash: string;
  fromWalletId: number;
  toWalletId: number | null;
  chain: string;
  tokenId: number | null;
  amount: bigint;
}

export interface LoadRecord {
  orders: Map<number, AckedOrder>;
  cancels: Set<number>;
  /** Per `${accountId}:${traderId}`: acknowledged starts and stops, and the results stops paid. */
  copies: Map<string, { starts: number; stops: number; results: bigint[] }>;
  sends: Map<string, AckedSend>;
  /** The last RECENT_SENDS hashes of `sends`, oldest first: what the admin fails pick from. */
  recentSends: string[];
  deposits: Array<{ hash: string; walletId: number; tokenId: number | null; amount: bigint }>;
  failed: Set<string>;
  createdWallets: LoadWallet[];
  /** operation → status → count. */
  statuses: Map<string, Map<number, number>>;
  clockMoves: number;
  priceSets: number;
  elapsedMs: number;
}

const BASES = {
  BTC: { unit: '0.0001', maxSteps: 100, pp: 2 },
  ETH: { unit: '0.001', maxSteps: 100, pp: 2 },
  DOGE: { unit: '1', maxSteps: 1000, pp: 5 },
} as const;
type Base = keyof typeof BASES;
const BASE_NAMES = Object.keys(BASES) as Base[];

/** mulberry32: a tiny seeded generator for the clients' choices (not the fake's rng). */
function chooser(seed: number) {
  let a = seed >>> 0;
  const next = (): number => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, int, pick };
}

function times(unit: string, k: number): string {
  const [i = '0', f = ''] = unit.split('.');
  const scaled = (BigInt(i + f) * BigInt(k)).toString().padStart(f.length + 1, '0');
  return f.length === 0 ? scaled : `${scaled.slice(0, -f.length)}.${scaled.slice(-f.length)}`;
}

function expect200(answer: { status: number; body: any }, what: string): any {
  if (answer.status !== 200) throw new Error(`load set-up: ${what} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Accounts, users, wallets and funds through the public and admin APIs. */
export async function prepareLoad(http: CheckedClient, options: LoadOptions): Promise<LoadWorld> {
  const accounts: TradingAccount[] = [];
  for (let i = 0; i < options.accounts; i++) {
    const body = expect200(
      await http.call('trading', 'POST', '/__doppel/keys', {
        body: {
          name: `load account ${i}`,
          permissions: ['read', 'trade'],
          balances: [
            { currency: 'USDT', chain: 'tron', balance: '1000000' },
            { currency: 'BTC', chain: 'bitcoin', balance: '20' },
            { currency: 'ETH', chain: 'ethereum', balance: '200' },
            { currency: 'DOGE', chain: 'dogecoin', balance: '2000000' },
          ],
        },
      }),
      'POST /__doppel/keys',
    );
    accounts.push({ key: body.data.key, accountId: body.data.account_id });
  }
  const walletKeys: string[] = [];
  const wallets: LoadWallet[] = [];
  for (let u = 0; u < options.walletUsers; u++) {
    const email = `load-${options.seed}-${u}@doppel.test`;
    const reg = expect200(await http.call('wallet', 'POST', '/api/v1/register', { body: { name: `Load ${u}`, email, password: `pw-${u}-secret` } }), 'register');
    const key = expect200(await http.call('wallet', 'POST', '/__doppel/api-keys', { body: { user_id: reg.user_id } }), 'api-keys').data.key as string;
    walletKeys.push(key);
    for (const chain of ['ethereum', 'ethereum', 'tron'] as const) {
      const w = expect200(await http.call('wallet', 'POST', '/api/v1/wallets/create', { body: { chain }, headers: { 'x-api-key': key } }), 'wallets/create').wallet;
      wallets.push({ id: w.id, chain, address: w.address, userIndex: u });
      const fund: Array<[string, number | null]> = chain === 'ethereum' ? [['10', null], ['10000', 1]] : [['100000', null], ['10000', 3]];
      for (const [amount, tokenId] of fund) {
        expect200(await http.call('wallet', 'POST', '/__doppel/deposit', { body: { wallet_id: w.id, amount, token_id: tokenId } }), 'deposit');
      }
    }
  }
  const rng = createRng(options.seed).fork('robustness-outside');
  const outside = {
    ethereum: Array.from({ length: 4 }, () => generateAddress('evm', rng)),
    tron: Array.from({ length: 4 }, () => generateAddress('tron', rng)),
  };
  const prices = expect200(await http.call('trading', 'GET', '/api/v1/prices'), 'prices').data as Record<string, { price_usd: number }>;
  const lastPrice = new Map(BASE_NAMES.map((b) => [b as string, prices[b]?.price_usd ?? 1]));
  return { accounts, walletKeys, wallets, outside, lastPrice };
}

type Op = (ctx: ClientContext) => Promise<void>;
interface ClientContext {
  http: CheckedClient;
  world: LoadWorld;
  record: LoadRecord;
  account: TradingAccount;
  walletKey: string;
  userIndex: number;
  rnd: ReturnType<typeof chooser>;
  openLimits: Map<number, number[]>;
}

function count(record: LoadRecord, op: string, status: number): void {
  let byStatus = record.statuses.get(op);
  if (byStatus === undefined) record.statuses.set(op, (byStatus = new Map()));
  byStatus.set(status, (byStatus.get(status) ?? 0) + 1);
}

async function trading(ctx: ClientContext, op: string, method: string, target: string, body?: unknown, admin = false) {
  const answer = await ctx.http.call('trading', method, target, { ...(body !== undefined ? { body } : {}), ...(admin ? {} : { headers: { 'api-key': ctx.account.key } }) });
  count(ctx.record, op, answer.status);
  return answer;
}

async function wallet(ctx: ClientContext, op: string, method: string, target: string, body?: unknown, admin = false) {
  const answer = await ctx.http.call('wallet', method, target, { ...(body !== undefined ? { body } : {}), ...(admin ? {} : { headers: { 'x-api-key': ctx.walletKey } }) });
  count(ctx.record, op, answer.status);
  return answer;
}

function nearPrice(ctx: ClientContext, base: Base, bp: number): string {
  const p = (ctx.world.lastPrice.get(base) ?? 1) * (1 + bp / 10_000);
  const min = 10 ** -BASES[base].pp;
  return Math.max(p, min).toFixed(BASES[base].pp);
}

function ackOrder(ctx: ClientContext, answer: { status: number; body: any }): void {
  if (answer.status !== 200) return;
  const o = answer.body.data;
  ctx.record.orders.set(o.id, { id: o.id, accountId: ctx.account.accountId, type: o.type, market: o.market, side: o.side, amount: o.amount });
  if (o.type === 'spot' && o.status === 'open') {
    const list = ctx.openLimits.get(ctx.account.accountId) ?? [];
    list.push(o.id);
    ctx.openLimits.set(ctx.account.accountId, list);
  }
}

const orderBody = (ctx: ClientContext, base: Base, sideOrDirection: Record<string, string>, limit: boolean): Record<string, unknown> => ({
  market: base,
  pair: 'USDT',
  ...sideOrDirection,
  order_type: limit ? 'limit' : 'market',
  amount: times(BASES[base].unit, ctx.rnd.int(1, BASES[base].maxSteps)),
  ...(limit ? { price: nearPrice(ctx, base, ctx.rnd.int(-100, 100)) } : {}),
});

const OPS: Array<[weight: number, name: string, op: Op]> = [
  [8, 'balances', async (ctx) => void (await trading(ctx, 'getBalances', 'GET', '/api/v1/account/balances'))],
  [5, 'orders', async (ctx) => {
    const type = ctx.rnd.pick(['', 'spot', 'margin', 'futures', 'binary']);
    const status = ctx.rnd.pick(['', 'open', 'filled', 'cancelled', 'settled']);
    const q = [type && `type=${type}`, status && `status=${status}`, `limit=${ctx.rnd.int(1, 100)}`].filter(Boolean).join('&');
    await trading(ctx, 'listOrders', 'GET', `/api/v1/account/orders?${q}`);
  }],
  [2, 'account', async (ctx) => void (await trading(ctx, 'getAccount', 'GET', '/api/v1/account'))],
  [3, 'prices', async (ctx) => {
    const answer = await trading(ctx, 'getPrices', 'GET', '/api/v1/prices');
    if (answer.status === 200) for (const b of BASE_NAMES) ctx.world.lastPrice.set(b, answer.body.data[b].price_usd);
  }],
  [2, 'price', async (ctx) => {
    const base = ctx.rnd.pick(BASE_NAMES);
    const answer = await trading(ctx, 'getPrice', 'GET', `/api/v1/price/${ctx.rnd.next() < 0.5 ? base : base.toLowerCase()}`);
    if (answer.status === 200) ctx.world.lastPrice.set(base, answer.body.data.price_usd);
  }],
  [1, 'markets', async (ctx) => void (await trading(ctx, 'getMarkets', 'GET', '/api/v1/markets'))],
  [2, 'traders', async (ctx) => void (await trading(ctx, 'listCopyTraders', 'GET', '/api/v1/copy/traders'))],
  [10, 'spot market', async (ctx) => {
    const base = ctx.rnd.pick(BASE_NAMES);
    ackOrder(ctx, await trading(ctx, 'placeSpotOrder', 'POST', '/api/v1/spot/order', orderBody(ctx, base, { side: ctx.rnd.pick(['buy', 'sell']) }, false)));
  }],
  [10, 'spot limit', async (ctx) => {
    const base = ctx.rnd.pick(BASE_NAMES);
    ackOrder(ctx, await trading(ctx, 'placeSpotOrder', 'POST', '/api/v1/spot/order', orderBody(ctx, base, { side: ctx.rnd.pick(['buy', 'sell']) }, true)));
  }],
  [6, 'cancel', async (ctx) => {
    const list = ctx.openLimits.get(ctx.account.accountId) ?? [];
    // Mostly an order some client of this account placed (maybe filled or cancelled meanwhile);
    // sometimes any id (another account's, a position, unknown).
    const id = list.length > 0 && ctx.rnd.next() < 0.85 ? (list.splice(ctx.rnd.int(0, list.length - 1), 1)[0] as number) : ctx.rnd.int(1, 5000);
    const answer = await trading(ctx, 'cancelSpotOrder', 'POST', '/api/v1/spot/cancel', { order_id: id });
    if (answer.status === 200) ctx.record.cancels.add(id);
  }],
  [4, 'margin', async (ctx) => {
    const base = ctx.rnd.pick(BASE_NAMES);
    const body = { ...orderBody(ctx, base, { side: ctx.rnd.pick(['long', 'short']) }, ctx.rnd.next() < 0.5), leverage: ctx.rnd.int(1, 20) };
    ackOrder(ctx, await trading(ctx, 'placeMarginOrder', 'POST', '/api/v1/margin/order', body));
  }],
  [4, 'futures', async (ctx) => {
    const base = ctx.rnd.pick(BASE_NAMES);
    const body = { ...orderBody(ctx, base, { side: ctx.rnd.pick(['long', 'short']) }, ctx.rnd.next() < 0.5), leverage: ctx.rnd.int(1, 20), duration_hours: ctx.rnd.int(1, 3) };
    ackOrder(ctx, await trading(ctx, 'placeFuturesOrder', 'POST', '/api/v1/futures/order', body));
  }],
  [5, 'binary', async (ctx) => {
    const body = { market: ctx.rnd.pick(BASE_NAMES), pair: 'USDT', direction: ctx.rnd.pick(['long', 'short']), amount: `${ctx.rnd.int(1, 100)}.00`, duration_minutes: ctx.rnd.pick([1, 5]) };
    ackOrder(ctx, await trading(ctx, 'placeBinaryOrder', 'POST', '/api/v1/binary/order', body));
  }],
  [3, 'copy start', async (ctx) => {
    const trader = ctx.rnd.int(1, 4);
    const answer = await trading(ctx, 'startCopy', 'POST', '/api/v1/copy/start', { lead_trader_id: trader, copy_amount: ctx.rnd.int(100, 500) });
    if (answer.status === 200) copyEntry(ctx, trader).starts++;
  }],
  [3, 'copy stop', async (ctx) => {
    const trader = ctx.rnd.int(1, 4);
    const answer = await trading(ctx, 'stopCopy', 'POST', '/api/v1/copy/stop', { lead_trader_id: trader });
    if (answer.status === 200) {
      const entry = copyEntry(ctx, trader);
      entry.stops++;
      entry.results.push(dec(answer.body.data.result));
    }
  }],
  [1, 'clock', async (ctx) => {
    const answer = await trading(ctx, 'adminAdvanceClock', 'POST', '/__doppel/clock', { advance_seconds: ctx.rnd.int(1, 600) }, true);
    if (answer.status === 200) ctx.record.clockMoves++;
  }],
  [1, 'set price', async (ctx) => {
    const base = ctx.rnd.pick(BASE_NAMES);
    const answer = await trading(ctx, 'adminSetPrice', 'POST', `/__doppel/prices/${base}`, { price_usd: nearPrice(ctx, base, ctx.rnd.int(-150, 150)) }, true);
    if (answer.status === 200) {
      ctx.record.priceSets++;
      ctx.world.lastPrice.set(base, answer.body.data.price_usd);
    }
  }],
  [12, 'send in-fake', async (ctx) => send(ctx, true)],
  [2, 'send outside', async (ctx) => send(ctx, false)],
  [3, 'wallets', async (ctx) => void (await wallet(ctx, 'listWallets', 'GET', '/api/v1/wallets'))],
  [3, 'wallet balance', async (ctx) => void (await wallet(ctx, 'getWalletBalance', 'GET', `/api/v1/wallets/${ownWallet(ctx).id}/balance`))],
  [3, 'transactions', async (ctx) => void (await wallet(ctx, 'listWalletTransactions', 'GET', `/api/v1/wallets/${ownWallet(ctx).id}/transactions?limit=${ctx.rnd.int(1, 100)}`))],
  [1, 'wallet prices', async (ctx) => void (await wallet(ctx, 'getWalletPrices', 'GET', '/api/v1/prices?symbols=BTC,eth,USDT,nope'))],
  [1, 'chains', async (ctx) => void (await wallet(ctx, 'listChains', 'GET', '/api/v1/chains'))],
  [1, 'deposit', async (ctx) => {
    const w = ctx.rnd.pick(ctx.world.wallets);
    const tokenId = ctx.rnd.next() < 0.5 ? null : w.chain === 'ethereum' ? 1 : 3;
    const amount = tokenId === null && w.chain === 'ethereum' ? '0.5' : '100';
    const answer = await wallet(ctx, 'adminWalletDeposit', 'POST', '/__doppel/deposit', { wallet_id: w.id, amount, token_id: tokenId }, true);
    if (answer.status === 200) ctx.record.deposits.push({ hash: answer.body.data.tx_hash, walletId: w.id, tokenId, amount: dec(amount) });
  }],
  [1, 'fail', async (ctx) => {
    // Not [...sends.keys()]: copying every hash on each pick made a long (soak) run's clients slow.
    const hashes = ctx.record.recentSends;
    if (hashes.length === 0) return;
    const hash = hashes[hashes.length - 1 - ctx.rnd.int(0, Math.min(20, hashes.length - 1))] as string;
    const answer = await wallet(ctx, 'adminWalletFailTransaction', 'POST', `/__doppel/transactions/${hash}/fail`, undefined, true);
    if (answer.status === 200) ctx.record.failed.add(hash);
  }],
  [0.3, 'create wallet', async (ctx) => {
    const chain = ctx.rnd.pick(['ethereum', 'tron'] as const);
    const answer = await wallet(ctx, 'createWallet', 'POST', '/api/v1/wallets/create', { chain });
    if (answer.status === 200) {
      const w = { id: answer.body.wallet.id as number, chain, address: answer.body.wallet.address as string, userIndex: ctx.userIndex };
      ctx.world.wallets.push(w);
      ctx.record.createdWallets.push(w);
    }
  }],
  [0.2, 'state', async (ctx) => {
    await trading(ctx, 'adminTradingState', 'GET', '/__doppel/state', undefined, true);
  }],
];
/** The admin fails pick among the 21 latest sends; a few more are kept. */
const RECENT_SENDS = 32;

function copyEntry(ctx: ClientContext, trader: number) {
  const key = `${ctx.account.accountId}:${trader}`;
  let entry = ctx.record.copies.get(key);
  if (entry === undefined) ctx.record.copies.set(key, (entry = { starts: 0, stops: 0, results: [] }));
  return entry;
}

function ownWallet(ctx: ClientContext): LoadWallet {
  const own = ctx.world.wallets.filter((w) => w.userIndex === ctx.userIndex);
  return ctx.rnd.pick(own);
}

async function send(ctx: ClientContext, inFake: boolean): Promise<void> {
  const from = ownWallet(ctx);
  const peers = ctx.world.wallets.filter((w) => w.chain === from.chain && w.id !== from.id);
  const to = inFake && peers.length > 0 ? ctx.rnd.pick(peers) : undefined;
  const toAddress = to?.address ?? ctx.rnd.pick(ctx.world.outside[from.chain]);
  const token = ctx.rnd.next() < 0.5;
  const tokenId = token ? (from.chain === 'ethereum' ? 1 : 3) : null;
  const amount = token ? `${ctx.rnd.int(1, 50)}.${String(ctx.rnd.int(0, 99)).padStart(2, '0')}` : from.chain === 'ethereum' ? `0.00${ctx.rnd.int(1, 999)}` : `${ctx.rnd.int(1, 100)}`;
  const body = { to_address: toAddress, amount, ...(tokenId === null ? {} : { token_id: tokenId }) };
  const answer = await wallet(ctx, 'sendFromWallet', 'POST', `/api/v1/wallets/${from.id}/send`, body);
  if (answer.status === 200) {
    ctx.record.sends.set(answer.body.tx_hash, { hash: answer.body.tx_hash, fromWalletId: from.id, toWalletId: to?.id ?? null, chain: from.chain, tokenId, amount: dec(amount) });
    ctx.record.recentSends.push(answer.body.tx_hash);
    if (ctx.record.recentSends.length > RECENT_SENDS) ctx.record.recentSends.shift();
  }
}

/** Runs the clients until the time or request budget is spent; resolves when all have stopped. */
export async function runLoad(http: CheckedClient, world: LoadWorld, options: LoadOptions): Promise<LoadRecord> {
  const record: LoadRecord = {
    orders: new Map(),
    cancels: new Set(),
    copies: new Map(),
    sends: new Map(),
    recentSends: [],
    deposits: [],
    failed: new Set(),
    createdWallets: [],
    statuses: new Map(),
    clockMoves: 0,
    priceSets: 0,
    elapsedMs: 0,
  };
  const openLimits = new Map<number, number[]>();
  const ops = OPS.filter(([, name]) => !(options.skip ?? []).includes(name));
  const totalWeight = ops.reduce((sum, [w]) => sum + w, 0);
  const started = performance.now();
  const deadline = started + (options.durationMs ?? Infinity);
  const budget = options.maxRequests ?? Infinity;
  let issued = 0;
  const client = async (c: number): Promise<void> => {
    const userIndex = c % world.walletKeys.length;
    const ctx: ClientContext = {
      http,
      world,
      record,
      account: world.accounts[c % world.accounts.length] as TradingAccount,
      walletKey: world.walletKeys[userIndex] as string,
      userIndex,
      rnd: chooser(options.seed * 7919 + c),
      openLimits,
    };
    while (issued < budget && performance.now() < deadline) {
      issued++;
      let x = ctx.rnd.next() * totalWeight;
      const entry = ops.find(([w]) => (x -= w) < 0) ?? (ops[0] as (typeof ops)[number]);
      await entry[2](ctx);
    }
  };
  await Promise.all(Array.from({ length: options.clients }, (_, c) => client(c)));
  record.elapsedMs = performance.now() - started;
  return record;
}

/** After the load: move the clock past every confirmation delay so that nothing is in flight. */
export async function settleAfterLoad(http: CheckedClient): Promise<void> {
  expect200(await http.call('wallet', 'POST', '/__doppel/clock', { body: { advance_seconds: 60 } }), 'final clock move');
}
