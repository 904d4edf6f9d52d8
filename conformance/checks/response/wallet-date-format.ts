// Wallet §2: a transaction date is `YYYY-MM-DD HH:MM:SS`. The zone is not shown, so "plausible"
// here allows any offset: no later than the response's Date header plus 14 hours.
import { needsWalletData } from '../needs.js';
import { defineResponseCheck, seed } from '../check.js';
import { is2xx, bodyOf } from '../../exchange/exchange-readers.js';
import { SEED_DATE, dateHeaderMs, seedDateMs } from '../../exchange/dates.js';

const MAX_ZONE_MS = 14 * 3600_000;

export const walletDateFormat = defineResponseCheck({
  id: 'wallet-date-format',
  title: 'transaction dates YYYY-MM-DD HH:MM:SS, not in the future',
  assertions: [seed('format', 'wallet §2 Transaction.date')],
  appliesTo: ['wallet'],
  needs: needsWalletData,
  applies: (ex) => ex.operationId === 'listWalletTransactions' && is2xx(ex.status),
  run(ex) {
    const list = bodyOf(ex)?.['transactions'];
    if (!Array.isArray(list)) return [];
    const now = dateHeaderMs(ex.responseHeaders);
    const problems: string[] = [];
    list.forEach((t, i) => {
      const date = (t as Record<string, unknown> | null)?.['date'];
      if (typeof date !== 'string' || !SEED_DATE.test(date)) problems.push(`transactions[${i}].date is ${JSON.stringify(date)}, not YYYY-MM-DD HH:MM:SS`);
      else if (now !== undefined && seedDateMs(date) > now + MAX_ZONE_MS) problems.push(`transactions[${i}].date ${date} is after the Date header ${ex.responseHeaders['date']} in every time zone`);
    });
    return problems.slice(0, 3);
  },
});
