// The invariants after a concurrent load: no negative balance anywhere; funds conserved
// to the 8th decimal, derived from the acknowledged operations; every acknowledged order and
// transaction present, and nothing present that no client was told of.
import { dec, DEC_ONE, formatDec8 } from '../../../mock/domain/decimal.js';
import type { AuditOrder, AuditSnapshot } from './audit-snapshot.js';
import type { LoadRecord, LoadWorld } from './load-driver.js';

export interface InvariantReport {
  violations: string[];
  figures: {
    accountsChecked: number;
    ordersChecked: number;
    walletsChecked: number;
    transactionsChecked: number;
    tradingCurrenciesConserved: number;
    walletAssetsConserved: number;
  };
}

type Totals = Map<string, bigint>;
const add = (m: Totals, key: string, amount: bigint): void => void m.set(key, (m.get(key) ?? 0n) + amount);
/** The wallet supply ledger's asset key ("tron:USDT"): the load uses ethereum and tron only. */
const supplyKey = (chain: string, tokenId: number | null): string => `${chain}:${tokenId === null ? (chain === 'tron' ? 'TRX' : 'ETH') : 'USDT'}`;
const notional = (amount: bigint, price: bigint): bigint => (amount * price) / DEC_ONE;

export function checkInvariants(world: LoadWorld, record: LoadRecord, before: AuditSnapshot, after: AuditSnapshot): InvariantReport {
  const violations: string[] = [];
  const fail = (message: string): void => {
    if (violations.length < 100) violations.push(message);
  };
  const figures = { accountsChecked: 0, ordersChecked: 0, walletsChecked: 0, transactionsChecked: 0, tradingCurrenciesConserved: 0, walletAssetsConserved: 0 };

  // No negative balance anywhere, in either interface.
  for (const a of after.trading.accounts) {
    for (const r of a.rows) if (dec(r.available) < 0n || dec(r.locked) < 0n) fail(`trading account ${a.id} ${r.currency}/${r.chain}: negative ${r.available} / ${r.locked}`);
  }
  for (const w of after.wallet.wallets) {
    if (dec(w.native) < 0n) fail(`wallet ${w.id}: negative native balance ${w.native}`);
    for (const [t, b] of Object.entries(w.tokens)) if (dec(b) < 0n) fail(`wallet ${w.id}: negative token ${t} balance ${b}`);
  }

  // Trading: orders. Every acknowledged order is in the state as acknowledged; every order created
  // during the load was acknowledged to some client.
  const beforeIds = new Set(before.trading.orders.map((o) => o.id));
  const byId = new Map(after.trading.orders.map((o) => [o.id, o]));
  for (const acked of record.orders.values()) {
    const o = byId.get(acked.id);
    figures.ordersChecked++;
    if (o === undefined) fail(`order ${acked.id} was acknowledged but is not in the state`);
    else if (o.accountId !== acked.accountId || o.type !== acked.type || o.market !== acked.market || o.side !== acked.side || o.amount !== acked.amount) {
      fail(`order ${acked.id} differs from its acknowledgement: ${JSON.stringify(o)} vs ${JSON.stringify(acked)}`);
    }
  }
  for (const o of after.trading.orders) {
    if (!beforeIds.has(o.id) && !record.orders.has(o.id)) fail(`order ${o.id} exists but no client was told of it`);
    if (o.status === 'cancelled' && !beforeIds.has(o.id) && !record.cancels.has(o.id)) fail(`order ${o.id} is cancelled but no cancel was acknowledged`);
  }
  for (const id of record.cancels) if (byId.get(id)?.status !== 'cancelled') fail(`cancel of order ${id} was acknowledged but it is ${byId.get(id)?.status}`);

  // Trading: money per account and currency, from the acknowledged operations.
  const ordersOf = new Map<number, AuditOrder[]>();
  // Pushed, not spread into a new array per order: that was quadratic, and after a 10-minute soak's
  // hundreds of thousands of orders the check ran for many minutes.
  for (const o of after.trading.orders) {
    if (beforeIds.has(o.id)) continue;
    const list = ordersOf.get(o.accountId);
    if (list === undefined) ordersOf.set(o.accountId, [o]);
    else list.push(o);
  }
  for (const account of world.accounts) {
    figures.accountsChecked++;
    const start = before.trading.accounts.find((a) => a.id === account.accountId);
    const end = after.trading.accounts.find((a) => a.id === account.accountId);
    if (start === undefined || end === undefined) {
      fail(`trading account ${account.accountId} missing from a snapshot`);
      continue;
    }
    const expected: Totals = new Map();
    const expectedLocked: Totals = new Map();
    for (const r of start.rows) add(expected, r.currency, dec(r.available) + dec(r.locked));
    for (const o of ordersOf.get(account.accountId) ?? []) {
      const amount = dec(o.amount);
      if (o.type === 'spot' && o.status === 'filled') {
        const sign = o.side === 'buy' ? 1n : -1n;
        add(expected, o.market, sign * amount);
        add(expected, o.pair, -sign * notional(amount, dec(o.fillPrice ?? '0')));
      }
      if (o.status === 'settled') add(expected, o.pair, dec(o.pnl ?? '0'));
      if (o.status === 'open') {
        if (o.type === 'spot') {
          if (o.side === 'buy') add(expectedLocked, o.pair, notional(amount, dec(o.price ?? '0')));
          else add(expectedLocked, o.market, amount);
        } else add(expectedLocked, o.pair, o.type === 'binary' ? amount : dec(o.margin ?? '0'));
      }
    }
    for (const [key, entry] of record.copies) {
      const [accountId, traderId] = key.split(':').map(Number);
      if (accountId !== account.accountId) continue;
      for (const result of entry.results) add(expected, 'USDT', result);
      const active = after.trading.copies.filter((r) => r.accountId === accountId && r.traderId === traderId && r.status === 'active');
      if (entry.starts - entry.stops !== active.length) fail(`copy ${key}: ${entry.starts} starts and ${entry.stops} stops acknowledged, ${active.length} active`);
      for (const r of active) add(expectedLocked, 'USDT', dec(r.copyAmount));
    }
    const actual: Totals = new Map();
    const locked: Totals = new Map();
    for (const r of end.rows) {
      add(actual, r.currency, dec(r.available) + dec(r.locked));
      add(locked, r.currency, dec(r.locked));
    }
    for (const c of new Set([...expected.keys(), ...actual.keys()])) {
      const want = expected.get(c) ?? 0n;
      const got = actual.get(c) ?? 0n;
      if (want !== got) fail(`trading account ${account.accountId} ${c}: holds ${formatDec8(got)}, acknowledged operations give ${formatDec8(want)}`);
      else figures.tradingCurrenciesConserved++;
      const wantLocked = expectedLocked.get(c) ?? 0n;
      const gotLocked = locked.get(c) ?? 0n;
      if (wantLocked !== gotLocked) fail(`trading account ${account.accountId} ${c}: locked ${formatDec8(gotLocked)}, open orders and copies hold ${formatDec8(wantLocked)}`);
    }
  }

  // Wallet: every acknowledged transaction present, in the right state and histories.
  const transfers = new Map(after.wallet.transfers.map((t) => [t.hash, t]));
  const histories = new Map(after.wallet.wallets.map((w) => [w.id, new Map(w.history.map((h) => [`${h.hash}:${h.type}`, true]))]));
  const hasEntry = (walletId: number, hash: string, type: string): boolean => histories.get(walletId)?.has(`${hash}:${type}`) === true;
  for (const s of record.sends.values()) {
    figures.transactionsChecked++;
    const t = transfers.get(s.hash);
    const failed = record.failed.has(s.hash);
    if (t === undefined) {
      fail(`send ${s.hash} was acknowledged but is not in the state`);
      continue;
    }
    if (t.status !== (failed ? 'failed' : 'confirmed')) fail(`send ${s.hash} is ${t.status}, expected ${failed ? 'failed' : 'confirmed'}`);
    if (dec(t.amount) !== s.amount || t.fromWalletId !== s.fromWalletId || t.toWalletId !== s.toWalletId || t.tokenId !== s.tokenId) {
      fail(`send ${s.hash} differs from its request: ${JSON.stringify(t)}`);
    }
    if (!hasEntry(s.fromWalletId, s.hash, 'send')) fail(`send ${s.hash} missing from wallet ${s.fromWalletId}'s transactions`);
    if (s.toWalletId !== null && hasEntry(s.toWalletId, s.hash, 'receive') === failed) {
      fail(`send ${s.hash}: receive in wallet ${s.toWalletId}'s transactions is ${failed ? 'present though failed' : 'missing'}`);
    }
  }
  for (const d of record.deposits) {
    figures.transactionsChecked++;
    if (!hasEntry(d.walletId, d.hash, 'receive')) fail(`deposit ${d.hash} missing from wallet ${d.walletId}'s transactions`);
  }
  const beforeHashes = new Set(before.wallet.transfers.map((t) => t.hash));
  const depositHashes = new Set(record.deposits.map((d) => d.hash));
  for (const t of after.wallet.transfers) {
    if (!beforeHashes.has(t.hash) && !record.sends.has(t.hash) && !depositHashes.has(t.hash)) fail(`transaction ${t.hash} exists but no client was told of it`);
    if (t.status === 'failed' && !beforeHashes.has(t.hash) && !record.failed.has(t.hash)) fail(`transaction ${t.hash} failed but no fail was acknowledged`);
  }
  for (const hash of record.failed) if (!record.sends.has(hash)) fail(`failed ${hash} is not an acknowledged send`);

  // Wallet: money per wallet and asset, from the acknowledged operations.
  const assetOf = (tokenId: number | null): string => (tokenId === null ? 'native' : String(tokenId));
  const expectedWallet = new Map<number, Totals>();
  const startOf = new Map(before.wallet.wallets.map((w) => [w.id, w]));
  for (const w of after.wallet.wallets) {
    const totals: Totals = new Map();
    const s = startOf.get(w.id);
    if (s !== undefined) {
      add(totals, 'native', dec(s.native));
      for (const [t, b] of Object.entries(s.tokens)) add(totals, t, dec(b));
    }
    expectedWallet.set(w.id, totals);
  }
  const walletTotals = (id: number): Totals => expectedWallet.get(id) ?? new Map();
  for (const d of record.deposits) add(walletTotals(d.walletId), assetOf(d.tokenId), d.amount);
  const exportedNow: Totals = new Map();
  for (const s of record.sends.values()) {
    if (record.failed.has(s.hash)) continue;
    add(walletTotals(s.fromWalletId), assetOf(s.tokenId), -s.amount);
    if (s.toWalletId !== null) add(walletTotals(s.toWalletId), assetOf(s.tokenId), s.amount);
    else add(exportedNow, supplyKey(s.chain, s.tokenId), s.amount);
  }
  for (const w of after.wallet.wallets) {
    figures.walletsChecked++;
    const want = walletTotals(w.id);
    const got: Totals = new Map([['native', dec(w.native)], ...Object.entries(w.tokens).map(([t, b]) => [t, dec(b)] as [string, bigint])]);
    for (const asset of new Set([...want.keys(), ...got.keys()])) {
      if ((want.get(asset) ?? 0n) !== (got.get(asset) ?? 0n)) {
        fail(`wallet ${w.id} ${asset}: holds ${formatDec8(got.get(asset) ?? 0n)}, acknowledged operations give ${formatDec8(want.get(asset) ?? 0n)}`);
      }
    }
  }

  // Wallet supply per asset: balances + pending + exported = deposited (the fake's own ledger),
  // nothing pending after the final clock move, and deposits grew by exactly the acknowledged ones.
  const depositedDelta: Totals = new Map();
  const chainOf = new Map(after.wallet.wallets.map((w) => [w.id, w.chain]));
  for (const d of record.deposits) add(depositedDelta, supplyKey(chainOf.get(d.walletId) ?? '?', d.tokenId), d.amount);
  for (const [asset, s] of Object.entries(after.wallet.supply)) {
    const start = before.wallet.supply[asset];
    if (dec(s.balances) + dec(s.pending) + dec(s.exported) !== dec(s.deposited)) fail(`supply ${asset}: balances ${s.balances} + pending ${s.pending} + exported ${s.exported} ≠ deposited ${s.deposited}`);
    else figures.walletAssetsConserved++;
    if (dec(s.pending) !== 0n) fail(`supply ${asset}: ${s.pending} still pending after the final clock move`);
    const grew = dec(s.deposited) - dec(start?.deposited ?? '0');
    if (grew !== (depositedDelta.get(asset) ?? 0n)) fail(`supply ${asset}: deposits grew by ${formatDec8(grew)}, acknowledged deposits ${formatDec8(depositedDelta.get(asset) ?? 0n)}`);
    const left = dec(s.exported) - dec(start?.exported ?? '0');
    if (left !== (exportedNow.get(asset) ?? 0n)) fail(`supply ${asset}: ${formatDec8(left)} left the fake, acknowledged outside sends ${formatDec8(exportedNow.get(asset) ?? 0n)}`);
  }
  return { violations, figures };
}
