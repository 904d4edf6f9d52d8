// Invalid query and path parameters of the GET operations (safe without --allow-writes).
import type { InvalidCase } from './invalid-case.js';

/** listOrders: limit outside 1..100 or not an integer, type or status outside their enums. */
export function invalidOrdersQuery(): InvalidCase[] {
  const cases: InvalidCase[] = [
    { operationId: 'listOrders', query: { limit: '101' }, mutation: 'limit = 101 (at most 100)', basis: 'seed trading §8 limit; trading §4 Query of GET /api/v1/account/orders.limit; trading §7 400' },
    { operationId: 'listOrders', query: { limit: '1000' }, mutation: 'limit = 1000 (at most 100)', basis: 'seed trading §8 limit; trading §4 Query of GET /api/v1/account/orders.limit; trading §7 400' },
    { operationId: 'listOrders', query: { limit: 'abc' }, mutation: 'limit = abc (not an integer)', basis: 'seed trading §4 Query of GET /api/v1/account/orders.limit; trading §7 400' },
    { operationId: 'listOrders', query: { limit: '2.5' }, mutation: 'limit = 2.5 (not an integer)', basis: 'seed trading §4 Query of GET /api/v1/account/orders.limit; trading §7 400' },
    { operationId: 'listOrders', query: { type: 'options' }, mutation: 'type = options (allowed: spot, margin, futures, binary)', basis: 'seed trading §4 Query of GET /api/v1/account/orders.type; trading §7 400' },
    { operationId: 'listOrders', query: { limit: '0' }, mutation: 'limit = 0 (1..100)', basis: 'decision:trading.orders-listing' },
    { operationId: 'listOrders', query: { limit: '-5' }, mutation: 'limit = -5 (1..100)', basis: 'decision:trading.orders-listing' },
    { operationId: 'listOrders', query: { status: 'bogus' }, mutation: 'status = bogus (not an order state)', basis: 'decision:trading.orders-listing' },
  ];
  return cases;
}

/** Wallet GETs: a malformed wallet id, a transactions limit outside 1..100, prices without symbols. */
export function invalidWalletQuery(walletId: number | undefined, maxLimit = 100): InvalidCase[] {
  const cases: InvalidCase[] = [];
  for (const id of ['abc', '1.5', '1e3']) {
    cases.push({ operationId: 'getWalletBalance', params: { id }, mutation: `wallet id = ${id} (not an integer)`, basis: 'decision:wallet.status-codes' });
  }
  if (walletId !== undefined) {
    // The largest limit is a decision point (wallet.transactions-paging#max-limit: 100, or the --profile's).
    for (const limit of ['0', String(maxLimit + 1), 'x']) {
      cases.push({ operationId: 'listWalletTransactions', params: { id: walletId }, query: { limit }, mutation: `limit = ${limit} (1..${maxLimit})`, basis: 'decision:wallet.transactions-paging' });
    }
  }
  cases.push({ operationId: 'getWalletPrices', mutation: 'symbols missing', basis: 'decision:wallet.prices-unknown' });
  cases.push({ operationId: 'getWalletPrices', query: { symbols: '' }, mutation: 'symbols empty', basis: 'decision:wallet.prices-unknown' });
  return cases;
}
