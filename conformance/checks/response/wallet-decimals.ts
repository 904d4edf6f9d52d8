// The wallet seed says "string, decimal" (wallet §2): a seed assertion of its own holds every wallet
// decimal to a decimal string; doppel answers each with exactly 8 fraction digits
// (wallet.decimal-format), a decision.
import { needsWalletData } from '../needs.js';
import { defineResponseCheck, decision, seed, type Problem } from '../check.js';
import { is2xx, bodyOf } from '../../exchange/exchange-readers.js';
import { DECIMAL_8 } from './balance-decimals.js';

/** A decimal as JSON text writes one in a string: digits, at most one point, no exponent. */
const DECIMAL = /^-?[0-9]+(\.[0-9]+)?$/;

const DECIMAL_CLAUSES = ['wallet §2 Wallet.balance', 'wallet §2 Transaction.amount', 'wallet §2 Balance result.balance', 'wallet §2 Balance result.usd_value'];

/** The wallet §2 row of a decimal by where it is. */
function clauseOf(where: string): string {
  if (where.startsWith('transactions')) return 'wallet §2 Transaction.amount';
  if (where.startsWith('wallets')) return 'wallet §2 Wallet.balance';
  return where === 'usd_value' ? 'wallet §2 Balance result.usd_value' : 'wallet §2 Balance result.balance';
}

function decimals(op: string, body: Record<string, unknown>): [string, unknown][] {
  const out: [string, unknown][] = [];
  const list = (v: unknown): Record<string, unknown>[] => (Array.isArray(v) ? (v as Record<string, unknown>[]) : []);
  if (op === 'getWalletBalance') out.push(['balance', body['balance']], ['usd_value', body['usd_value']]);
  if (op === 'listWallets') {
    list(body['wallets']).forEach((w, i) => {
      out.push([`wallets[${i}].balance`, w?.['balance']]);
      list(w?.['tokens']).forEach((t, j) => out.push([`wallets[${i}].tokens[${j}].balance`, t?.['balance']]));
    });
  }
  if (op === 'listWalletTransactions') list(body['transactions']).forEach((t, i) => out.push([`transactions[${i}].amount`, t?.['amount']]));
  return out;
}

export const walletDecimals = defineResponseCheck({
  id: 'wallet-decimals',
  title: 'wallet decimals have exactly 8 fraction digits',
  assertions: [
    seed('decimal', DECIMAL_CLAUSES, 'every wallet balance, usd_value and amount is a decimal string'),
    decision('eight-digits', 'wallet.decimal-format', 'with exactly 8 fraction digits', DECIMAL_CLAUSES),
  ],
  appliesTo: ['wallet'],
  needs: needsWalletData,
  applies: (ex) => ex.iface === 'wallet' && is2xx(ex.status) && ['getWalletBalance', 'listWallets', 'listWalletTransactions'].includes(ex.operationId ?? ''),
  run(ex) {
    const body = bodyOf(ex) ?? {};
    const found = decimals(ex.operationId as string, body);
    const problems: Problem[] = found
      // A token's balance is doppel's addition (wallet.tokens): the decision judges it.
      .filter(([where, v]) => (typeof v !== 'string' || !DECIMAL.test(v)) && !where.includes('.tokens['))
      .slice(0, 3)
      .map(([where, v]) => ({ assertion: 'decimal', message: `${where} is ${JSON.stringify(v)}, not a decimal string (${clauseOf(where)})` }));
    problems.push(
      ...found
        .filter(([where, v]) => typeof v !== 'string' || !DECIMAL_8.test(v) ? where.includes('.tokens[') || (typeof v === 'string' && DECIMAL.test(v)) : false)
        .slice(0, 3)
        .map(([where, v]) => ({ assertion: 'eight-digits', message: `${where} is ${JSON.stringify(v)}, not a decimal string with 8 fraction digits` })),
    );
    return problems;
  },
});
