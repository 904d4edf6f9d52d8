// Envelopes: trading §1 bullet 5, every success is `{success: true, data}` with `data` an object or
// an array; wallet §4 Conventions, every answer carries `success` (a boolean: true on a success),
// and a success carries the top-level fields its §4 row lists. Each is a seed assertion of its own,
// so that no seed rule is reachable only through response-schema (a decision).
import { defineResponseCheck, seed, type Problem } from '../check.js';
import { is2xx, bodyOf } from '../../exchange/exchange-readers.js';
import { WALLET_TOP_LEVEL } from './seed-shapes.js';
import { getOperation } from '../../../spec/index.js';

const TRADING = 'trading §1 bullet 5';
const WALLET = 'wallet §4 Conventions';

/** The wallet §4 rows whose Response column lists the top-level fields of a success. */
const WALLET_ROWS = Object.keys(WALLET_TOP_LEVEL).map((op) => {
  const { method, path } = getOperation('wallet', op);
  return `wallet §4 ${method} ${path}`;
});

export const successEnvelope = defineResponseCheck({
  id: 'success-envelope',
  title: 'success envelope',
  assertions: [
    seed('envelope', TRADING, 'every trading success is {success: true, data} with data an object or an array'),
    seed('wallet-success', WALLET, 'every wallet answer carries success, a boolean (true on a success)'),
    seed('wallet-fields', WALLET_ROWS, 'a wallet success carries the top-level fields its §4 row lists'),
  ],
  appliesTo: ['trading', 'wallet'],
  applies: (ex) => ex.jsonError === undefined && (ex.iface === 'wallet' || (is2xx(ex.status) && ex.operationId !== null)),
  run(ex) {
    const body = bodyOf(ex);
    if (ex.iface === 'trading') {
      const fail = (message: string): Problem => ({ assertion: 'envelope', message: `${message} (${TRADING})` });
      if (!body) return [fail('body is not a JSON object')];
      const problems: Problem[] = [];
      if (body['success'] !== true) problems.push(fail(`success is ${JSON.stringify(body['success'])}, not true`));
      const data = body['data'];
      if (!('data' in body)) problems.push(fail('data is missing'));
      else if (data === null || typeof data !== 'object') problems.push(fail(`data is ${JSON.stringify(data)}, not an object or an array`));
      return problems;
    }
    const success = (message: string): Problem => ({ assertion: 'wallet-success', message: `${message} (${WALLET})` });
    if (!body) return [success('body is not a JSON object')];
    if (typeof body['success'] !== 'boolean') return [success(`success is ${body['success'] === undefined ? 'missing' : JSON.stringify(body['success'])}, not a boolean`)];
    if (!is2xx(ex.status) || ex.operationId === null) return [];
    if (body['success'] !== true) return [success(`a ${ex.status} answers success ${JSON.stringify(body['success'])}, not true`)];
    const { method, path } = getOperation('wallet', ex.operationId);
    return (WALLET_TOP_LEVEL[ex.operationId] ?? [])
      .filter((field) => !(field in body))
      .map((field) => ({ assertion: 'wallet-fields', message: `${field} is missing (wallet §4 ${method} ${path})` }));
  },
});
