// The versioned snapshot of a whole fake: both interfaces, the shared clock and the
// price pins, as plain JSON that `doppel mock --state`, `--fixtures`, `createFake({ snapshot })`
// and `PUT /__doppel/state` load, and `GET /__doppel/state` and `doppel fixtures` write.
//
// {
//   "doppel_snapshot": 1,            format version; anything else is refused
//   "seed": 1,                       the seed the price walk and the random streams follow
//   "clock": { "start", "now" },     epoch ms: when the fake started (the walk is anchored 24 h
//                                    before it) and the virtual time of the snapshot
//   "prices": { "pins": [...] },     prices set through the admin API
//   "trading": {...}, "wallet": {...}  (trading-snapshot.ts, wallet-snapshot.ts)
// }
//
// A snapshot holds credentials (trading keys, wallet keys and login tokens) and salted password
// hashes, so that clients keep working across a restart: treat the file like the keys it holds.
// doppel never logs a snapshot's content.

import { MINUTE_MS, type PricePin } from '../price-book.js';
import { PRICE_TABLE } from '../price-table.js';
import { arr, fail, field, int, money, moneyText, ms, obj, str } from './snapshot-reader.js';
import type { TradingSnapshot } from './trading-snapshot.js';
import type { WalletSnapshot } from './wallet-snapshot.js';

export { SnapshotError } from './snapshot-reader.js';
export type { TradingSnapshot } from './trading-snapshot.js';
export type { WalletSnapshot } from './wallet-snapshot.js';

export const SNAPSHOT_VERSION = 1;

export interface PricePinSnapshot {
  symbol: string;
  /** Epoch ms from which the price holds. */
  at: number;
  price: string;
}

export interface DoppelSnapshot {
  doppel_snapshot: typeof SNAPSHOT_VERSION;
  seed: number;
  clock: { start: number; now: number };
  prices: { pins: PricePinSnapshot[] };
  trading: TradingSnapshot;
  wallet: WalletSnapshot;
}

/** The envelope read and checked; the two interfaces' parts are checked by their own decoders. */
export interface SnapshotEnvelope {
  seed: number;
  start: number;
  now: number;
  pins: PricePin[];
  trading: unknown;
  wallet: unknown;
}

/** The keys of a snapshot's top level (DoppelSnapshot). */
const ROOT_KEYS = ['doppel_snapshot', 'seed', 'clock', 'prices', 'trading', 'wallet'] as const satisfies ReadonlyArray<keyof DoppelSnapshot>;

const WALK_SYMBOLS = new Set(PRICE_TABLE.filter((p) => p.maxStep > 0).map((p) => p.symbol));

export function readSnapshotEnvelope(json: unknown): SnapshotEnvelope {
  // The version before the keys: a snapshot of another format version has other keys, and the
  // version says more about why it cannot be loaded.
  const record = typeof json === 'object' && json !== null && !Array.isArray(json);
  if (record && (json as Record<string, unknown>)['doppel_snapshot'] !== SNAPSHOT_VERSION) {
    fail('doppel_snapshot', `expected ${SNAPSHOT_VERSION}: this is not a doppel snapshot, or one of another format version`);
  }
  const root = obj(json, 'snapshot', ROOT_KEYS, '');
  const seed = int(root['seed'], 'seed');
  const clock = obj(root['clock'], 'clock', ['start', 'now']);
  const start = field(clock, 'clock', 'start', ms);
  const now = field(clock, 'clock', 'now', ms);
  if (now < start) fail('clock.now', 'is before clock.start');
  const last = new Map<string, number>();
  const pins = arr(obj(root['prices'], 'prices', ['pins'])['pins'], 'prices.pins').map((raw, i): PricePin => {
    const p = `prices.pins[${i}]`;
    const pin = obj(raw, p, ['symbol', 'at', 'price']);
    const symbol = field(pin, p, 'symbol', str);
    if (!WALK_SYMBOLS.has(symbol)) fail(`${p}.symbol`, `${JSON.stringify(symbol)} is not a symbol whose price can be set`);
    const at = field(pin, p, 'at', ms);
    if (at > now || at < start - 1440 * MINUTE_MS) fail(`${p}.at`, 'must lie between 24 h before clock.start and clock.now');
    if (at < (last.get(symbol) ?? 0)) fail(`${p}.at`, `pins of ${symbol} are listed in time order`);
    last.set(symbol, at);
    const price = field(pin, p, 'price', money);
    if (price <= 0n) fail(`${p}.price`, 'must be greater than 0');
    return { symbol, ms: at, price };
  });
  if (!('trading' in root)) fail('trading', 'missing');
  if (!('wallet' in root)) fail('wallet', 'missing');
  return { seed, start, now, pins, trading: root['trading'], wallet: root['wallet'] };
}

export function pinsSnapshot(pins: readonly PricePin[]): PricePinSnapshot[] {
  return pins.map((p) => ({ symbol: p.symbol, at: p.ms, price: moneyText(p.price) }));
}
