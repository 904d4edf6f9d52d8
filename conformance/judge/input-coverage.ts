// Which input classes (act/input-classes.ts) a stream of exchanges showed: a request of a class
// answered 2xx counts as sent. A refused one (400, 409 or 422 to a request the schema accepts) does
// not, since no answer the documents say something of came back for it; it is kept to say why the
// class went unsent. The bounds the target's data gives are read from its own answers in the same
// stream (the markets and lead traders it lists, a wallet's balance as last read), so every stream
// is classified alike: the run's own, doppel proxy's, a recording's.
import type { DataBound, InputClass } from '../act/input-classes.js';
import { toUnits } from '../exchange/decimal.js';
import { bodyIsValid, queryOf, requestBodyOf } from '../exchange/exchange-readers.js';
import { arr, obj } from '../exchange/json-shape.js';
import { accepted, dataListOf, idOf, pathParam, topOf } from '../model/exchange-facts.js';
import { BoundedMap } from '../checks/bounded-map.js';
import type { Exchange, InputClassCoverage } from '../types.js';

/** Statuses that refuse the input itself (not the key, the rate or the path). */
const REFUSALS = new Set([400, 409, 422]);

const marketKey = (market: unknown, pair: unknown): string => `${String(market).toUpperCase()}/${String(pair).toUpperCase()}`;
const assetOf = (tokenId: unknown): string => (tokenId === null || tokenId === undefined ? 'native' : String(tokenId));

/** What the stream's answers said of the target's data, as far as the data bounds need it; bounded, since a proxy runs for days. */
class TargetData {
  private readonly markets = new BoundedMap<string, { minAmount: bigint | undefined; maxLeverage: bigint | undefined }>(10_000);
  private readonly traders = new BoundedMap<number, bigint | undefined>(10_000);
  /** Per wallet, each asset's balance as last read (native or a token id); forgotten at a send from the wallet. */
  private readonly balances = new BoundedMap<number, Map<string, bigint | undefined>>(100_000);

  private balance(walletId: number | undefined, tokenId: unknown, value: unknown): void {
    if (walletId === undefined) return;
    const assets = this.balances.get(walletId) ?? new Map<string, bigint | undefined>();
    assets.set(assetOf(tokenId), toUnits(value));
    this.balances.set(walletId, assets);
  }

  learn(ex: Exchange): void {
    if (ex.operationId === 'sendFromWallet') {
      const id = idOf(pathParam(ex, 'send'));
      if (id !== undefined) this.balances.delete(id);
      return;
    }
    if (!accepted(ex)) return;
    switch (ex.operationId) {
      case 'getMarkets':
        for (const m of dataListOf(ex)) this.markets.set(marketKey(m['market'], m['pair']), { minAmount: toUnits(m['min_amount']), maxLeverage: toUnits(m['max_leverage']) });
        return;
      case 'listCopyTraders':
        for (const t of dataListOf(ex)) {
          const id = idOf(t['id']);
          if (id !== undefined) this.traders.set(id, toUnits(t['min_copy_amount']));
        }
        return;
      case 'listWallets':
        for (const w of arr(topOf(ex, 'wallets')).map(obj)) {
          const id = idOf(w['id']);
          this.balance(id, null, w['balance']);
          for (const t of arr(w['tokens']).map(obj)) this.balance(id, t['token_id'], t['balance']);
        }
        return;
      case 'getWalletBalance':
        this.balance(idOf(pathParam(ex, 'balance')), null, topOf(ex, 'balance'));
        return;
      default:
    }
  }

  /** The bound the data gives the request's field, in 1e-8 units; undefined when the stream has not said. */
  bound(bound: DataBound, ex: Exchange, body: Record<string, unknown>): bigint | undefined {
    switch (bound) {
      case 'market-min-amount':
        return this.markets.get(marketKey(body['market'], body['pair']))?.minAmount;
      case 'market-max-leverage':
        return this.markets.get(marketKey(body['market'], body['pair']))?.maxLeverage;
      case 'trader-min-copy': {
        const id = idOf(body['lead_trader_id']);
        return id === undefined ? undefined : this.traders.get(id);
      }
      case 'wallet-balance': {
        const id = idOf(pathParam(ex, 'send'));
        return id === undefined ? undefined : this.balances.get(id)?.get(assetOf(body['token_id']));
      }
    }
  }
}

