// One breaking layer per input class (conformance/act/input-classes.ts), generated from the class:
// the target takes a request of the class as a request of another class of the same field (an enum
// value as the next one, with what requests of that one carry; a field left out as sent with
// another value than its default, and one sent as sent with another value; null as a token the
// wallet lists and a token as null; a bound as the value beside it), which is what a target that
// ignores or misreads the class does. input-class-kills.test.ts runs each; the run must fail, or the class is equivalent
// for what the documents let a client observe, with the reason written here.
import { inputClasses, type InputClass } from '../../conformance/act/input-classes.js';
import { formatUnits, toUnits } from '../../conformance/exchange/decimal.js';
import { getOperation } from '../../spec/index.js';
import { pathOf, type Breakage, type ProxiedRequest } from './broken-proxy.js';

export interface ClassBreakage {
  class: InputClass;
  /** What the target does wrong. */
  name: string;
  breakage: () => Breakage;
  /** Scenario checks run besides the stream's checks, for the one that judges the class (a listing's default limit is a decision point, read by default-listing-limit). */
  traffic?: string[];
}

/** The checks that judge a field's documented default where only a scenario's observer reads it. */
const DEFAULT_JUDGED_BY: Readonly<Record<string, string[]>> = { limit: ['default-listing-limit'] };

/** Classes no layer can make observable, and why (the documents, or a decision, give both readings one meaning). */
export const EQUIVALENT: Readonly<Record<string, string>> = {
  'trading placeSpotOrder price absent': 'a price on a market order is ignored (decision trading.required-fields): sending one changes nothing',
  'trading placeMarginOrder price absent': 'as for spot: a market position ignores a price',
  'trading placeFuturesOrder price absent': 'as for spot: a market position ignores a price',
  'wallet sendFromWallet token_id absent': 'token_id left out is token_id null (decision wallet.tokens): the native coin either way',
  'wallet sendFromWallet token_id present': 'present, it is null (the native coin) or a token: those are the null and not-null classes, each with its layer',
  'trading listOrders limit=100 (maximum)': 'a listing of fewer than 99 orders is the same at 99 and at 100',
  'wallet listWalletTransactions limit=100 (maximum)': 'a history of fewer than 99 transactions is the same at 99 and at 100',
};

type Fields = Record<string, unknown>;

/** What the layer knows of the target's data (the bounds a class of that kind names), from the answers it passes on. */
class Seen {
  readonly minAmount = new Map<string, string>();
  readonly maxLeverage = new Map<string, number>();
  readonly minCopy = new Map<number, string>();
  readonly balance = new Map<string, string>();
  readonly tokens = new Map<string, number>();
  /** Per field and value: the last request body that carried it (what a request of that value also sends). */
  readonly carried = new Map<string, Fields>();

  learn(req: ProxiedRequest, body: any): void {
    const path = pathOf(req);
    try {
      const sent = JSON.parse(req.body || 'null');
      if (sent && typeof sent === 'object') for (const [f, v] of Object.entries(sent)) this.carried.set(`${f}=${String(v)}`, sent);
    } catch {
      // no body
    }
    if (path === '/api/v1/markets') for (const m of body?.data ?? []) {
      this.minAmount.set(`${m.market}/${m.pair}`, m.min_amount);
      this.maxLeverage.set(`${m.market}/${m.pair}`, m.max_leverage);
    }
    if (path === '/api/v1/copy/traders') for (const t of body?.data ?? []) this.minCopy.set(t.id, t.min_copy_amount);
    const balanceOf = /^\/api\/v1\/wallets\/([^/]+)\/balance$/.exec(path);
    if (balanceOf) this.balance.set(balanceOf[1] as string, body?.balance);
    if (path === '/api/v1/wallets') for (const w of body?.wallets ?? []) {
      this.balance.set(String(w.id), w.balance);
      if (w.tokens?.[0]) this.tokens.set(String(w.id), w.tokens[0].token_id);
    }
  }
}

const same = (a: unknown, b: unknown): boolean => {
  const [x, y] = [toUnits(a), toUnits(b)];
  return x !== undefined && y !== undefined ? x === y : a === b;
};

/** Whether a request's fields show the class (the classifier's reading, from what this layer saw of the target's data). */
function shows(c: InputClass, fields: Fields, req: ProxiedRequest, seen: Seen): boolean {
  const v = fields[c.field];
  switch (c.kind) {
    case 'present':
      return v !== undefined;
    case 'absent':
      return v === undefined;
    case 'null':
      return v === null;
    case 'not-null':
      return v !== undefined && v !== null;
    case 'value':
      return v !== undefined && String(v) === String(c.value);
    case 'minimum':
    case 'maximum': {
      if (v === undefined) return false;
      const market = `${String(fields['market']).toUpperCase()}/${String(fields['pair']).toUpperCase()}`;
      switch (c.bound) {
        case 'market-min-amount':
          return same(v, seen.minAmount.get(market));
        case 'market-max-leverage':
          return same(v, seen.maxLeverage.get(market));
        case 'trader-min-copy':
          return same(v, seen.minCopy.get(Number(fields['lead_trader_id'])));
        case 'wallet-balance':
          return same(v, seen.balance.get(pathOf(req).split('/')[4] ?? ''));
        default:
          return same(v, c.value);
      }
    }
  }
}

