// Trading §2: "a currency that exists on several chains has one entry per chain": entries are
// unique per (currency, chain).
import { needsTradingKey } from '../needs.js';
import { defineResponseCheck, seed } from '../check.js';
import { is2xx, bodyOf } from '../../exchange/exchange-readers.js';

export const balanceUnique = defineResponseCheck({
  id: 'balance-unique',
  title: 'one balance entry per currency and chain',
  assertions: [seed('one-per-currency-chain', 'trading §2 Balance entry.chain')],
  appliesTo: ['trading'],
  needs: needsTradingKey,
  applies: (ex) => ex.operationId === 'getBalances' && is2xx(ex.status) && Array.isArray(bodyOf(ex)?.['data']),
  run(ex) {
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const entry of bodyOf(ex)?.['data'] as Record<string, unknown>[]) {
      const key = `${String(entry?.['currency'])}/${String(entry?.['chain'])}`;
      if (seen.has(key)) problems.push(`two entries for ${key}`);
      seen.add(key);
    }
    return problems;
  },
});