/** Whether a request shows the class (its field present, left out, of that value, at that bound). */
function shows(c: InputClass, ex: Exchange, body: Record<string, unknown>, query: URLSearchParams, data: TargetData): boolean {
  const present = c.in === 'body' ? body[c.field] !== undefined : query.has(c.field);
  const raw = c.in === 'body' ? body[c.field] : query.get(c.field);
  switch (c.kind) {
    case 'present':
      return present;
    case 'absent':
      return !present;
    case 'null':
      return present && raw === null;
    case 'not-null':
      return present && raw !== null;
    case 'value':
      return c.in === 'body' ? raw === c.value : raw === String(c.value);
    case 'minimum':
    case 'maximum': {
      // Exact: `0.0001` and `0.00010000` are the same amount, `10` and `10.0` the same leverage.
      const bound = c.bound ? data.bound(c.bound, ex, body) : toUnits(c.value);
      return present && bound !== undefined && toUnits(raw) === bound;
    }
  }
}

export interface InputClassSnapshot {
  sent: string[];
  refused: [id: string, counts: [status: number, count: number][]][];
}

export class InputClassTally {
  private readonly byOperation = new Map<string, InputClass[]>();
  private data = new TargetData();
  private readonly sent = new Set<string>();
  /** Per class never sent so far: the refusing statuses met, with their counts. */
  private readonly refused = new Map<string, Map<number, number>>();

  constructor(readonly classes: readonly InputClass[]) {
    for (const c of classes) {
      const key = `${c.iface} ${c.operationId}`;
      this.byOperation.set(key, [...(this.byOperation.get(key) ?? []), c]);
    }
  }

  /** Classifies an exchange (before learning from it: a send's balance is the one read before it). */
  see(ex: Exchange): void {
    const list = ex.operationId === null ? undefined : this.byOperation.get(`${ex.iface} ${ex.operationId}`);
    const ok = accepted(ex);
    if (list && (ok || (REFUSALS.has(ex.status) && (ex.requestBody === undefined || bodyIsValid(ex))))) {
      const body = obj(requestBodyOf(ex));
      const query = queryOf(ex);
      for (const c of list) {
        if (!shows(c, ex, body, query, this.data)) continue;
        if (ok) this.sent.add(c.id);
        else {
          const counts = this.refused.get(c.id) ?? new Map<number, number>();
          counts.set(ex.status, (counts.get(ex.status) ?? 0) + 1);
          this.refused.set(c.id, counts);
        }
      }
    }
    this.data.learn(ex);
  }

  /** The target dropped its state: its markets and balances as read before say nothing now (what was sent stays sent). */
  forget(): void {
    this.data = new TargetData();
  }

  /** What was sent and refused, as plain data. */
  snapshot(): InputClassSnapshot {
    return { sent: [...this.sent], refused: [...this.refused].map(([id, counts]) => [id, [...counts]]) };
  }

  /** Adds what another tally of the same traffic (another namespace's, another judge's) saw. */
  absorb(snapshot: InputClassSnapshot): void {
    for (const id of snapshot.sent) this.sent.add(id);
    for (const [id, counts] of snapshot.refused) {
      const mine = this.refused.get(id) ?? new Map<number, number>();
      for (const [status, n] of counts) mine.set(status, (mine.get(status) ?? 0) + n);
      this.refused.set(id, mine);
    }
  }

  isSent(c: InputClass): boolean {
    return this.sent.has(c.id);
  }

  /** The count, and each class not sent with why: `why` is given what refused it, if anything did. */
  coverage(why: (c: InputClass, refused: string | undefined) => string): InputClassCoverage {
    const unsent = this.classes.filter((c) => !this.sent.has(c.id));
    return {
      sent: this.classes.length - unsent.length,
      total: this.classes.length,
      unsent: unsent.map((c) => {
        const counts = this.refused.get(c.id);
        const refused = counts && `sent, refused each time: ${[...counts].sort(([a], [b]) => a - b).map(([status, n]) => `${status} (${n}×)`).join(', ')}`;
        return { iface: c.iface, operationId: c.operationId, class: c.name, why: why(c, refused) };
      }),
    };
  }
}

/** The classes a list of exchanges showed, in order. */
export function inputClassesOf(classes: readonly InputClass[], exchanges: readonly Exchange[]): InputClassTally {
  const tally = new InputClassTally(classes);
  for (const ex of exchanges) tally.see(ex);
  return tally;
}

/** Whether a class was sent so far in a list of exchanges that grows (the run's own, as its requests go out). */
export function sentSoFar(classes: readonly InputClass[], exchanges: readonly Exchange[]): (c: InputClass) => boolean {
  const tally = new InputClassTally(classes);
  let seen = 0;
  return (c) => {
    for (; seen < exchanges.length; seen++) tally.see(exchanges[seen] as Exchange);
    return tally.isSent(c);
  };
}

/** `input classes: 61 of 68 sent` (the summary line's and the reports' wording). */
export const inputClassesLine = (c: InputClassCoverage): string => `input classes: ${c.sent} of ${c.total} sent`;
