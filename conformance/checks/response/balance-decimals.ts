// Trading §2: a balance is a "decimal with 8 fractional digits": a string, exactly 8 digits after
// the point, no exponent (text-level; JSON Schema types alone would let 1e-7 or "1.5" through).
import { needsTradingKey } from '../needs.js';
import { defineResponseCheck, seed } from '../check.js';
import { is2xx, bodyOf } from '../../exchange/exchange-readers.js';

export const DECIMAL_8 = /^-?(0|[1-9][0-9]*)\.[0-9]{8}$/;

export const balanceDecimals = defineResponseCheck({
  id: 'balance-decimals',
  title: 'balances have exactly 8 fraction digits',
  assertions: [seed('eight-digits', 'trading §2 Balance entry.balance')],
  appliesTo: ['trading'],
  needs: needsTradingKey,
  applies: (ex) => ex.operationId === 'getBalances' && is2xx(ex.status) && Array.isArray(bodyOf(ex)?.['data']),
  run(ex) {
    const entries = bodyOf(ex)?.['data'] as unknown[];
    const problems: string[] = [];
    entries.forEach((entry, i) => {
      const balance = (entry as Record<string, unknown> | null)?.['balance'];
      if (typeof balance !== 'string' || !DECIMAL_8.test(balance)) problems.push(`data[${i}].balance is ${JSON.stringify(balance)}, not a decimal string with 8 fraction digits`);
    });
    return problems.slice(0, 3);
  },
});
