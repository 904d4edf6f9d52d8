// Wallet §7: "Every error body is JSON: success is false and error is a string".
import { defineResponseCheck, seed } from '../check.js';
import { is2xx, bodyOf } from '../../exchange/exchange-readers.js';

export const walletErrorBody = defineResponseCheck({
  id: 'wallet-error-body',
  title: 'error body {success: false, error}',
  assertions: [seed('shape', ['wallet §7 bullet 1', 'wallet §4 Conventions'])],
  appliesTo: ['wallet'],
  applies: (ex) => ex.iface === 'wallet' && !is2xx(ex.status),
  run: (ex) => errorBodyProblems(ex),
});

export function errorBodyProblems(ex: Parameters<typeof bodyOf>[0]): string[] {
  const body = bodyOf(ex);
  if (!body) return [`error body is not a JSON object: ${ex.bodyText.slice(0, 120)}`];
  const problems: string[] = [];
  if (body['success'] !== false) problems.push(`success is ${JSON.stringify(body['success'])}, not false`);
  if (typeof body['error'] !== 'string' || body['error'] === '') problems.push('error is not a non-empty string');
  return problems;
}
