// State: each write applied twice, off by one unit of the smallest decimal, to the wrong currency,
// or applied although refused (RESTler's resource-leak checker); each documented default ignored;
// a wallet or order reachable by another caller or under another parent (RESTler's namespace and
// hierarchy checkers). A balance that moved wrongly shows in every later read of it: the layer
// keeps an offset per currency (trading) or wallet (wallet) and adds it to the balances answered.
import { formatUnits, toUnits } from '../../../conformance/exchange/decimal.js';
import { getOperation, loadSpec, operations, resolveRef, type Operation } from '../../../spec/index.js';
import { pathOf, type Breakage, type ProxiedRequest, type ProxiedResponse } from '../../conformance/broken-proxy.js';
import { editBody, isSuccess, requestOf } from '../answer-edit.js';
import { decisionOf, seedOf, type Mutant, type Violation } from '../mutant.js';

type Json = any;
type Iface = 'trading' | 'wallet';

const row = (op: Operation): Violation => seedOf(`${op.iface} §4 ${op.method} ${op.path}`);
const opDecision = (op: Operation): string | undefined => loadSpec(op.iface).paths[op.path][op.method.toLowerCase()]['x-doppel-decision']?.id;
const semantics = (op: Operation): Violation => (opDecision(op) ? decisionOf(opDecision(op)!) : row(op));

/**
 * The rule that fixes a write's exact amount: the seed for a copy's lock (copy_amount, trading §3),
 * the decided `refunded` for a stop (trading.copy-relation-fields), else the operation's decision.
 */
const exactRule = (op: Operation): Violation =>
  op.operationId === 'startCopy' ? seedOf('trading §3 bullet 2', 'trading §4 POST /api/v1/copy/start') : op.operationId === 'stopCopy' ? decisionOf('trading.copy-relation-fields') : semantics(op);

/**
 * The rule a write applied twice breaks: what a spot fill gains is bounded by the seed (its amount),
 * a copy locks exactly copy_amount (seed); how much a position, bid or send holds or moves is decided.
 */
const onceRule = (op: Operation): Violation => (op.operationId === 'placeSpotOrder' || op.iface === 'wallet' && op.operationId === 'createWallet' ? row(op) : semantics(op));
const bodyOf = (req: ProxiedRequest): Json => {
  try {
    return JSON.parse(req.body);
  } catch {
    return undefined;
  }
};
const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const walletIdOf = (req: ProxiedRequest): string | undefined => /\/wallets\/([^/]+)\//.exec(pathOf(req))?.[1];
const keyOf = (req: ProxiedRequest): string | undefined => req.headers['api-key'] ?? req.headers['x-api-key'];

/**
 * Balance offsets per key and currency (trading: each key's account) or per wallet id (unique
 * across users), added to every later balance answered to that key or of that wallet.
 */
class Offsets {
  private readonly map = new Map<string, bigint>();
  constructor(private readonly iface: Iface) {}
  private slot(key: string | undefined, where: string): string {
    return this.iface === 'trading' ? `${key} ${where.toUpperCase()}` : where;
  }
  add(key: string, where: string, units: bigint): void {
    const k = this.slot(key, where);
    this.map.set(k, (this.map.get(k) ?? 0n) + units);
  }
  private at(key: string | undefined, where: string): bigint {
    return this.map.get(this.slot(key, String(where))) ?? 0n;
  }
  /** The answer with the offsets in its balances. */
  apply(iface: Iface, req: ProxiedRequest, res: ProxiedResponse): ProxiedResponse {
    if (!isSuccess(res) || this.map.size === 0) return res;
    const key = keyOf(req);
    const moved = (v: unknown, off: bigint): unknown => {
      const u = toUnits(v);
      return off === 0n || u === undefined ? v : formatUnits(u + off);
    };
    if (iface === 'trading' && isBalances(req)) {
      return editBody(res, (b) => Array.isArray(b?.data) && b.data.some((e: Json) => e.balance !== (e.balance = moved(e.balance, this.at(key, e.currency)))));
    }
    if (iface === 'wallet' && isWallets(req)) {
      return editBody(res, (b) => Array.isArray(b?.wallets) && b.wallets.some((w: Json) => w.balance !== (w.balance = moved(w.balance, this.at(key, String(w.id))))));
    }
    if (iface === 'wallet' && isWalletBalance(req)) {
      const id = walletIdOf(req) ?? '';
      return editBody(res, (b) => b && b.balance !== (b.balance = moved(b.balance, this.at(key, id))));
    }
    return res;
  }
}
const isBalances = requestOf('trading', 'getBalances');
const isWallets = requestOf('wallet', 'listWallets');
const isWalletBalance = requestOf('wallet', 'getWalletBalance');

