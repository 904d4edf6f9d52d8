// Trading §2: "a currency that exists on several chains has one entry per chain": entries are
// unique per (currency, chain).
import { needsTradingKey } from './needs.js';
import { is2xx, bodyOf, defineResponseCheck } from './check.js';

export const balanceUnique = defineResponseCheck({
  id: 'balance-unique',
  source: 'seed trading §2',
  kind: 'seed',
  appliesTo: ['trading'],
  title: 'one balance entry per currency and chain',
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
