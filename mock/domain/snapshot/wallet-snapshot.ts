// The wallet model's whole state as plain JSON and back: money as decimal strings, times
// as epoch ms, Maps as arrays, a transfer once (histories name it by tx_hash). The indexes (users
// by e-mail, wallets by address and by user, the pending queue) and the supply ledger are derived
// and rebuilt on import; the positions of the four random streams are kept, so that the next salt,
// key, address and hash continue where they were.
//
// Passwords stay salted scrypt hashes. Static keys and login tokens are credentials and are kept,
// or a restart would log every client out; a snapshot is as secret as the keys it holds.
//
// Import reads everything into a new state and assigns it only when all of it is valid. It checks
// what the engine relies on (ids, references, formats, per-chain assets, history order), not the
// conservation of supply: a hand-edited balance is allowed.

import { assetKey, createWalletState, type ApiKey, type HistoryEntry, type Transfer, type User, type Wallet, type WalletState } from '../wallet/wallet-state.js';
import { createWalletRngs, type WalletRngs } from '../wallet/wallet-rngs.js';
import { chainBySlug } from '../wallet/chains.js';
import { tokenById } from '../wallet/tokens.js';
import { isValidAddress } from '../wallet/address-format.js';
import { addressKey } from '../wallet/wallet-book.js';
import type { Dec } from '../decimal.js';
import type { ExportCut } from '../export-cut.js';
import { materializeCut, openCut, RecordRun, runOf, type Pieced, type SnapshotCut } from './snapshot-pieces.js';
import { arr, fail, field, hexBytes, hexText, int, keysOf, money, moneyText, ms, nullable, obj, objectOf, oneOf, str } from './snapshot-reader.js';

export interface WalletUserSnapshot {
  id: number;
  name: string;
  email: string;
  /** Salted scrypt hash; the password itself is never held. */
  password: { algorithm: 'scrypt'; salt: string; hash: string };
}

export interface WalletKeySnapshot {
  /** A credential (static API key or login token, sent as X-API-Key): kept so that clients keep working; never logged (a masked field name). */
  api_key: string;
  user_id: number;
  kind: ApiKey['kind'];
}

export interface WalletHistorySnapshot {
  tx_hash: string;
  type: HistoryEntry['type'];
  date: number;
}

export interface WalletWalletSnapshot {
  id: number;
  user_id: number;
  chain: string;
  address: string;
  balance: string;
  tokens: Array<{ token_id: number; balance: string }>;
  /** Oldest first. */
  history: WalletHistorySnapshot[];
}

export interface WalletTransferSnapshot {
  tx_hash: string;
  chain: string;
  token_id: number | null;
  symbol: string;
  amount: string;
  from: string;
  to: string;
  from_wallet_id: number | null;
  to_wallet_id: number | null;
  status: Transfer['status'];
  created_at: number;
  due_at: number;
  seq: number;
}

export interface WalletSnapshot {
  next_user_id: number;
  next_wallet_id: number;
  next_seq: number;
  /** Words drawn so far by each random stream (wallet-rngs.ts). */
  rng_drawn: Record<keyof WalletRngs, number>;
  users: WalletUserSnapshot[];
  keys: WalletKeySnapshot[];
  wallets: WalletWalletSnapshot[];
  transfers: WalletTransferSnapshot[];
}

const STREAMS = ['salts', 'keys', 'addresses', 'hashes'] as const satisfies ReadonlyArray<keyof WalletRngs>;

export function encodeWalletState(state: WalletState, rngs: WalletRngs): WalletSnapshot {
  return materializeCut(cutWalletState(state, rngs));
}

/**
 * The state at this instant, its users, keys, wallets and transfers read a piece at a time
 * (snapshot-pieces.ts, mock/domain/export-cut.ts): a wallet or a transfer that changes before its
 * piece is read is encoded first, as it was; users and keys never change once made.
 */
