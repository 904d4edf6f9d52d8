// Success envelopes: trading §1 `{success: true, data}`; wallet §4 `success` plus the fields the
// endpoint table lists for the operation.
import { defineResponseCheck, seed } from '../check.js';
import { is2xx, bodyOf } from '../../exchange/exchange-readers.js';
import { WALLET_TOP_LEVEL } from './seed-shapes.js';

export const successEnvelope = defineResponseCheck({
  id: 'success-envelope',
  title: 'success envelope',
  assertions: [seed('envelope', 'trading §1, wallet §4', 'success envelope')],
  appliesTo: ['trading', 'wallet'],
  applies: (ex) => is2xx(ex.status) && ex.jsonError === undefined && ex.operationId !== null,
  run(ex) {
    const body = bodyOf(ex);
    if (!body) return ['body is not a JSON object'];
    const problems: string[] = [];
    if (body['success'] !== true) problems.push(`success is ${JSON.stringify(body['success'])}, not true`);
    const fields = ex.iface === 'trading' ? ['data'] : (WALLET_TOP_LEVEL[ex.operationId as string] ?? []);
    for (const field of fields) if (!(field in body)) problems.push(`${field} is missing`);
    return problems;
  },
});
