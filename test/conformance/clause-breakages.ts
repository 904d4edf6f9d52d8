// One breaking layer per clause of the interface documents (spec/clauses.ts ids): each changes only
// what its clause governs, in front of doppel mock, and the assertions citing that clause must kill
// it (test/conformance/clause-kills.test.ts). Generated where the shape allows: a field dropped per
// §2 row, a top-level field per wallet §4 row, a status per trading §7 row, a credential per trading
// §4 permission, an invalid input accepted per request field; written out for the rest.
import { getOperation, operations } from '../../spec/index.js';
import { requestFields, type FieldSchema } from '../../conformance/act/arbitraries/request-schema.js';
import { tradingFieldClause } from '../../conformance/act/arbitraries/mutation-basis.js';
import { editJson, pathOf, type Breakage, type ProxiedRequest, type ProxiedResponse } from './broken-proxy.js';
import { BYTE_BREAKAGES } from './byte-breakages.js';
import { MUTANTS } from './mutants.js';
import { NEGATIVE_MUTANTS } from './negative-space-mutants.js';
import { STATE_MUTANTS } from './state-mutants.js';

export interface ClauseBreakage {
  /** The clause it breaks. */
  clause: string;
  /** What the target does wrong. */
  name: string;
  iface: 'trading' | 'wallet';
  /** The clause is judged by decision assertions only: killed under --strict. */
  strict?: boolean;
  /** The breakage needs the documented wallet limit of 60 and --rate-limit. */
  rateLimit?: boolean;
  /** Checks run besides those citing the clause, for the traffic they make (a response check judges only what others sent). */
  traffic?: string[];
  /** What the killing failures' messages say, each matched by one of them: the problem named, not only a check failed. */
  says?: RegExp[];
  breakage: () => Breakage;
}

type Body = any;

const is = (req: ProxiedRequest, method: string, path: string | RegExp): boolean =>
  req.method === method && (typeof path === 'string' ? pathOf(req) === path : path.test(pathOf(req)));

/** A path template (`/api/v1/wallets/{id}/balance`) as a matcher. */
const matcher = (path: string): RegExp => new RegExp(`^${path.replace(/\{[^}]+\}/g, '[^/]+')}$`);

const ok = (res: ProxiedResponse): boolean => res.status >= 200 && res.status < 300;

/** Edits the JSON body of the successful answers to one operation. */
function onSuccess(method: string, path: string, edit: (body: Body) => unknown): () => Breakage {
  const at = matcher(path);
  return () => ({ response: (req, res) => (is(req, method, at) && ok(res) ? editJson(res, edit) : res) });
}