/** Where a write moves money, and how much: the currency (trading) or wallet (wallet) and the amount sent. */
interface Moves {
  op: string;
  iface: Iface;
  where(req: ProxiedRequest, res: ProxiedResponse): string | undefined;
  amount(req: ProxiedRequest, res: ProxiedResponse): bigint | undefined;
  /** Another currency the money could wrongly move in. */
  other?: string;
}

const MOVES: Moves[] = [
  { op: 'placeSpotOrder', iface: 'trading', where: (req) => text(bodyOf(req)?.pair), amount: (req) => toUnits(bodyOf(req)?.amount) },
  { op: 'placeMarginOrder', iface: 'trading', where: (req) => text(bodyOf(req)?.pair), amount: (req) => toUnits(bodyOf(req)?.amount) },
  { op: 'placeFuturesOrder', iface: 'trading', where: (req) => text(bodyOf(req)?.pair), amount: (req) => toUnits(bodyOf(req)?.amount) },
  { op: 'placeBinaryOrder', iface: 'trading', where: (req) => text(bodyOf(req)?.pair), amount: (req) => toUnits(bodyOf(req)?.amount), other: 'BTC' },
  { op: 'startCopy', iface: 'trading', where: () => 'USDT', amount: (req) => toUnits(bodyOf(req)?.copy_amount), other: 'BTC' },
  {
    op: 'stopCopy',
    iface: 'trading',
    where: () => 'USDT',
    amount: (_req, res) => {
      try {
        return toUnits(JSON.parse(res.body)?.data?.refunded);
      } catch {
        return undefined;
      }
    },
    other: 'BTC',
  },
  { op: 'sendFromWallet', iface: 'wallet', where: (req) => walletIdOf(req), amount: (req) => toUnits(bodyOf(req)?.amount) },
];

function offsetting(m: Moves, when: (res: ProxiedResponse) => boolean, effect: (o: { add(where: string, units: bigint): void }, where: string, amount: bigint | undefined) => void): () => Breakage {
  const is = requestOf(m.iface, m.op);
  return () => {
    const offsets = new Offsets(m.iface);
    return {
      response: (req, res) => {
        if (is(req)) {
          const where = m.where(req, res);
          const key = keyOf(req);
          // A request without a key moves no one's balance, whatever the layer does.
          if (when(res) && where !== undefined && key !== undefined) effect({ add: (w, units) => offsets.add(key, w, units) }, where, m.amount(req, res));
          return res;
        }
        return offsets.apply(m.iface, req, res);
      },
    };
  };
}

function writeMutants(): Mutant[] {
  const out: Mutant[] = [];
  for (const m of MOVES) {
    const op = getOperation(m.iface, m.op);
    const base = { family: 'state' as const, iface: m.iface, site: m.op };
    out.push({ ...base, id: `write-off-by-one ${m.iface} ${m.op}`, operator: 'write-off-by-one', violates: exactRule(op), says: `${m.op} moves its balance one unit of the smallest decimal too little`, breakage: offsetting(m, isSuccess, (o, w) => o.add(w, 1n)) });
    out.push({
      ...base,
      id: `write-not-applied ${m.iface} ${m.op}`,
      operator: 'write-not-applied',
      violates: semantics(op),
      says: `${m.op} accepted, its amount never moved`,
      breakage: offsetting(m, isSuccess, (o, w, a) => a !== undefined && o.add(w, m.op === 'stopCopy' ? -a : a)),
    });
    out.push({
      ...base,
      id: `refused-write-applied ${m.iface} ${m.op}`,
      operator: 'refused-write-applied',
      // Trading §7 gives each refusal's meaning (the request was not carried out); the wallet's statuses besides 429 are decided.
      violates: m.iface === 'trading' ? seedOf(`${m.iface} §4 ${op.method} ${op.path}`, 'trading §7 400') : semantics(op),
      says: `${m.op} refused, its amount moved all the same`,
      breakage: offsetting(m, (res) => res.status >= 400 && res.status < 500, (o, w, a) => o.add(w, -(a && a > 0n ? a : 1n))),
    });
    if (m.other) {
      const other = m.other;
      out.push({
        ...base,
        id: `write-wrong-currency ${m.iface} ${m.op}`,
        operator: 'write-wrong-currency',
        violates: semantics(op),
        says: `${m.op} moves ${other} instead of its own currency`,
        breakage: offsetting(m, isSuccess, (o, w, a) => {
          if (a === undefined) return;
          const sign = m.op === 'stopCopy' ? -1n : 1n;
          o.add(w, sign * a);
          o.add(other, -sign * a);
        }),
      });
    }
  }
  // A write forwarded twice: what a retrying or double-submitting target does.
  const TWICE: Record<Iface, Record<string, string | undefined>> = {
    trading: {
      placeSpotOrder: undefined,
      placeMarginOrder: undefined,
      placeFuturesOrder: undefined,
      placeBinaryOrder: undefined,
      cancelSpotOrder: 'a second cancel of the same order is refused: the state is the one cancel leaves',
      startCopy: 'a second start of the same copy is refused (decision trading.copy-semantics): the state is the one start leaves',
      stopCopy: 'a second stop is refused: the state is the one stop leaves',
    },
    wallet: {
      createWallet: undefined,
      sendFromWallet: undefined,
      register: 'a second registration of the e-mail is refused: one user either way',
      login: 'a second login mints a token the client never sees; the one answered works the same',
    },
  };
  for (const iface of ['trading', 'wallet'] as const) {
    for (const [id, equivalent] of Object.entries(TWICE[iface])) {
      const op = getOperation(iface, id);
      const is = requestOf(iface, id);
      out.push({
        id: `write-applied-twice ${iface} ${id}`,
        family: 'state',
        operator: 'write-applied-twice',
        iface,
        site: id,
        violates: onceRule(op),
        says: `${id} applied twice for one request`,
        ...(equivalent ? { equivalent } : {}),
        breakage: () => ({ twice: (req) => is(req) }),
      });
    }
  }
  return out;
}

