// Every answer validates against spec/ with ajv (validateResponse): the documented status and
// its schema, which includes all of doppel's decisions (x-doppel-decision in both documents).
import { getOperation, keyRequiredByProfile, statusPointFor, validateResponse } from '../../../spec/index.js';
import { defineResponseCheck, decision } from '../check.js';

export const responseSchema = defineResponseCheck({
  id: 'response-schema',
  title: 'body validates against spec/',
  assertions: [decision('schema', '*', '', ['trading §2 bullet 1', 'trading §2 bullet 2', 'trading §2 bullet 3', 'trading §2 bullet 4', 'trading §4 bullet 1', 'wallet §2 bullet 1'])],
  appliesTo: ['trading', 'wallet'],
  applies: (ex) => ex.operationId !== null && ex.jsonError === undefined && ex.status < 500,
  run(ex, decisions) {
    // A status a deployment chose at a decision point (spec/decision-points.ts) that spec/ does not
    // document there answers what doppel's choice at that point answers.
    const documented = getOperation(ex.iface, ex.operationId as string).statuses.includes(String(ex.status));
    const point = documented ? undefined : statusPointFor(ex.operationId as string, ex.status, decisions);
    const status = point ? (point.default as number) : ex.status;
    // A public operation a --profile keys (wallet.auth-exemptions) answers a keyed operation's 401.
    const keyed = ex.status === 401 && decisions !== undefined && keyRequiredByProfile(decisions, ex.operationId as string);
    const result = keyed ? validateResponse('wallet', 'listWallets', 401, ex.json) : validateResponse(ex.iface, ex.operationId as string, status, ex.json);
    return result.ok ? [] : result.errors.slice(0, 3);
  },
});