const success = (res: ProxiedResponse, body: unknown): ProxiedResponse => ({ ...res, status: 200, headers: { ...res.headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });

const each = (list: unknown, fn: (x: Body) => void): void => {
  if (Array.isArray(list)) list.forEach((x) => x && typeof x === 'object' && fn(x));
};

// ── Family: a §2 field dropped wherever its record is answered ──────────────────────────────────
const TRADING_RECORDS: Record<string, { method: string; path: string; records: (b: Body) => Body[] }> = {
  'Price entry': { method: 'GET', path: '/api/v1/prices', records: (b) => (b?.data && typeof b.data === 'object' ? Object.values(b.data) : []) },
  'Balance entry': { method: 'GET', path: '/api/v1/account/balances', records: (b) => (Array.isArray(b?.data) ? b.data : []) },
};
const WALLET_RECORDS: Record<string, { method: string; path: string; records: (b: Body) => Body[] }[]> = {
  User: [{ method: 'POST', path: '/api/v1/login', records: (b) => [b?.user] }],
  Chain: [{ method: 'GET', path: '/api/v1/chains', records: (b) => b?.chains ?? [] }],
  Wallet: [
    { method: 'POST', path: '/api/v1/wallets/create', records: (b) => [b?.wallet] },
    { method: 'GET', path: '/api/v1/wallets', records: (b) => b?.wallets ?? [] },
  ],
  Transaction: [{ method: 'GET', path: '/api/v1/wallets/{id}/transactions', records: (b) => b?.transactions ?? [] }],
  'Balance result': [{ method: 'GET', path: '/api/v1/wallets/{id}/balance', records: (b) => [b] }],
};

function dropField(places: { method: string; path: string; records: (b: Body) => Body[] }[], field: string): () => Breakage {
  const at = places.map((p) => ({ ...p, re: matcher(p.path) }));
  return () => ({
    response: (req, res) => {
      const place = at.find((p) => is(req, p.method, p.re));
      return place && ok(res) ? editJson(res, (b) => each(place.records(b), (r) => void delete r[field])) : res;
    },
  });
}

function fieldDrops(): ClauseBreakage[] {
  const out: ClauseBreakage[] = [];
  for (const [name, place] of Object.entries(TRADING_RECORDS)) {
    const fields = name === 'Price entry' ? ['symbol', 'name', 'price_usd', 'change_24h', 'volume_24h'] : ['currency', 'chain', 'balance'];
    for (const f of fields) out.push({ clause: `trading §2 ${name}.${f}`, name: `${name} without ${f}`, iface: 'trading', breakage: dropField([place], f) });
  }
  const walletFields: Record<string, string[]> = {
    User: ['id', 'name', 'email'],
    Chain: ['id', 'name', 'slug', 'symbol'],
    Wallet: ['id', 'chain', 'address', 'symbol', 'balance'],
    Transaction: ['tx_hash', 'type', 'amount', 'from', 'to', 'status', 'date'],
    'Balance result': ['balance', 'symbol', 'usd_value'],
  };
  for (const [name, fields] of Object.entries(walletFields)) {
    for (const f of fields) out.push({ clause: `wallet §2 ${name}.${f}`, name: `${name} without ${f}`, iface: 'wallet', breakage: dropField(WALLET_RECORDS[name] ?? [], f) });
  }
  return out;
}

// ── Family: a wallet §4 row's first top-level response field dropped ─────────────────────────────
const WALLET_TOP: Record<string, string> = {
  register: 'user_id',
  login: 'token',
  listChains: 'chains',
  createWallet: 'wallet',
  listWallets: 'wallets',
  getWalletBalance: 'usd_value',
  listWalletTransactions: 'transactions',
  sendFromWallet: 'tx_hash',
  getWalletPrices: 'prices',
};

function walletRows(): ClauseBreakage[] {
  return Object.entries(WALLET_TOP).map(([op, field]) => {
    const { method, path } = getOperation('wallet', op);
    return { clause: `wallet §4 ${method} ${path}`, name: `${op} answers without ${field}`, iface: 'wallet', breakage: onSuccess(method, path, (b) => void delete b[field]) };
  });
}

// ── Family: the trading §4 Permission column, one credential per row ─────────────────────────────
const KEYS = new Set(['demo-trade-key', 'demo-read-key']);

/** A 404 for the read key on a request to `path`, where doppel answers 403: the lookup before the permission. */
const readKey404 = (path: string): (() => Breakage) => () => ({
  response: (req, res) => (is(req, 'POST', path) && req.headers['api-key'] === 'demo-read-key' && res.status === 403 ? { ...res, status: 404, body: '{"success":false,"error":"not found"}' } : res),
});

function permissionRows(): ClauseBreakage[] {
  return operations('trading').flatMap((op): ClauseBreakage[] => {
    const at = matcher(op.path);
    const clause = `trading §4 ${op.method} ${op.path}`;
    const mine = (req: ProxiedRequest) => is(req, op.method, at);
    if (op.permission === 'none') {
      return [{ clause, name: `${op.operationId} demands a key`, iface: 'trading' as const, breakage: () => ({ response: (req, res) => (mine(req) && !req.headers['api-key'] ? { ...res, status: 401, body: '{"success":false,"error":"missing API-KEY"}' } : res) }) }];
    }
    if (op.permission === 'read') {
      // Without a key, or with a key the target does not know, it reads the trade key's account.
      return [{ clause, name: `${op.operationId} without a valid key reads an account`, iface: 'trading' as const, breakage: () => ({ request: (req) => (mine(req) && !KEYS.has(req.headers['api-key'] ?? '') ? { ...req, headers: { ...req.headers, 'api-key': 'demo-trade-key' } } : req) }) }];
    }
    // A cancel or stop names an order or a relation the read key's account does not have: a success
    // for it, or a 404 (the lookup before the permission), breaks the row as trading with it does.
    const resource = op.operationId === 'cancelSpotOrder' || op.operationId === 'stopCopy';
    if (resource) {
      return [
        { clause, name: `${op.operationId} succeeds for the read key`, iface: 'trading' as const, breakage: () => ({ response: (req, res) => (mine(req) && req.headers['api-key'] === 'demo-read-key' ? success(res, { success: true, data: {} }) : res) }) },
        { clause: `${clause}#404`, name: `${op.operationId} answers the read key 404`, iface: 'trading' as const, breakage: readKey404(op.path) },
      ];
    }
    return [{ clause, name: `${op.operationId} lets the read key trade`, iface: 'trading' as const, breakage: () => ({ request: (req) => (mine(req) && req.headers['api-key'] === 'demo-read-key' ? { ...req, headers: { ...req.headers, 'api-key': 'demo-trade-key' } } : req) }) }];
  });
}

// ── Family: a trading §7 row's status answered as another, undocumented one ──────────────────────
function statusRows(): ClauseBreakage[] {
  const swap = (from: number, to: number): (() => Breakage) => () => ({ response: (_req, res) => (res.status === from ? { ...res, status: to } : res) });
  return [
    { clause: 'trading §7 200', name: 'successes answer 201', iface: 'trading', breakage: swap(200, 201) },
    { clause: 'trading §7 400', name: 'invalid parameters answer 422', iface: 'trading', breakage: swap(400, 422) },
    { clause: 'trading §7 401', name: 'a missing key answers 419', iface: 'trading', breakage: swap(401, 419) },
    { clause: 'trading §7 403', name: 'insufficient permission answers 405', iface: 'trading', breakage: swap(403, 405) },
    { clause: 'trading §7 404', name: 'not found answers 410', iface: 'trading', breakage: swap(404, 410) },
    { clause: 'trading §7 500', name: 'the markets listing answers 500', iface: 'trading', breakage: () => ({ response: (req, res) => (is(req, 'GET', '/api/v1/markets') ? { ...res, status: 500 } : res) }) },
  ];
}

// ── Family: one request field's seed-invalid values accepted ─────────────────────────────────────
const SEED_ENUMS = new Set(['side', 'order_type', 'direction']);
const DECIMAL = /^(0|[1-9][0-9]*)(\.[0-9]{1,8})?$/;

/** Whether a value breaks what the seed says of the field: its JSON type, a spelled-out enum, a decimal string, leverage ≥ 1. */
function seedInvalid(field: FieldSchema, value: unknown): boolean {
  if (value === undefined || value === null) return false;
  const type = typeof value === 'number' && Number.isInteger(value) ? ['integer', 'number'] : [typeof value];
  if (!type.some((t) => field.types.includes(t))) return true;
  if (SEED_ENUMS.has(field.name) && field.enum && !field.enum.includes(value)) return true;
  if (field.decimal && typeof value === 'string' && !DECIMAL.test(value)) return true;
  return field.name === 'leverage' && typeof value === 'number' && value < 1;
}

const parse = (text: string): Body => {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
};

/** A 400 to `op` whose request `refused(req)` says is the broken rule's case becomes a success. */
function acceptInvalid(iface: 'trading' | 'wallet', ops: string[], refused: (op: string, req: ProxiedRequest) => boolean, answer: unknown): () => Breakage {
  const at = ops.map((op) => ({ op, method: getOperation(iface, op).method, re: matcher(getOperation(iface, op).path) }));
  return () => ({
    response: (req, res) => {
      const hit = at.find((a) => is(req, a.method, a.re));
      return hit && res.status === 400 && refused(hit.op, req) ? success(res, answer) : res;
    },
  });
}

function inputRows(): ClauseBreakage[] {
  const byClause = new Map<string, { op: string; field: FieldSchema }[]>();
  for (const op of operations('trading').filter((o) => o.method === 'POST')) {
    for (const field of requestFields('trading', op.operationId)) {
      const clause = tradingFieldClause(op.operationId, field.name);
      byClause.set(clause, [...(byClause.get(clause) ?? []), { op: op.operationId, field }]);
    }
  }
  const out: ClauseBreakage[] = [...byClause].map(([clause, fields]) => ({
    clause,
    name: `accepts seed-invalid ${fields.map((f) => `${f.op}.${f.field.name}`).join(', ')}`,
    iface: 'trading',
    breakage: acceptInvalid('trading', [...new Set(fields.map((f) => f.op))], (op, req) => {
      const body = parse(req.body);
      return fields.some((f) => f.op === op && body && typeof body === 'object' && seedInvalid(f.field, body[f.field.name]));
    }, { success: true, data: {} }),
  }));
  const query = (name: string, bad: (v: string) => boolean) => (_op: string, req: ProxiedRequest) => {
    const v = new URL(req.path, 'http://x').searchParams.get(name);
    return v !== null && bad(v);
  };
  const notJson = (_op: string, req: ProxiedRequest) => {
    const body = parse(req.body);
    return body === undefined || typeof body !== 'object' || Array.isArray(body) || body === null;
  };
  const posts = (iface: 'trading' | 'wallet') => operations(iface).filter((o) => o.method === 'POST').map((o) => o.operationId);
  out.push(
    { clause: 'trading §4 Conventions', name: 'accepts a POST body that is no JSON object', iface: 'trading', breakage: acceptInvalid('trading', posts('trading'), notJson, { success: true, data: {} }) },
    { clause: 'trading §8 limit', name: 'accepts an orders limit over 100', iface: 'trading', breakage: acceptInvalid('trading', ['listOrders'], query('limit', (v) => Number(v) > 100), { success: true, data: [] }) },
    { clause: 'trading §4 Query of GET /api/v1/account/orders.limit', name: 'accepts a non-integer orders limit', iface: 'trading', breakage: acceptInvalid('trading', ['listOrders'], query('limit', (v) => !/^-?[0-9]+$/.test(v)), { success: true, data: [] }) },
    { clause: 'trading §4 Query of GET /api/v1/account/orders.type', name: 'accepts an orders type outside spot, margin, futures, binary', iface: 'trading', breakage: acceptInvalid('trading', ['listOrders'], query('type', (v) => !['spot', 'margin', 'futures', 'binary'].includes(v)), { success: true, data: [] }) },
    { clause: 'trading §8 leverage', name: 'accepts leverage 0', iface: 'trading', breakage: acceptInvalid('trading', ['placeMarginOrder', 'placeFuturesOrder'], (_op, req) => (parse(req.body)?.leverage ?? 1) < 1, { success: true, data: {} }) },
    { clause: 'wallet §4 Conventions', name: 'accepts a POST body that is no JSON object', iface: 'wallet', breakage: acceptInvalid('wallet', posts('wallet'), notJson, { success: true }) },
  );
  // Wallet §4 rows give the request fields' types: a field of the wrong JSON type accepted.
  for (const op of ['register', 'login', 'createWallet', 'sendFromWallet']) {
    const { method, path } = getOperation('wallet', op);
    const fields = requestFields('wallet', op);
    out.push({
      clause: `wallet §4 ${method} ${path}#input`,
      name: `${op} accepts a field of the wrong type`,
      iface: 'wallet',
      breakage: acceptInvalid('wallet', [op], (_op, req) => {
        const body = parse(req.body);
        return Boolean(body && typeof body === 'object' && fields.some((f) => seedInvalid({ ...f, name: '' }, body[f.name])));
      }, { success: true }),
    });
  }
  return out;
}

// ── Written out: the clauses whose breakage has a shape of its own ───────────────────────────────
const mutant = (name: string): (() => Breakage) => {
  const m = MUTANTS.find((x) => x.name === name) ?? STATE_MUTANTS.find((x) => x.name === name);
  if (!m) throw new Error(`no mutant "${name}"`);
  return m.breakage;
};

/** A breaking layer of the negative-space suite (negative-space-mutants.ts), by name. */
function negative(name: string): () => Breakage {
  const found = NEGATIVE_MUTANTS.find((m) => m.name === name);
  if (!found) throw new Error(`no negative-space mutant ${name}`);
  return found.breakage;
}

const WRITTEN: ClauseBreakage[] = [
  { clause: 'trading §5.1', name: 'trading reads the key from X-API-Key too', iface: 'trading', breakage: negative('trading reads the key from X-API-Key too') },
  { clause: 'trading §1 bullet 2', name: 'text/plain answers', iface: 'trading', breakage: () => ({ response: (_req, res) => ({ ...res, headers: { ...res.headers, 'content-type': 'text/plain' } }) }) },
  { clause: 'wallet §1 bullet 2', name: 'text/html on chains', iface: 'wallet', breakage: mutant('text/html Content-Type on chains') },
  { clause: 'trading §1 bullet 5', name: 'the orders listing answers "data": null', iface: 'trading', breakage: onSuccess('GET', '/api/v1/account/orders', (b) => void (b.data = null)) },
  { clause: 'trading §2 Price entry', name: 'prices data is an array', iface: 'trading', breakage: onSuccess('GET', '/api/v1/prices', (b) => void (b.data = Object.values(b.data))) },
  { clause: 'trading §2 Balance entry', name: 'balances data is an object', iface: 'trading', breakage: onSuccess('GET', '/api/v1/account/balances', (b) => void (b.data = { ...b.data })) },
  { clause: 'trading §2 bullet 1', name: 'account info without a decided field', iface: 'trading', strict: true, breakage: onSuccess('GET', '/api/v1/account', (b) => void delete b.data[Object.keys(b.data)[0] as string]) },
  { clause: 'trading §2 bullet 2', name: 'order records without id', iface: 'trading', strict: true, breakage: onSuccess('GET', '/api/v1/account/orders', (b) => each(b.data, (o) => void delete o.id)) },
  { clause: 'trading §2 bullet 3', name: 'market records without a decided field', iface: 'trading', strict: true, breakage: onSuccess('GET', '/api/v1/markets', (b) => each(b.data, (m) => void delete m[Object.keys(m)[0] as string])) },
  { clause: 'trading §2 bullet 4', name: 'lead trader records without a decided field', iface: 'trading', strict: true, breakage: onSuccess('GET', '/api/v1/copy/traders', (b) => each(b.data, (t) => void delete t[Object.keys(t)[0] as string])) },
  { clause: 'trading §3 bullet 1', name: 'the open filter answers an order that is not open', iface: 'trading', breakage: () => ({ response: (req, res) => (is(req, 'GET', '/api/v1/account/orders') && req.path.includes('status=open') && ok(res) ? editJson(res, (b) => each(b.data?.slice(0, 1), (o) => void (o.status = 'cancelled'))) : res) }) },
  { clause: 'trading §4 Query of GET /api/v1/account/orders.status', name: 'the status filter answers an order of another status', iface: 'trading', breakage: () => ({
    response: (req, res) => {
      const status = new URL(req.path, 'http://x').searchParams.get('status');
      return is(req, 'GET', '/api/v1/account/orders') && status !== null && ok(res) ? editJson(res, (b) => each(b.data?.slice(-1), (o) => void (o.status = status === 'filled' ? 'open' : 'filled'))) : res;
    },
  }) },
  { clause: 'trading §3 bullet 2', name: 'no refund on copy stop', iface: 'trading', breakage: mutant('no refund on copy stop') },
  { clause: 'trading §4 bullet 1', name: 'a placed order answered without its decided fields', iface: 'trading', strict: true, breakage: onSuccess('POST', '/api/v1/spot/order', (b) => void (b.data = {})) },
  { clause: 'trading §4 bullet 2', name: 'a spot order without side accepted', iface: 'trading', strict: true, breakage: acceptInvalid('trading', ['placeSpotOrder'], (_op, req) => parse(req.body)?.side === undefined, { success: true, data: {} }) },
  { clause: 'trading §4 Body of POST /api/v1/binary/order.duration_minutes', name: 'binary bids never settle', iface: 'trading', breakage: mutant('binary bids never settle') },
  { clause: 'trading §4 Body of POST /api/v1/futures/order.duration_hours', name: 'futures positions never expire', iface: 'trading', breakage: futuresStayOpen },
  { clause: 'trading §8 duration_hours default', name: 'futures positions never expire', iface: 'trading', breakage: futuresStayOpen },
  { clause: 'trading §8 duration_hours default#applied', name: 'a futures order without duration_hours runs 12 hours', iface: 'trading', breakage: otherDefault(['/api/v1/futures/order'], 'duration_hours', 12) },
  { clause: 'trading §8 duration_hours default#required', name: 'a futures order without duration_hours is refused', iface: 'trading', breakage: () => ({ response: (req, res) => (is(req, 'POST', '/api/v1/futures/order') && parse(req.body)?.duration_hours === undefined ? { ...res, status: 400, body: '{"success":false,"error":"duration_hours is required"}' } : res) }) },
  { clause: 'trading §4 Body of POST /api/v1/margin/order.leverage#default', name: 'a margin or futures order without leverage gets leverage 2', iface: 'trading', breakage: otherDefault(['/api/v1/margin/order', '/api/v1/futures/order'], 'leverage', 2) },
  { clause: 'trading §5.3', name: 'the read key cannot view balances', iface: 'trading', breakage: () => ({ response: (req, res) => (is(req, 'GET', '/api/v1/account/balances') && req.headers['api-key'] === 'demo-read-key' ? { ...res, status: 403, body: '{"success":false,"error":"forbidden"}' } : res) }) },
  { clause: 'trading §5.4', name: 'public prices demand a key', iface: 'trading', breakage: mutant('public prices demand a key') },
  { clause: 'trading §5.5', name: 'read key allowed to trade', iface: 'trading', breakage: mutant('read key allowed to trade') },
  { clause: 'trading §5.5#copy-stop', name: 'a read key answered 404 on copy stop', iface: 'trading', breakage: readKey404('/api/v1/copy/stop') },
  { clause: 'trading §5.6', name: '200 instead of 401', iface: 'trading', breakage: mutant('200 instead of 401') },
  { clause: 'trading §7 Shape of an error body', name: 'error bodies without error', iface: 'trading', strict: true, breakage: () => ({ response: (_req, res) => (res.status >= 400 ? editJson(res, (b) => void delete b.error) : res) }) },
  { clause: 'trading §8 bullet 1', name: 'orders listing defaults to 2 entries', iface: 'trading', strict: true, breakage: mutant('orders listing defaults to 2 entries') },
  { clause: 'wallet §1 bullet 4', name: 'tokens listed in reverse', iface: 'wallet', strict: true, breakage: onSuccess('GET', '/api/v1/wallets', (b) => each(b.wallets, (w) => Array.isArray(w.tokens) && w.tokens.reverse())) },
  { clause: 'wallet §2 bullet 1', name: 'a transaction type doppel does not decide', iface: 'wallet', strict: true, breakage: onSuccess('GET', '/api/v1/wallets/{id}/transactions', (b) => each(b.transactions, (t) => void (t.type = 'teleport'))) },
  { clause: 'wallet §2 bullet 2', name: 'token records without a decided field', iface: 'wallet', strict: true, breakage: onSuccess('GET', '/api/v1/wallets', (b) => each(b.wallets, (w) => each(w.tokens, (t) => void delete t[Object.keys(t)[0] as string]))) },
  { clause: 'wallet §3 bullet 1', name: 'a send is confirmed at once', iface: 'wallet', strict: true, breakage: confirmedAtOnce },
  { clause: 'wallet §4 bullet 1', name: 'a login token is refused as X-API-Key', iface: 'wallet', breakage: () => ({ response: (req, res) => (req.headers['x-api-key'] && !req.headers['x-api-key'].startsWith('demo-') && ok(res) ? { ...res, status: 401, body: '{"success":false,"error":"invalid key"}' } : res) }) },
  { clause: 'wallet §4 bullet 2', name: 'an invalid token_id answers 422', iface: 'wallet', strict: true, breakage: () => ({ response: (req, res) => (is(req, 'POST', /\/send$/) && res.status === 400 && parse(req.body)?.token_id !== undefined && parse(req.body)?.token_id !== null ? { ...res, status: 422 } : res) }) },
  { clause: 'wallet §4 bullet 2#native', name: 'a token send sends the native coin', iface: 'wallet', strict: true, breakage: tokenSend(() => undefined) },
  { clause: 'wallet §4 bullet 2#refused', name: 'a send of a token the wallet lists is refused', iface: 'wallet', strict: true, breakage: tokenSend(() => 999_999) },
  { clause: 'wallet §4 bullet 3', name: 'a transactions page longer than its limit (or the default 50)', iface: 'wallet', strict: true, breakage: () => ({
    response: (req, res) => {
      if (!is(req, 'GET', /\/transactions$/) || !ok(res)) return res;
      const limit = Number(new URL(req.path, 'http://x').searchParams.get('limit') ?? 50);
      return editJson(res, (b) => void (Array.isArray(b.transactions) && b.transactions.length > 0 && (b.transactions = Array.from({ length: limit + 1 }, (_, i) => b.transactions[i % b.transactions.length]))));
    },
  }) },
  { clause: 'wallet §4 Conventions#success', name: 'wallet error bodies without success', iface: 'wallet', breakage: mutant('wallet error body without success') },
  { clause: 'wallet §5.1', name: 'wallets listed without a key', iface: 'wallet', breakage: () => ({ request: (req) => (is(req, 'GET', '/api/v1/wallets') && !req.headers['x-api-key'] ? { ...req, headers: { ...req.headers, 'x-api-key': 'demo-wallet-key' } } : req) }) },
  { clause: 'wallet §5.2', name: "another user's wallet readable", iface: 'wallet', breakage: mutant("another user's wallet readable") },
  { clause: 'wallet §5.3', name: 'wallets created without a key', iface: 'wallet', breakage: () => ({ request: (req) => (is(req, 'POST', '/api/v1/wallets/create') && !req.headers['x-api-key'] ? { ...req, headers: { ...req.headers, 'x-api-key': 'demo-wallet-key' } } : req) }) },
  { clause: 'wallet §7 bullet 1', name: 'error bodies without error', iface: 'wallet', traffic: ['wallet-auth-401'], breakage: () => ({ response: (_req, res) => (res.status >= 400 ? editJson(res, (b) => void delete b.error) : res) }) },
  { clause: 'wallet §7 bullet 2', name: '503 instead of 429', iface: 'wallet', rateLimit: true, breakage: () => ({ response: (_req, res) => (res.status === 429 ? { ...res, status: 503 } : res) }) },
  { clause: 'wallet §7 bullet 3', name: 'an unknown wallet answers 410', iface: 'wallet', strict: true, traffic: ['wallet-unknown-id-404'], breakage: () => ({ response: (_req, res) => (res.status === 404 ? { ...res, status: 410 } : res) }) },
  { clause: 'wallet §8 Requests', name: 'no 429 after 60 requests', iface: 'wallet', rateLimit: true, breakage: mutant('no 429 after 60 requests') },
  { clause: 'wallet §8 Other limits', name: 'a transactions limit of 100 refused', iface: 'wallet', strict: true, breakage: () => ({ response: (req, res) => (is(req, 'GET', /\/transactions$/) && new URL(req.path, 'http://x').searchParams.get('limit') === '100' ? { ...res, status: 400, body: '{"success":false,"error":"limit"}' } : res) }) },
];

/** A receive is dated at its send: the transfer shows no time pending (decision wallet.send-semantics). */
function confirmedAtOnce(): Breakage {
  const sent = new Map<string, string>();
  return {
    response: (req, res) =>
      is(req, 'GET', /\/transactions$/) && ok(res)
        ? editJson(res, (b) => {
            each(b.transactions, (t) => void (t.type === 'send' && sent.set(t.tx_hash, t.date)));
            each(b.transactions, (t) => void (t.type === 'receive' && sent.has(t.tx_hash) && (t.date = sent.get(t.tx_hash))));
          })
        : res,
  };
}

/** The target applies `value` to an order body that leaves `field` out, not the documented default. */
function otherDefault(paths: string[], field: string, value: number): () => Breakage {
  return () => ({
    request: (req) => {
      const body = parse(req.body);
      return req.method === 'POST' && paths.includes(pathOf(req)) && body && typeof body === 'object' && body[field] === undefined ? { ...req, body: JSON.stringify({ ...body, [field]: value }) } : req;
    },
  });
}

/** A send with a non-null token_id reaches the target with the token_id `to` gives (undefined: left out, the native coin). */
function tokenSend(to: (tokenId: number) => number | undefined): () => Breakage {
  return () => ({
    request: (req) => {
      const body = parse(req.body);
      if (!is(req, 'POST', /\/send$/) || typeof body?.token_id !== 'number') return req;
      const { token_id: tokenId, ...rest } = body;
      const next = to(tokenId);
      return { ...req, body: JSON.stringify(next === undefined ? rest : { ...rest, token_id: next }) };
    },
  });
}

/** Futures positions stay open in every listing, whatever their duration_hours. */
function futuresStayOpen(): Breakage {
  return { response: (req, res) => (is(req, 'GET', '/api/v1/account/orders') && ok(res) ? editJson(res, (b) => each(b.data, (o) => o.type === 'futures' && (o.status = 'open'))) : res) };
}

/**
 * Every breakage. A clause may carry a `#suffix` when one clause has several (the wallet §4 rows:
 * an answer without a field, and input of the wrong type accepted); the suffix is not part of the id.
 */
export const CLAUSE_BREAKAGES: ClauseBreakage[] = [...fieldDrops(), ...walletRows(), ...permissionRows(), ...statusRows(), ...inputRows(), ...WRITTEN, ...BYTE_BREAKAGES];

export const clauseOf = (b: ClauseBreakage): string => b.clause.replace(/#.*$/, '');