export function cutWalletState(state: WalletState, rngs: WalletRngs): SnapshotCut<WalletSnapshot> {
  const kept = new Map<object, unknown>();
  const lastWalletId = state.nextWalletId - 1;
  const lastSeq = state.nextSeq - 1;
  const cut: ExportCut = {
    keep(kind, record) {
      if (kept.has(record)) return;
      if (kind === 'wallet' && (record as Wallet).id <= lastWalletId) kept.set(record, exportWallet(record as Wallet));
      else if (kind === 'transfer' && (record as Transfer).seq <= lastSeq) kept.set(record, exportTransfer(record as Transfer));
    },
  };
  state.cuts.push(cut);
  const { users, keys, wallets, transfers } = state;
  const counts = { users: users.size, keys: keys.size, wallets: wallets.size, transfers: transfers.size };
  const tree: Pieced<WalletSnapshot> = {
    next_user_id: state.nextUserId,
    next_wallet_id: state.nextWalletId,
    next_seq: state.nextSeq,
    rng_drawn: { salts: rngs.salts.drawn(), keys: rngs.keys.drawn(), addresses: rngs.addresses.drawn(), hashes: rngs.hashes.drawn() },
    users: new RecordRun(counts.users, () => runOf(users.values(), counts.users, exportUser, kept)),
    keys: new RecordRun(counts.keys, () => runOf(keys.values(), counts.keys, (k: ApiKey): WalletKeySnapshot => ({ api_key: k.key, user_id: k.userId, kind: k.kind }), kept)),
    // A wallet's history is part of its record: a long one weighs its lines.
    wallets: new RecordRun(counts.wallets, () => runOf(wallets.values(), counts.wallets, exportWallet, kept, (w) => 1 + w.history.length)),
    transfers: new RecordRun(counts.transfers, () => runOf(transfers.values(), counts.transfers, exportTransfer, kept)),
  };
  return openCut(tree, state.cuts, cut, kept);
}

function exportUser(u: User): WalletUserSnapshot {
  return { id: u.id, name: u.name, email: u.email, password: { algorithm: u.password.algorithm, salt: hexText(u.password.salt), hash: hexText(u.password.hash) } };
}

function exportWallet(w: Wallet): WalletWalletSnapshot {
  return {
    id: w.id,
    user_id: w.userId,
    chain: w.chain,
    address: w.address,
    balance: moneyText(w.native),
    tokens: [...w.tokens].map(([tokenId, balance]) => ({ token_id: tokenId, balance: moneyText(balance) })),
    history: w.history.map((h) => ({ tx_hash: h.transfer.hash, type: h.type, date: h.date })),
  };
}

function exportTransfer(t: Transfer): WalletTransferSnapshot {
  return {
    tx_hash: t.hash,
    chain: t.chain,
    token_id: t.tokenId,
    symbol: t.symbol,
    amount: moneyText(t.amount),
    from: t.from,
    to: t.to,
    from_wallet_id: t.fromWalletId,
    to_wallet_id: t.toWalletId,
    status: t.status,
    created_at: t.createdAt,
    due_at: t.dueAt,
    seq: t.seq,
  };
}

const KEY_TEXT = /^[\x21-\x7e]{1,256}$/;

// Every object's keys (obj() refuses any other key).
const ROOT_KEYS = keysOf<WalletSnapshot>({ next_user_id: true, next_wallet_id: true, next_seq: true, rng_drawn: true, users: true, keys: true, wallets: true, transfers: true });
const RNG_KEYS = keysOf<WalletSnapshot['rng_drawn']>({ salts: true, keys: true, addresses: true, hashes: true });
const USER_KEYS = keysOf<WalletUserSnapshot>({ id: true, name: true, email: true, password: true });
const PASSWORD_KEYS = keysOf<WalletUserSnapshot['password']>({ algorithm: true, salt: true, hash: true });
const KEY_KEYS = keysOf<WalletKeySnapshot>({ api_key: true, user_id: true, kind: true });
const WALLET_KEYS = keysOf<WalletWalletSnapshot>({ id: true, user_id: true, chain: true, address: true, balance: true, tokens: true, history: true });
const TOKEN_KEYS = keysOf<WalletWalletSnapshot['tokens'][number]>({ token_id: true, balance: true });
const HISTORY_KEYS = keysOf<WalletHistorySnapshot>({ tx_hash: true, type: true, date: true });
const TRANSFER_KEYS = keysOf<WalletTransferSnapshot>({
  tx_hash: true, chain: true, token_id: true, symbol: true, amount: true, from: true, to: true, from_wallet_id: true, to_wallet_id: true,
  status: true, created_at: true, due_at: true, seq: true,
});

