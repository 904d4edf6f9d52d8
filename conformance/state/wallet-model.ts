// The wallet side of the target model: the chains it lists, every wallet it showed (created or
// listed) with its chain, address and symbol, each wallet's native balance as last read with the
// sends since, and every send it accepted. Wallets are keyed by id (the target's), not by key, so
// a login token and an API key of the same user see the same wallets.
import type { Exchange } from '../types.js';
import { toUnits } from '../decimal.js';
import { keyOf } from '../checks/check.js';
import { accepted, idOf, pathParam, refused, requestFieldsOf, topOf } from './exchange-facts.js';
import { arr, obj } from '../json-shape.js';

export interface KnownSend {
  hash: string;
  walletId: number;
  amount: bigint;
  /** The amount as sent (the text). */
  amountText: string;
  to: string;
  tokenId: unknown;
  ex: Exchange;
  /** The exchange of the first transactions listing that showed it confirmed (or its receive). */
  confirmedSeen: Exchange | undefined;
  /** Judged by a read after its confirmation (wallet-send-debits' seed rule). */
  settled: boolean;
}

export interface KnownWallet {
  id: number;
  chain: string | undefined;
  address: string | undefined;
  symbol: string | undefined;
  /** The creation's exchange (createdBy holds which key made it). */
  created: Exchange | undefined;
  /** The native balance as last read (listing or balance endpoint), and the sends from it since. */
  last: { value: bigint; ex: Exchange } | undefined;
  debits: KnownSend[];
  /** Why the next read cannot be predicted (a send of unknown effect), if so. */
  uncertain: string | undefined;
  /** Sends to this wallet that may be credited at a time the model does not know. */
  incoming: KnownSend[];
  /** Every read of its native balance, every send from it and every event of unknown effect (their exchange numbers), in order. */
  reads: { value: bigint; ex: Exchange }[];
  sent: KnownSend[];
  unknownAt: number[];
  received: KnownSend[];
}

export class WalletModel {
  /** Chain slug → native symbol, as /chains lists them. */
  readonly chains = new Map<string, string>();
  readonly wallets = new Map<number, KnownWallet>();
  readonly sends = new Map<string, KnownSend>();
  /** Wallet ids each key created. */
  readonly createdBy = new Map<string, number[]>();

  wallet(id: number): KnownWallet {
    let w = this.wallets.get(id);
    if (!w) {
      w = { id, chain: undefined, address: undefined, symbol: undefined, created: undefined, last: undefined, debits: [], uncertain: undefined, incoming: [], reads: [], sent: [], unknownAt: [], received: [] };
      this.wallets.set(id, w);
    }
    return w;
  }

  byAddress(address: string): KnownWallet | undefined {
    for (const w of this.wallets.values()) if (w.address !== undefined && w.address === address) return w;
    return undefined;
  }

  /** Receives that may land between the wallet's last read and `read`: not yet seen confirmed before the last read. */
  pendingIncoming(w: KnownWallet): KnownSend[] {
    const since = w.last?.ex.seq ?? 0;
    return w.incoming.filter((s) => !s.confirmedSeen || s.confirmedSeen.seq >= since);
  }

  apply(ex: Exchange): void {
    if (ex.operationId === null || !accepted(ex)) {
      if (ex.operationId === 'sendFromWallet' && !refused(ex)) {
        const id = idOf(pathParam(ex, 'send'));
        if (id !== undefined) {
          const w = this.wallet(id);
          w.uncertain = `a send answered ${ex.status} (#${ex.seq})`;
          w.unknownAt.push(ex.seq);
        }
      }
      return;
    }
    const key = keyOf(ex);
    switch (ex.operationId) {
      case 'listChains':
        for (const c of arr(topOf(ex, 'chains')).map(obj)) if (typeof c['slug'] === 'string' && typeof c['symbol'] === 'string') this.chains.set(c['slug'], c['symbol']);
        return;
      case 'createWallet': {
        const w = obj(topOf(ex, 'wallet'));
        const id = idOf(w['id']);
        if (id === undefined) return;
        const known = this.learn(id, w);
        known.created = ex;
        if (key !== undefined) this.createdBy.set(key, [...(this.createdBy.get(key) ?? []), id]);
        return;
      }
      case 'listWallets':
        for (const w of arr(topOf(ex, 'wallets')).map(obj)) {
          const id = idOf(w['id']);
          if (id === undefined) continue;
          const known = this.learn(id, w);
          this.read(known, w['balance'], ex);
        }
        return;
      case 'getWalletBalance': {
        const id = idOf(pathParam(ex, 'balance'));
        if (id !== undefined) this.read(this.wallet(id), topOf(ex, 'balance'), ex);
        return;
      }
      case 'sendFromWallet':
        return this.sent(ex);
      case 'listWalletTransactions':
        for (const t of arr(topOf(ex, 'transactions')).map(obj)) {
          const send = typeof t['tx_hash'] === 'string' ? this.sends.get(t['tx_hash']) : undefined;
          if (send && t['status'] === 'confirmed' && !send.confirmedSeen) send.confirmedSeen = ex;
        }
        return;
      default:
    }
  }

  private learn(id: number, w: Record<string, unknown>): KnownWallet {
    const known = this.wallet(id);
    if (typeof w['chain'] === 'string') known.chain ??= w['chain'];
    if (typeof w['address'] === 'string') known.address ??= w['address'];
    if (typeof w['symbol'] === 'string') known.symbol ??= w['symbol'];
    return known;
  }

  private read(w: KnownWallet, balance: unknown, ex: Exchange): void {
    const value = toUnits(balance);
    if (value === undefined) return;
    w.last = { value, ex };
    w.reads.push(w.last);
    w.debits = [];
    w.uncertain = undefined;
    w.incoming = w.incoming.filter((s) => !s.confirmedSeen);
  }

  private sent(ex: Exchange): void {
    const id = idOf(pathParam(ex, 'send'));
    const body = requestFieldsOf(ex);
    const hash = topOf(ex, 'tx_hash');
    const amount = toUnits(body['amount']);
    if (id === undefined) return;
    const w = this.wallet(id);
    if (typeof hash !== 'string' || amount === undefined || typeof body['to_address'] !== 'string') {
      w.uncertain = `a send whose hash or amount is unreadable (#${ex.seq})`;
      w.unknownAt.push(ex.seq);
      return;
    }
    const send: KnownSend = { hash, walletId: id, amount, amountText: String(body['amount']), to: body['to_address'], tokenId: body['token_id'] ?? null, ex, confirmedSeen: undefined, settled: false };
    this.sends.set(hash, send);
    // A token send moves the token's balance, not the native one (decision wallet.tokens).
    if (send.tokenId !== null) return;
    w.debits.push(send);
    w.sent.push(send);
    const to = this.byAddress(send.to);
    if (to) {
      to.incoming.push(send);
      to.received.push(send);
    }
  }
}
