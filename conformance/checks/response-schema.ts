// Every answer validates against spec/ with ajv (validateResponse): the documented status and
// its schema, which includes all of doppel's decisions (x-doppel-decision in both documents).
import { validateResponse } from '../../spec/index.js';
import { defineResponseCheck } from './check.js';

export const responseSchema = defineResponseCheck({
  id: 'response-schema',
  source: 'decision:* (spec/*.openapi.yaml)',
  kind: 'decision',
  appliesTo: ['trading', 'wallet'],
  title: 'body validates against spec/',
  applies: (ex) => ex.operationId !== null && ex.jsonError === undefined && ex.status < 500,
  run(ex) {
    const result = validateResponse(ex.iface, ex.operationId as string, ex.status, ex.json);
    return result.ok ? [] : result.errors.slice(0, 3);
  },
});
