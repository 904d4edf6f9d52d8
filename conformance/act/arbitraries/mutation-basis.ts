// Which rule makes a mutation invalid: the seed (trading §4 field types and allowed values, §8
// minimum leverage and limit, §7 "400 bad request, invalid parameters"; wallet §4 field types) or a
// doppel decision. A seed basis names the clause ids (spec/clauses.ts) of the field's row.
import { getOperation, type InterfaceName } from '../../../spec/index.js';

export type MutationKind =
  | 'wrong-type'
  | 'missing'
  | 'below-minimum'
  | 'above-maximum'
  | 'enum'
  | 'malformed-decimal'
  | 'decimal-precision'
  | 'unknown-symbol'
  | 'unknown-chain'
  | 'not-json'
  | 'not-object';

// Enums the trading seed spells out in full (§4): side, order_type, direction.
const SEED_ENUMS = new Set(['side', 'order_type', 'direction']);

// The trading §4 body tables: per operation, the `###` heading and the fields that have a row of
// their own; the margin body takes the rest "as in the spot body", the futures body is "the margin
// body plus" duration_hours.
const BODY: Record<string, { heading: string; rows: readonly string[]; from?: string }> = {
  placeSpotOrder: { heading: 'Body of POST /api/v1/spot/order', rows: ['market', 'pair', 'side', 'order_type', 'amount', 'price'] },
  cancelSpotOrder: { heading: 'Body of POST /api/v1/spot/cancel', rows: ['order_id'] },
  placeMarginOrder: { heading: 'Body of POST /api/v1/margin/order', rows: ['side', 'leverage'] },
  placeFuturesOrder: { heading: 'Body of POST /api/v1/futures/order', rows: ['duration_hours'], from: 'placeMarginOrder' },
  placeBinaryOrder: { heading: 'Body of POST /api/v1/binary/order', rows: ['market', 'pair', 'direction', 'amount', 'duration_minutes'] },
  startCopy: { heading: 'Body of copy endpoints./copy/start', rows: ['lead_trader_id', 'copy_amount'] },
  stopCopy: { heading: 'Body of copy endpoints./copy/stop', rows: ['lead_trader_id'] },
};

/** The trading clause that gives a body field its type: its own row, or the sentence that takes it from another body. */
export function tradingFieldClause(operationId: string, field: string): string {
  const body = BODY[operationId];
  if (!body) return `trading §4 ${endpoint('trading', operationId)}`;
  if (body.rows.includes(field)) return `trading §4 ${body.heading}.${field}`;
  const from = body.from ? BODY[body.from] : undefined;
  if (from?.rows.includes(field)) return `trading §4 ${from.heading}.${field}`;
  return `trading §4 ${body.heading}`;
}

const endpoint = (iface: InterfaceName, operationId: string): string => {
  const op = getOperation(iface, operationId);
  return `${op.method.toUpperCase()} ${op.path}`;
};

/** The clause ids the seed bases of the invalid-input checks can name, per interface (the seed assertions cite them). */
export const SEED_INPUT_CLAUSES: Record<InterfaceName, readonly string[]> = {
  trading: [
    'trading §7 400',
    'trading §4 Conventions',
    'trading §8 limit',
    'trading §8 leverage',
    'trading §4 Query of GET /api/v1/account/orders.type',
    'trading §4 Query of GET /api/v1/account/orders.limit',
    ...Object.values(BODY).flatMap((b) => [...b.rows.map((f) => `trading §4 ${b.heading}.${f}`), ...(b.from ? [`trading §4 ${b.heading}`] : [])]),
    'trading §4 Body of POST /api/v1/margin/order',
  ],
  wallet: ['wallet §4 Conventions', 'wallet §4 POST /api/v1/register', 'wallet §4 POST /api/v1/login', 'wallet §4 POST /api/v1/wallets/create', 'wallet §4 POST /api/v1/wallets/{id}/send'],
};

export function mutationBasis(iface: InterfaceName, operationId: string, kind: MutationKind, field: string | null): string {
  if (iface === 'wallet') {
    // Wallet §4 gives the body fields' types (strings, a decimal amount, an integer or null token_id) in a JSON body.
    if (kind === 'not-json' || kind === 'not-object') return 'seed wallet §4 Conventions';
    if (kind === 'wrong-type' || kind === 'malformed-decimal') return `seed wallet §4 ${endpoint('wallet', operationId)}`;
    if (kind === 'unknown-chain') return 'decision:wallet.create-semantics';
    if (operationId === 'sendFromWallet' && field === 'token_id') return 'decision:wallet.tokens';
    return 'decision:wallet.status-codes';
  }
  switch (kind) {
    case 'not-json':
    case 'not-object':
      return 'seed trading §4 Conventions; trading §7 400';
    case 'wrong-type':
    case 'malformed-decimal':
      return `seed ${tradingFieldClause(operationId, field ?? '')}; trading §7 400`;
    case 'enum':
      if (field !== null && SEED_ENUMS.has(field)) return `seed ${tradingFieldClause(operationId, field)}; trading §7 400`;
      return field === 'duration_minutes' ? 'decision:trading.binary-durations' : 'decision:trading.required-fields';
    case 'below-minimum':
      if (field === 'leverage') return `seed trading §8 leverage; ${tradingFieldClause(operationId, field)}; trading §7 400`;
      if (field === 'duration_hours') return 'decision:trading.futures-duration';
      if (field === 'copy_amount') return 'decision:trading.copy-semantics';
      return 'decision:trading.required-fields';
    case 'above-maximum':
      return field === 'duration_hours' ? 'decision:trading.futures-duration' : 'decision:trading.market-fields';
    case 'decimal-precision':
    case 'missing':
      return 'decision:trading.required-fields';
    case 'unknown-symbol':
      return 'decision:trading.market-fields';
    case 'unknown-chain':
      return 'decision:wallet.create-semantics';
  }
}
