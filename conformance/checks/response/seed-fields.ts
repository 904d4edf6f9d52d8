// Record fields and their types as the seed documents give them (trading §2; wallet §2, §4),
// validated without any of doppel's additions. Each problem names the clause of the field's row.
import type { ErrorObject } from 'ajv';
import { defineResponseCheck, seed } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { SEED_FIELD_CLAUSES, seedValidator } from './seed-shapes.js';
import { getOperation } from '../../../spec/index.js';
import type { InterfaceName } from '../../types.js';

/** Wallet §2 records by the key that holds them in a §4 response. */
const WALLET_RECORDS: Record<string, string> = { user: 'User', chains: 'Chain', wallet: 'Wallet', wallets: 'Wallet', transactions: 'Transaction' };

/** The clause of the row an ajv error is about: a §2 field row, else the §4 row or §2 paragraph of the response. */
export function fieldClause(iface: InterfaceName, operationId: string, error: ErrorObject): string {
  const path = error.instancePath.split('/').slice(1);
  const missing = (error.params as { missingProperty?: string }).missingProperty;
  const field = missing ?? (path.length > 1 ? path[path.length - 1] : undefined);
  const { method, path: at } = getOperation(iface, operationId);
  const row = `${iface} §4 ${method} ${at}`;
  if (iface === 'trading') {
    const record = operationId === 'getPrices' ? 'Price entry' : operationId === 'getBalances' ? 'Balance entry' : undefined;
    if (!record) return row;
    const depth = missing ? path.length + 1 : path.length;
    return depth >= 3 && field ? `trading §2 ${record}.${field}` : `trading §2 ${record}`;
  }
  if (operationId === 'getWalletBalance' && field && ['balance', 'symbol', 'usd_value'].includes(field) && path.length <= 1) return `wallet §2 Balance result.${field}`;
  const record = WALLET_RECORDS[path[0] ?? ''];
  const inRecord = missing ? path.length >= 1 : path.length >= 2;
  return record && inRecord && field && !/^\d+$/.test(field) ? `wallet §2 ${record}.${field}` : row;
}

export const seedFields = defineResponseCheck({
  id: 'seed-fields',
  title: 'seed record fields and types',
  assertions: [seed('fields', SEED_FIELD_CLAUSES, 'seed record fields and types')],
  appliesTo: ['trading', 'wallet'],
  applies: (ex) => is2xx(ex.status) && ex.jsonError === undefined && ex.operationId !== null && seedValidator(ex.iface, ex.operationId) !== undefined,
  run(ex) {
    const validate = seedValidator(ex.iface, ex.operationId as string);
    if (!validate || validate(ex.json)) return [];
    return (validate.errors ?? []).slice(0, 3).map((e) => `${e.instancePath || 'body'} ${e.message ?? 'is invalid'} (${fieldClause(ex.iface, ex.operationId as string, e)})`);
  },
});
