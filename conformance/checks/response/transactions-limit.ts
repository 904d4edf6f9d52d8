// doppel's transaction history takes `limit` 1..100 (wallet.transactions-paging): never more;
// without `limit`, never more than the default (doppel's 50, or the --profile's).
import { needsWalletData } from '../needs.js';
import { DEFAULT_DECISIONS } from '../../../spec/decision-points.js';
import { defineResponseCheck, decision } from '../check.js';
import { is2xx, bodyOf, queryOf } from '../../exchange/exchange-readers.js';

export const transactionsLimit = defineResponseCheck({
  id: 'transactions-limit',
  title: 'transaction history respects limit',
  assertions: [decision('limit', 'wallet.transactions-paging', '', ['wallet §4 bullet 3', 'wallet §8 Other limits'])],
  appliesTo: ['wallet'],
  needs: needsWalletData,
  applies: (ex) => ex.operationId === 'listWalletTransactions' && is2xx(ex.status) && Array.isArray(bodyOf(ex)?.['transactions']),
  run(ex, decisions = DEFAULT_DECISIONS) {
    const n = (bodyOf(ex)?.['transactions'] as unknown[]).length;
    const limit = Number(queryOf(ex).get('limit') ?? decisions['wallet.transactions-paging']);
    return n > limit ? [`${n} transactions for limit ${limit}`] : [];
  },
});