/** Reads and checks a wallet snapshot into a new state and new streams. Throws SnapshotError. */
export function decodeWalletState(json: unknown, seed: number, path = 'wallet'): { state: WalletState; rngs: WalletRngs } {
  const root = obj(json, path, ROOT_KEYS);
  const state = createWalletState();

  arr(root['users'], `${path}.users`).forEach((raw, i) => {
    const p = `${path}.users[${i}]`;
    const u = obj(raw, p, USER_KEYS);
    const pw = field(u, p, 'password', objectOf(PASSWORD_KEYS));
    if (pw['algorithm'] !== 'scrypt') fail(`${p}.password.algorithm`, 'expected scrypt');
    const user: User = {
      id: field(u, p, 'id', (v, q) => int(v, q, 1)),
      name: field(u, p, 'name', str),
      email: field(u, p, 'email', str),
      password: { algorithm: 'scrypt', salt: hexBytes(pw['salt'], `${p}.password.salt`, 16), hash: hexBytes(pw['hash'], `${p}.password.hash`, 32) },
    };
    if (state.users.has(user.id)) fail(`${p}.id`, `duplicate user id ${user.id}`);
    const emailKey = user.email.toLowerCase();
    if (state.usersByEmail.has(emailKey)) fail(`${p}.email`, 'duplicate e-mail (compared case-insensitively)');
    state.users.set(user.id, user);
    state.usersByEmail.set(emailKey, user.id);
    state.walletsByUser.set(user.id, []);
  });

  arr(root['keys'], `${path}.keys`).forEach((raw, i) => {
    const p = `${path}.keys[${i}]`;
    const k = obj(raw, p, KEY_KEYS);
    const key: ApiKey = {
      key: field(k, p, 'api_key', (v, q) => str(v, q, KEY_TEXT)),
      userId: field(k, p, 'user_id', (v, q) => int(v, q, 1)),
      kind: field(k, p, 'kind', (v, q) => oneOf(v, q, ['login-token', 'api-key'] as const)),
    };
    if (!state.users.has(key.userId)) fail(`${p}.user_id`, `no user ${key.userId}`);
    if (state.keys.has(key.key)) fail(`${p}.api_key`, 'duplicate key');
    state.keys.set(key.key, key);
  });

  const rawWallets = arr(root['wallets'], `${path}.wallets`);
  rawWallets.forEach((raw, i) => {
    const p = `${path}.wallets[${i}]`;
    const w = obj(raw, p, WALLET_KEYS);
    const wallet: Wallet = {
      id: field(w, p, 'id', (v, q) => int(v, q, 1)),
      userId: field(w, p, 'user_id', (v, q) => int(v, q, 1)),
      chain: field(w, p, 'chain', str),
      address: field(w, p, 'address', str),
      native: field(w, p, 'balance', money),
      tokens: new Map(),
      revision: 0,
      history: [],
    };
    const chain = chainBySlug(wallet.chain);
    if (chain === undefined) fail(`${p}.chain`, `unknown chain ${JSON.stringify(wallet.chain)}`);
    if (state.wallets.has(wallet.id)) fail(`${p}.id`, `duplicate wallet id ${wallet.id}`);
    const own = state.walletsByUser.get(wallet.userId);
    if (own === undefined) fail(`${p}.user_id`, `no user ${wallet.userId}`);
    if (!isValidAddress(chain.family, wallet.address)) fail(`${p}.address`, `not a valid ${chain.slug} address`);
    const at = addressKey(chain, wallet.address);
    if (state.walletsByAddress.has(at)) fail(`${p}.address`, `two wallets on ${chain.slug} have this address`);
    arr(w['tokens'], `${p}.tokens`).forEach((rawToken, j) => {
      const q = `${p}.tokens[${j}]`;
      const t = obj(rawToken, q, TOKEN_KEYS);
      const tokenId = field(t, q, 'token_id', (v, r) => int(v, r, 1));
      if (tokenById(tokenId)?.chain !== chain.slug) fail(`${q}.token_id`, `token ${tokenId} is not on ${chain.slug}`);
      if (wallet.tokens.has(tokenId)) fail(`${q}.token_id`, 'listed twice');
      wallet.tokens.set(tokenId, field(t, q, 'balance', money));
    });
    state.wallets.set(wallet.id, wallet);
    state.walletsByAddress.set(at, wallet.id);
    own.push(wallet.id);
  });
  for (const ids of state.walletsByUser.values()) ids.sort((a, b) => a - b);

  const seqs = new Set<number>();
  arr(root['transfers'], `${path}.transfers`).forEach((raw, i) => {
    const transfer = decodeTransfer(state, raw, `${path}.transfers[${i}]`);
    if (seqs.has(transfer.seq)) fail(`${path}.transfers[${i}].seq`, `duplicate seq ${transfer.seq}`);
    seqs.add(transfer.seq);
    state.transfers.set(transfer.hash, transfer);
    if (transfer.status === 'pending') state.pending.push(transfer);
    const asset = assetKey(transfer.chain, transfer.symbol);
    if (transfer.fromWalletId === null) addTo(state.supply.deposited, asset, transfer.amount);
    else if (transfer.toWalletId === null && transfer.status === 'confirmed') addTo(state.supply.exported, asset, transfer.amount);
  });

  rawWallets.forEach((raw, i) => {
    const p = `${path}.wallets[${i}]`;
    const w = obj(raw, p, WALLET_KEYS);
    const wallet = state.wallets.get(w['id'] as number) as Wallet;
    let last = 0;
    arr(w['history'], `${p}.history`).forEach((rawEntry, j) => {
      const q = `${p}.history[${j}]`;
      const e = obj(rawEntry, q, HISTORY_KEYS);
      const hash = field(e, q, 'tx_hash', str);
      const transfer = state.transfers.get(hash);
      if (transfer === undefined) fail(`${q}.tx_hash`, 'no such transfer');
      const type = field(e, q, 'type', (v, r) => oneOf(v, r, ['send', 'receive'] as const));
      if ((type === 'send' ? transfer.fromWalletId : transfer.toWalletId) !== wallet.id) fail(`${q}.type`, `the transfer does not ${type === 'send' ? 'leave' : 'reach'} this wallet`);
      const date = field(e, q, 'date', ms);
      // The newest-first listing reads from the end: appends are in date order (wallet-state.ts).
      if (date < last) fail(`${q}.date`, 'history is oldest first');
      last = date;
      wallet.history.push({ transfer, type, date });
    });
  });

  const counter = (name: string, above: Iterable<number>): number => {
    const value = field(root, path, name, (v, p) => int(v, p, 1));
    for (const id of above) if (id >= value) fail(`${path}.${name}`, `must be above every id in use (${id})`);
    return value;
  };
  state.nextUserId = counter('next_user_id', state.users.keys());
  state.nextWalletId = counter('next_wallet_id', state.wallets.keys());
  state.nextSeq = counter('next_seq', seqs);

  const drawn = field(root, path, 'rng_drawn', objectOf(RNG_KEYS));
  const rngs = createWalletRngs(seed);
  for (const stream of STREAMS) rngs[stream].skip(int(drawn[stream], `${path}.rng_drawn.${stream}`));
  return { state, rngs };
}