/** Each documented default of a request: a request that leaves the field out is taken with another value. */
function defaultMutants(): Mutant[] {
  const out: Mutant[] = [];
  for (const iface of ['trading', 'wallet'] as const) {
    const doc = loadSpec(iface);
    for (const op of operations(iface)) {
      const is = requestOf(iface, op.operationId);
      const fields: { name: string; in: 'query' | 'body'; def: unknown; decision?: string }[] = [];
      for (const p of op.parameters) if (p.in === 'query' && p.schema.default !== undefined) fields.push({ name: p.name, in: 'query', def: p.schema.default, decision: (doc.paths[op.path][op.method.toLowerCase()].parameters ?? []).find((x: Json) => x.name === p.name)?.['x-doppel-decision']?.id });
      if (op.requestBodyPointer) {
        const schema = resolveRef(doc, { $ref: op.requestBodyPointer });
        const parts = [schema, ...(schema.allOf ?? []).map((s: Json) => resolveRef(doc, s))].flatMap((s: Json) => [s, ...(s.allOf ?? []).map((x: Json) => resolveRef(doc, x))]);
        for (const part of parts) {
          for (const [name, raw] of Object.entries<Json>(part.properties ?? {})) {
            const s = resolveRef(doc, raw);
            if (s?.default !== undefined && !fields.some((x) => x.name === name)) fields.push({ name, in: 'body', def: s.default, decision: raw['x-doppel-decision']?.id ?? s['x-doppel-decision']?.id });
          }
        }
      }
      for (const f of fields) {
        // A listing's limit taken as 1 shows in any listing of two; another number as half its default (or 2 for 1).
        const other = typeof f.def !== 'number' ? undefined : f.name === 'limit' ? 1 : f.def === 1 ? 2 : Math.max(1, Math.floor(f.def / 2));
        if (other === undefined) continue;
        const clause = `${iface} §8 ${f.name} default`;
        const violates: Violation = f.decision ? decisionOf(f.decision) : f.name === 'duration_hours' ? seedOf(clause) : row(op);
        out.push({
          id: `default-ignored ${iface} ${op.operationId} ${f.name}`,
          family: 'state',
          operator: 'default-ignored',
          iface,
          site: `${op.operationId} ${f.name}`,
          violates,
          says: `${f.name} left out taken as ${other}, not its default ${String(f.def)}`,
          breakage: () => ({
            request: (req) => {
              if (!is(req)) return req;
              if (f.in === 'query') {
                const [p, q = ''] = req.path.split('?');
                const params = new URLSearchParams(q);
                if (params.has(f.name)) return req;
                params.set(f.name, String(other));
                return { ...req, path: `${p}?${params}` };
              }
              const body = bodyOf(req);
              if (!body || typeof body !== 'object' || f.name in body) return req;
              return { ...req, body: JSON.stringify({ ...body, [f.name]: other }) };
            },
          }),
        });
      }
    }
  }
  return out;
}

/**
 * RESTler's namespace and hierarchy checkers as layers: a wallet or order asked for by a caller
 * that does not own it is asked for with its owner's key; a wallet's path answered for another
 * wallet of the same caller.
 */
