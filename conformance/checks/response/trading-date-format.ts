// Trading records show no dates in the seed; doppel uses the wallet format in UTC (trading.dates):
// every *_at field is `YYYY-MM-DD HH:MM:SS` and, except expires_at, not after the Date header.
import { needsTradingKey } from '../needs.js';
import { defineResponseCheck, decision } from '../check.js';
import { is2xx } from '../../exchange/exchange-readers.js';
import { SEED_DATE, dateHeaderMs, fieldsNamed, seedDateMs } from '../../exchange/dates.js';

export const tradingDateFormat = defineResponseCheck({
  id: 'trading-date-format',
  title: 'dates YYYY-MM-DD HH:MM:SS in UTC',
  assertions: [decision('format', 'trading.dates', '', 'trading §2 bullet 2')],
  appliesTo: ['trading'],
  needs: needsTradingKey,
  applies: (ex) => ex.iface === 'trading' && is2xx(ex.status) && fieldsNamed(ex.json, (k) => k.endsWith('_at')).length > 0,
  run(ex) {
    const now = dateHeaderMs(ex.responseHeaders);
    const problems: string[] = [];
    for (const [where, value] of fieldsNamed(ex.json, (k) => k.endsWith('_at'))) {
      if (value === null) continue;
      if (typeof value !== 'string' || !SEED_DATE.test(value)) problems.push(`${where} is ${JSON.stringify(value)}, not YYYY-MM-DD HH:MM:SS`);
      else if (now !== undefined && !where.endsWith('.expires_at') && seedDateMs(value) > now + 1000) problems.push(`${where} ${value} is after the Date header ${ex.responseHeaders['date']}`);
    }
    return problems.slice(0, 3);
  },
});