function decodeTransfer(state: WalletState, raw: unknown, path: string): Transfer {
  const t = obj(raw, path, TRANSFER_KEYS);
  const f = <T>(name: string, read: (v: unknown, p: string) => T): T => field(t, path, name, read);
  const walletRef = (v: unknown, p: string): number | null => nullable(v, p, (w, q) => int(w, q, 1));
  const transfer: Transfer = {
    hash: f('tx_hash', (v, p) => str(v, p, /^[0-9A-Za-z]{1,128}$/)),
    chain: f('chain', str),
    tokenId: f('token_id', (v, p) => nullable(v, p, (w, q) => int(w, q, 1))),
    symbol: f('symbol', str),
    amount: f('amount', money),
    from: f('from', str),
    to: f('to', str),
    fromWalletId: f('from_wallet_id', walletRef),
    toWalletId: f('to_wallet_id', walletRef),
    status: f('status', (v, p) => oneOf(v, p, ['pending', 'confirmed', 'failed'] as const)),
    createdAt: f('created_at', ms),
    dueAt: f('due_at', ms),
    seq: f('seq', (v, p) => int(v, p, 1)),
  };
  if (state.transfers.has(transfer.hash)) fail(`${path}.tx_hash`, 'duplicate tx_hash');
  const chain = chainBySlug(transfer.chain);
  if (chain === undefined) fail(`${path}.chain`, `unknown chain ${JSON.stringify(transfer.chain)}`);
  const symbol = transfer.tokenId === null ? chain.symbol : tokenById(transfer.tokenId)?.chain === chain.slug ? tokenById(transfer.tokenId)?.symbol : undefined;
  if (symbol === undefined) fail(`${path}.token_id`, `token ${transfer.tokenId} is not on ${chain.slug}`);
  if (transfer.symbol !== symbol) fail(`${path}.symbol`, `expected ${symbol}`);
  for (const side of ['from_wallet_id', 'to_wallet_id'] as const) {
    const id = side === 'from_wallet_id' ? transfer.fromWalletId : transfer.toWalletId;
    if (id === null) continue;
    const wallet = state.wallets.get(id);
    if (wallet === undefined) fail(`${path}.${side}`, `no wallet ${id}`);
    if (wallet.chain !== chain.slug) fail(`${path}.${side}`, `wallet ${id} is not on ${chain.slug}`);
  }
  // failTransfer refunds the sender: only a send can be pending or failed.
  if (transfer.status !== 'confirmed' && transfer.fromWalletId === null) fail(`${path}.status`, 'only a send from a wallet of the fake can be pending or failed');
  if (transfer.fromWalletId === null && transfer.toWalletId === null) fail(path, 'a transfer starts or ends at a wallet of the fake');
  return transfer;
}

function addTo(map: Map<string, Dec>, key: string, amount: Dec): void {
  map.set(key, (map.get(key) ?? 0n) + amount);
}
