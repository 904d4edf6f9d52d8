// Input classes: the kinds of valid input each operation's request allows, derived from spec/ (the
// body's fields through requestFields, the query parameters from the operation table), so that a
// field or enum value added to the spec is a class without new code: each optional field present
// and absent, each enum value, a nullable field null and not null, the bounds the schema gives
// (minimum, maximum; a decision point's value where the bound is one) and the bounds the target's
// own data gives (DATA_BOUNDS). What the documents say of a class is judged only on answers to
// requests of it, so the explorer and the probes send every class they can, and the report counts
// them (judge/input-coverage.ts tells which classes an exchange shows).
import { getOperation, operations, type InterfaceName } from '../../spec/index.js';
import { DEFAULT_DECISIONS, type DecisionValues, type PointId } from '../../spec/decision-points.js';
import type { CheckContext } from './context.js';
import { queryFields, requestFields, type FieldSchema } from './arbitraries/request-schema.js';

/** Where a bound comes from when the target's data gives it rather than a number in the schema. */
export type DataBound = 'market-min-amount' | 'market-max-leverage' | 'trader-min-copy' | 'wallet-balance';

export interface InputClass {
  /** `trading placeSpotOrder side=buy`: unique over both interfaces. */
  id: string;
  iface: InterfaceName;
  operationId: string;
  in: 'body' | 'query';
  field: string;
  kind: 'present' | 'absent' | 'value' | 'null' | 'not-null' | 'minimum' | 'maximum';
  /** The enum value, or the bound the schema (or a decision point) gives; undefined for a data bound. */
  value?: unknown;
  bound?: DataBound | undefined;
  /** `side=buy`, `price absent`, `limit=100 (maximum)`, `amount=min_amount (the market's smallest)`. */
  name: string;
  schema: FieldSchema;
}

/**
 * Bounds the target's data gives: the market's smallest amount (decision trading.required-fields;
 * not a binary bid's, which is quote currency: trading.binary-semantics), the market's largest
 * leverage (seed trading §4 "from 1 up to a maximum", decision trading.market-fields), a lead
 * trader's smallest copy (trading.copy-semantics), and a wallet's whole balance, native or the
 * token's (wallet.send-semantics: no more than the available balance).
 */
const DATA_BOUNDS: readonly { operationIds: readonly string[]; field: string; kind: 'minimum' | 'maximum'; bound: DataBound; name: string }[] = [
  { operationIds: ['placeSpotOrder', 'placeMarginOrder', 'placeFuturesOrder'], field: 'amount', kind: 'minimum', bound: 'market-min-amount', name: "amount=min_amount (the market's smallest)" },
  { operationIds: ['placeMarginOrder', 'placeFuturesOrder'], field: 'leverage', kind: 'maximum', bound: 'market-max-leverage', name: "leverage=max_leverage (the market's largest)" },
  { operationIds: ['startCopy'], field: 'copy_amount', kind: 'minimum', bound: 'trader-min-copy', name: "copy_amount=min_copy_amount (the trader's smallest)" },
  { operationIds: ['sendFromWallet'], field: 'amount', kind: 'maximum', bound: 'wallet-balance', name: "amount=balance (the wallet's whole balance)" },
];

/** Schema maxima that are decision points: the class takes the point's value (doppel's, or the --profile's). */
const DECIDED_MAXIMA: Readonly<Record<string, PointId>> = {
  'placeFuturesOrder.duration_hours': 'trading.futures-duration',
  'listWalletTransactions.limit': 'wallet.transactions-paging#max-limit',
};

// An id's range is the integers' (ids come from the target): no request sits at 1 or 2^53 − 1 by choice.
const isId = (field: string): boolean => field === 'id' || field.endsWith('_id');

