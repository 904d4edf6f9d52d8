// The wallet seed says "string, decimal"; doppel answers every wallet decimal with exactly 8
// fraction digits (wallet.decimal-format).
import { needsWalletData } from '../needs.js';
import { defineResponseCheck, decision } from '../check.js';
import { is2xx, bodyOf } from '../../exchange/exchange-readers.js';
import { DECIMAL_8 } from './balance-decimals.js';

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
  assertions: [decision('eight-digits', 'wallet.decimal-format')],
  appliesTo: ['wallet'],
  needs: needsWalletData,
  applies: (ex) => ex.iface === 'wallet' && is2xx(ex.status) && ['getWalletBalance', 'listWallets', 'listWalletTransactions'].includes(ex.operationId ?? ''),
  run(ex) {
    const body = bodyOf(ex) ?? {};
    return decimals(ex.operationId as string, body)
      .filter(([, v]) => typeof v !== 'string' || !DECIMAL_8.test(v))
      .slice(0, 3)
      .map(([where, v]) => `${where} is ${JSON.stringify(v)}, not a decimal string with 8 fraction digits`);
  },
});
