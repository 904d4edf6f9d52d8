// The response shapes the seed documents themselves state (trading §1, §2, §4; wallet §2, §4), as
// JSON Schemas: the seed-only view that foreign targets must meet, without doppel's additions.
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import type { InterfaceName } from '../../types.js';

type Schema = Record<string, unknown>;
const str = { type: 'string' };
const int = { type: 'integer' };
const num = { type: 'number' };
const record = (fields: Record<string, Schema>): Schema => ({ type: 'object', required: Object.keys(fields), properties: fields });
const list = (items: Schema): Schema => ({ type: 'array', items });

// Trading §1: every success is {success, data}; §2 gives the fields of price and balance entries.
const priceEntry = record({ symbol: str, name: str, price_usd: num, change_24h: num, volume_24h: num });
const trading: Record<string, Schema> = {
  getPrices: record({ success: { const: true }, data: { type: 'object', additionalProperties: priceEntry } }),
  getBalances: record({ success: { const: true }, data: list(record({ currency: str, chain: str, balance: str })) }),
  // §4: markets is the "list of all tradeable pairs", copy traders the "list of active lead traders".
  getMarkets: record({ success: { const: true }, data: { type: 'array' } }),
  listCopyTraders: record({ success: { const: true }, data: { type: 'array' } }),
};

// Wallet §4 gives every response's top-level fields; §2 the fields of the records in them.
const user = record({ id: int, name: str, email: str });
const chain = record({ id: int, name: str, slug: str, symbol: str });
const wallet = record({ id: int, chain: str, address: str, symbol: str });
const walletWithBalance = record({ id: int, chain: str, address: str, symbol: str, balance: str });
const transaction = record({ tx_hash: str, type: str, amount: str, from: str, to: str, status: str, date: str });
const walletShapes: Record<string, Schema> = {
  register: record({ success: { const: true }, user_id: int, message: str }),
  login: record({ success: { const: true }, token: str, user }),
  listChains: record({ success: { const: true }, chains: list(chain) }),
  createWallet: record({ success: { const: true }, wallet }),
  listWallets: record({ success: { const: true }, wallets: list(walletWithBalance) }),
  getWalletBalance: record({ success: { const: true }, balance: str, symbol: str, usd_value: str }),
  listWalletTransactions: record({ success: { const: true }, transactions: list(transaction) }),
  sendFromWallet: record({ success: { const: true }, tx_hash: str, message: str }),
  getWalletPrices: record({ success: { const: true }, prices: { type: 'object', additionalProperties: num } }),
};

/** The clauses these shapes transcribe: the §2 field rows of both documents and the §4 rows that give a response's fields. */
export const SEED_FIELD_CLAUSES: readonly string[] = [
  'trading §2 Price entry',
  ...Object.keys(priceEntry['properties'] as Schema).map((f) => `trading §2 Price entry.${f}`),
  'trading §2 Balance entry',
  ...['currency', 'chain', 'balance'].map((f) => `trading §2 Balance entry.${f}`),
  'trading §4 GET /api/v1/account/balances',
  'trading §4 GET /api/v1/markets',
  'trading §4 GET /api/v1/copy/traders',
  ...Object.entries({ User: user, Chain: chain, Wallet: walletWithBalance, Transaction: transaction }).flatMap(([name, s]) => Object.keys(s['properties'] as Schema).map((f) => `wallet §2 ${name}.${f}`)),
  ...['balance', 'symbol', 'usd_value'].map((f) => `wallet §2 Balance result.${f}`),
  'wallet §4 POST /api/v1/register',
  'wallet §4 POST /api/v1/login',
  'wallet §4 GET /api/v1/chains',
  'wallet §4 POST /api/v1/wallets/create',
  'wallet §4 GET /api/v1/wallets',
  'wallet §4 GET /api/v1/wallets/{id}/balance',
  'wallet §4 GET /api/v1/wallets/{id}/transactions',
  'wallet §4 POST /api/v1/wallets/{id}/send',
  'wallet §4 GET /api/v1/prices',
];

/** Top-level fields of each wallet success body (wallet §4), for the envelope check. */
export const WALLET_TOP_LEVEL: Record<string, string[]> = Object.fromEntries(
  Object.entries(walletShapes).map(([op, schema]) => [op, (schema['required'] as string[]).filter((f) => f !== 'success')]),
);

const ajv = new Ajv2020({ strict: false, allErrors: true });
const compiled = new Map<string, ValidateFunction>();

/** The seed-only validator of a success body, or undefined when the seed shows no shape. */
export function seedValidator(iface: InterfaceName, operationId: string): ValidateFunction | undefined {
  const schema = (iface === 'trading' ? trading : walletShapes)[operationId];
  if (!schema) return undefined;
  const key = `${iface}:${operationId}`;
  let fn = compiled.get(key);
  if (!fn) compiled.set(key, (fn = ajv.compile(schema)));
  return fn;
}