function classesOf(iface: InterfaceName, operationId: string, where: 'body' | 'query', f: FieldSchema, decisions: Readonly<DecisionValues>): InputClass[] {
  const out: InputClass[] = [];
  const add = (kind: InputClass['kind'], name: string, value?: unknown, bound?: DataBound) =>
    out.push({ id: `${iface} ${operationId} ${name}`, iface, operationId, in: where, field: f.name, kind, value, bound, name, schema: f });
  if (!f.required) {
    add('present', `${f.name} present`);
    add('absent', `${f.name} absent`);
  }
  for (const v of f.enum ?? []) if (v !== null) add('value', `${f.name}=${String(v)}`, v);
  if (f.types.includes('null')) {
    add('null', `${f.name} null`, null);
    add('not-null', `${f.name} not null`);
  }
  if (!isId(f.name) && f.minimum !== undefined) add('minimum', `${f.name}=${f.minimum} (minimum)`, f.minimum);
  const point = DECIDED_MAXIMA[`${operationId}.${f.name}`];
  const maximum = point === undefined ? f.maximum : (decisions[point] as number);
  if (!isId(f.name) && maximum !== undefined) add('maximum', `${f.name}=${maximum} (maximum)`, maximum);
  for (const b of DATA_BOUNDS) if (b.field === f.name && b.operationIds.includes(operationId)) add(b.kind, b.name, undefined, b.bound);
  return out;
}

/** Every input class of the interfaces' operations with a request body or query. */
export function inputClasses(ifaces: readonly InterfaceName[], decisions: Readonly<DecisionValues> = DEFAULT_DECISIONS): InputClass[] {
  return ifaces.flatMap((iface) =>
    operations(iface).flatMap((op) => [
      ...requestFields(iface, op.operationId).flatMap((f) => classesOf(iface, op.operationId, 'body', f, decisions)),
      ...queryFields(iface, op.operationId).flatMap((f) => classesOf(iface, op.operationId, 'query', f, decisions)),
    ]),
  );
}

/** A field a request of the class leaves out. */
export const ABSENT = Symbol('absent');
/** A class that fixes no value (`present` of a field the schema gives nothing to send): keep what the request has. */
export const AS_DRAWN = Symbol('as drawn');

/**
 * The value a request of the class sends for its field: the enum value or the bound, null, ABSENT;
 * for `present` the schema's default, first enum value or minimum; AS_DRAWN when the class fixes
 * none (a data bound, `not null`, a field without either): the sender supplies it.
 */
export function classValue(c: InputClass): unknown {
  switch (c.kind) {
    case 'absent':
      return ABSENT;
    case 'null':
      return null;
    case 'value':
      return c.value;
    case 'minimum':
    case 'maximum':
      return c.bound ? AS_DRAWN : c.value;
    case 'present':
      return c.schema.default ?? c.schema.enum?.find((v) => v !== null) ?? c.schema.minimum ?? AS_DRAWN;
    case 'not-null':
      return AS_DRAWN;
  }
}

/** The body or query with the class's value set (ABSENT: left out; AS_DRAWN: as it is). */
export function withClass<T>(c: InputClass, fields: Record<string, T>, asText: (v: unknown) => T): Record<string, T> {
  const v = classValue(c);
  const next = { ...fields };
  if (v === ABSENT) delete next[c.field];
  else if (v !== AS_DRAWN) next[c.field] = asText(v);
  return next;
}

const notes = new WeakMap<CheckContext, Map<string, string>>();

/** Why the run's sender did not send a class (no market lists max_leverage, too little USDT, …), for the report. */
export function noteUnsent(ctx: CheckContext, c: InputClass, why: string): void {
  let map = notes.get(ctx);
  if (!map) notes.set(ctx, (map = new Map()));
  if (!map.has(c.id)) map.set(c.id, why);
}

/** Why the run sent no request of the class that was answered 2xx: its options first, then what the sender or the target said. */
export function whyUnsent(ctx: CheckContext, c: InputClass, explored: boolean, refused: string | undefined): string {
  const op = getOperation(c.iface, c.operationId);
  if (op.method !== 'GET' && !ctx.allowWrites) return 'writes not allowed (--allow-writes)';
  if (c.iface === 'trading' && op.permission === 'trade' && ctx.trading.key === undefined) return 'no --trading-key given';
  if (c.iface === 'trading' && op.permission === 'read' && ctx.trading.key === undefined && ctx.trading.readKey === undefined) return 'no --trading-key or --trading-read-key given';
  if (c.iface === 'wallet' && op.secured && ctx.wallet.key === undefined) return 'no --wallet-key given';
  if (!explored) return 'the explorer and the probes did not run (no response or state check selected)';
  return refused ?? notes.get(ctx)?.get(c.id) ?? 'no request of it was answered 2xx';
}
