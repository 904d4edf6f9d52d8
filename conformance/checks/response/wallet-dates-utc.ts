// doppel answers transaction dates in UTC (wallet.dates-utc): never after the Date header.
import { needsWalletData } from '../needs.js';
import { defineResponseCheck, decision } from '../check.js';
import { is2xx, bodyOf } from '../../exchange/exchange-readers.js';
import { SEED_DATE, dateHeaderMs, seedDateMs } from '../../exchange/dates.js';

export const walletDatesUtc = defineResponseCheck({
  id: 'wallet-dates-utc',
  title: 'transaction dates are UTC (not after the Date header)',
  assertions: [decision('utc', 'wallet.dates-utc', '', 'wallet §2 Transaction.date')],
  appliesTo: ['wallet'],
  needs: needsWalletData,
  applies: (ex) => ex.operationId === 'listWalletTransactions' && is2xx(ex.status) && dateHeaderMs(ex.responseHeaders) !== undefined,
  run(ex) {
    const list = bodyOf(ex)?.['transactions'];
    const now = dateHeaderMs(ex.responseHeaders) as number;
    if (!Array.isArray(list)) return [];
    return list
      .map((t) => (t as Record<string, unknown> | null)?.['date'])
      .filter((d): d is string => typeof d === 'string' && SEED_DATE.test(d) && seedDateMs(d) > now + 1000)
      .slice(0, 3)
      .map((d) => `date ${d} (as UTC) is after the Date header ${ex.responseHeaders['date']}`);
  },
});
