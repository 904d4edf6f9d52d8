// The wallet side of the target model: the chains it lists, every wallet it showed (created or
// listed) with its chain, address and symbol, each wallet's native balance as last read with the
// sends since, each token balance its listing showed with the token sends since, and every send it
// accepted. Wallets are keyed by id (the target's), not by key, so
// a login token and an API key of the same user see the same wallets.
import type { Exchange } from '../types.js';
import { toUnits } from '../exchange/decimal.js';
import { keyOf } from '../exchange/exchange-readers.js';
import { accepted, idOf, pathParam, refused, requestFieldsOf, topOf } from './exchange-facts.js';
import { arr, obj } from '../exchange/json-shape.js';

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
}

export interface KnownWallet {
  id: number;
  chain: string | undefined;
  address: string | undefined;
  symbol: string | undefined;
  /** The creation's exchange (createdBy holds which key made it). */
  created: Exchange | undefined;
  /**
   * Every read of its native balance (listing or balance endpoint), every native send from it, every
   * send of unknown effect (its exchange number) and every native send to it, in the order applied
   * (exchange numbers rise in that order); what holds since the last read is derived from them.
   */
  reads: { value: bigint; ex: Exchange }[];
  sent: KnownSend[];
  unknownAt: number[];
  received: KnownSend[];
  /** Per token id, every balance the wallets listing showed (decision wallet.tokens), in order. */
  tokenReads: Map<number, { value: bigint; ex: Exchange }[]>;
  /** Every token send from it (a non-null token_id), in order. */
  tokenSent: KnownSend[];
}

/** The native balance as last read, if any. */
export const lastRead = (w: KnownWallet): { value: bigint; ex: Exchange } | undefined => w.reads.at(-1);

const sinceLastRead = (w: KnownWallet): number => lastRead(w)?.ex.seq ?? 0;

/** The native sends from the wallet since its last read. */
export const debitsSinceRead = (w: KnownWallet): KnownSend[] => w.sent.filter((s) => s.ex.seq > sinceLastRead(w));

/** Whether a send of unknown effect (an answer neither 2xx nor 4xx, or unreadable) came since the last read: the next read cannot be predicted. */
export const uncertainSinceRead = (w: KnownWallet): boolean => w.unknownAt.some((n) => n > sinceLastRead(w));

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
      w = { id, chain: undefined, address: undefined, symbol: undefined, created: undefined, reads: [], sent: [], unknownAt: [], received: [], tokenReads: new Map(), tokenSent: [] };
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
    const since = sinceLastRead(w);
    return w.received.filter((s) => !s.confirmedSeen || s.confirmedSeen.seq >= since);
  }

  apply(ex: Exchange): void {
    if (ex.operationId === null || !accepted(ex)) {
      if (ex.operationId === 'sendFromWallet' && !refused(ex)) {
        const id = idOf(pathParam(ex, 'send'));
        if (id !== undefined) {
          this.wallet(id).unknownAt.push(ex.seq);
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
          for (const t of arr(w['tokens']).map(obj)) {
            const tokenId = idOf(t['token_id']);
            const value = toUnits(t['balance']);
            if (tokenId !== undefined && value !== undefined) known.tokenReads.set(tokenId, [...(known.tokenReads.get(tokenId) ?? []), { value, ex }]);
          }
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
    if (value !== undefined) w.reads.push({ value, ex });
  }

  private sent(ex: Exchange): void {
    const id = idOf(pathParam(ex, 'send'));
    const body = requestFieldsOf(ex);
    const hash = topOf(ex, 'tx_hash');
    const amount = toUnits(body['amount']);
    if (id === undefined) return;
    const w = this.wallet(id);
    if (typeof hash !== 'string' || amount === undefined || typeof body['to_address'] !== 'string') {
      w.unknownAt.push(ex.seq);
      return;
    }
    const send: KnownSend = { hash, walletId: id, amount, amountText: String(body['amount']), to: body['to_address'], tokenId: body['token_id'] ?? null, ex, confirmedSeen: undefined };
    this.sends.set(hash, send);
    // A token send moves the token's balance, not the native one (decision wallet.tokens).
    if (send.tokenId !== null) return void w.tokenSent.push(send);
    w.sent.push(send);
    this.byAddress(send.to)?.received.push(send);
  }
}