function reachMutants(): Mutant[] {
  const out: Mutant[] = [];
  const walletOps = operations('wallet').filter((o) => o.path.includes('/wallets/{id}/'));
  const isCreate = requestOf('wallet', 'createWallet');
  const isList = requestOf('wallet', 'listWallets');
  /** The owner key of each wallet id, and each key's wallet ids, from the answers passed on. */
  const learner = () => {
    const owner = new Map<string, string>();
    const mine = new Map<string, string[]>();
    const learn = (req: ProxiedRequest, res: ProxiedResponse): void => {
      const key = keyOf(req);
      if (!key || !isSuccess(res)) return;
      let ids: string[] = [];
      try {
        const b = JSON.parse(res.body);
        if (isCreate(req)) ids = [String(b?.wallet?.id ?? b?.id)];
        else if (isList(req) && Array.isArray(b?.wallets)) ids = b.wallets.map((w: Json) => String(w.id));
      } catch {
        return;
      }
      for (const id of ids) {
        if (id === 'undefined') continue;
        owner.set(id, key);
        const list = mine.get(key) ?? [];
        if (!list.includes(id)) list.push(id);
        mine.set(key, list);
      }
    };
    return { owner, mine, learn };
  };
  for (const op of walletOps) {
    const is = requestOf('wallet', op.operationId);
    out.push({
      id: `other-caller-reaches ${'wallet'} ${op.operationId}`,
      family: 'state',
      operator: 'other-caller-reaches',
      iface: 'wallet',
      site: op.operationId,
      violates: seedOf('wallet §5.2'),
      says: `${op.operationId} of another user's wallet answered as its owner's`,
      breakage: () => {
        const l = learner();
        return {
          request: (req) => {
            const id = walletIdOf(req);
            const owner = id === undefined ? undefined : l.owner.get(id);
            // A keyed request only: a request without a key reaching a wallet is an authentication mutant, not this one.
            if (!is(req) || owner === undefined || keyOf(req) === undefined || owner === keyOf(req)) return req;
            return { ...req, headers: { ...req.headers, 'x-api-key': owner } };
          },
          response: (req, res) => (l.learn(req, res), res),
        };
      },
    });
    out.push({
      id: `wrong-parent ${'wallet'} ${op.operationId}`,
      family: 'state',
      operator: 'wrong-parent',
      iface: 'wallet',
      site: op.operationId,
      // Reads answer the other wallet (its §4 row); a send from the other wallet is refused where
      // this one's would pass (its address or token on another chain), which the send's decision judges.
      violates: op.operationId === 'sendFromWallet' ? semantics(op) : row(op),
      says: `${op.operationId} answered for another wallet of the same user`,
      breakage: () => {
        const l = learner();
        return {
          request: (req) => {
            const id = walletIdOf(req);
            const key = keyOf(req);
            const other = (l.mine.get(key ?? '') ?? []).filter((x) => x !== id).at(-1);
            if (!is(req) || id === undefined || other === undefined || l.owner.get(id) !== key) return req;
            return { ...req, path: req.path.replace(`/wallets/${id}/`, `/wallets/${other}/`) };
          },
          response: (req, res) => (l.learn(req, res), res),
        };
      },
    });
  }
  // An order cancelled by a key of another account: taken as its owner's cancel.
  const isCancel = requestOf('trading', 'cancelSpotOrder');
  const creates = ['placeSpotOrder', 'placeMarginOrder', 'placeFuturesOrder', 'placeBinaryOrder'].map((id) => requestOf('trading', id));
  out.push({
    id: 'other-caller-reaches trading cancelSpotOrder',
    family: 'state',
    operator: 'other-caller-reaches',
    iface: 'trading',
    site: 'cancelSpotOrder',
    violates: decisionOf('trading.cancel-semantics'),
    says: "a cancel of another account's order taken as its owner's",
    breakage: () => {
      const owner = new Map<string, string>();
      return {
        request: (req) => {
          const id = String(bodyOf(req)?.order_id);
          const o = owner.get(id);
          if (!isCancel(req) || o === undefined || keyOf(req) === undefined || o === keyOf(req)) return req;
          return { ...req, headers: { ...req.headers, 'api-key': o } };
        },
        response: (req, res) => {
          if (creates.some((c) => c(req)) && isSuccess(res)) {
            try {
              const id = JSON.parse(res.body)?.data?.id;
              if (id !== undefined && keyOf(req)) owner.set(String(id), keyOf(req) as string);
            } catch {
              // not JSON
            }
          }
          return res;
        },
      };
    },
  });
  return out;
}

export function stateMutants(): Mutant[] {
  return [...writeMutants(), ...defaultMutants(), ...reachMutants()];
}