/** Another valid value of the field than `v`: the next enum value, an integer beside it within its bounds, twice a decimal. */
function beside(c: InputClass, v: unknown): unknown {
  const s = c.schema;
  const values: unknown[] = (s.enum ?? []).filter((x) => x !== null);
  if (values.length > 1) return values[(values.indexOf(v) + 1) % values.length];
  if (typeof v === 'number') return s.maximum !== undefined && v + 1 > s.maximum ? v - 1 : v + 1;
  const units = toUnits(v);
  if (units !== undefined && typeof v === 'string') return formatUnits(units * 2n).replace(/0+$/, '').replace(/\.$/, '');
  return v;
}

/** The field as another class of it reads it (ABSENT_NOW: left out), and what else the request must then carry. */
function other(c: InputClass, v: unknown, req: ProxiedRequest, seen: Seen): { value: unknown; also?: Fields } {
  const s = c.schema;
  switch (c.kind) {
    case 'value': {
      const next = beside(c, c.value);
      // A request of the other value also carries what such requests carried (a limit order its price).
      return { value: next, also: seen.carried.get(`${c.field}=${String(next)}`) };
    }
    case 'absent':
      // Left out, taken as sent: a value other than the documented default.
      return { value: s.default !== undefined ? (s.minimum !== undefined && s.minimum !== s.default ? s.minimum : Number(s.default) + 1) : s.enum?.find((x) => x !== null) ?? (s.types.includes('integer') ? (s.minimum ?? 1) : s.types.includes('null') ? null : '1') };
    case 'present':
    case 'minimum':
    case 'maximum': {
      if (c.kind !== 'present' && typeof v === 'string' && toUnits(v) !== undefined) {
        // A decimal bound (an amount): twice the smallest, half the whole.
        const units = toUnits(v) as bigint;
        return { value: formatUnits(c.kind === 'minimum' ? units * 2n : units / 2n).replace(/0+$/, '').replace(/\.$/, '') };
      }
      return { value: c.kind === 'maximum' && typeof v === 'number' ? v - 1 : beside(c, v) };
    }
    case 'null':
      // A token the wallet lists, in place of the native coin.
      return { value: seen.tokens.get(pathOf(req).split('/')[4] ?? '') ?? null };
    case 'not-null':
      return { value: null };
  }
}

function breakageFor(c: InputClass): ClassBreakage {
  const op = getOperation(c.iface, c.operationId);
  const at = new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`);
  const mine = (req: ProxiedRequest): boolean => req.method === op.method && at.test(pathOf(req));
  return {
    class: c,
    name: `${c.operationId} takes ${c.name} as another ${c.field}`,
    ...(c.kind === 'absent' && DEFAULT_JUDGED_BY[c.field] ? { traffic: DEFAULT_JUDGED_BY[c.field] } : {}),
    breakage: () => {
      const seen = new Seen();
      return {
        request: (req) => {
          if (!mine(req)) return req;
          if (c.in === 'query') {
            const url = new URL(req.path, 'http://x');
            const fields: Fields = Object.fromEntries(url.searchParams);
            if (!shows(c, fields, req, seen)) return req;
            url.searchParams.set(c.field, String(other(c, fields[c.field], req, seen).value));
            return { ...req, path: `${url.pathname}${url.search}` };
          }
          let fields: Fields;
          try {
            fields = JSON.parse(req.body);
          } catch {
            return req;
          }
          if (!fields || typeof fields !== 'object' || !shows(c, fields, req, seen)) return req;
          const { value, also } = other(c, fields[c.field], req, seen);
          const body = { ...Object.fromEntries(Object.entries(also ?? {}).filter(([f]) => fields[f] === undefined)), ...fields, [c.field]: value };
          return { ...req, body: JSON.stringify(body) };
        },
        response: (req, res) => {
          if (res.status === 200) {
            try {
              seen.learn(req, JSON.parse(res.body));
            } catch {
              // not JSON: nothing to learn
            }
          }
          return res;
        },
      };
    },
  };
}

export const CLASS_BREAKAGES: readonly ClassBreakage[] = inputClasses(['trading', 'wallet'])
  .filter((c) => EQUIVALENT[c.id] === undefined)
  .map(breakageFor);
