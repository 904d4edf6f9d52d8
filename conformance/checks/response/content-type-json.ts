// "All responses are JSON" (trading §1, wallet §1): Content-Type application/json and a body that
// parses as JSON.
import { defineResponseCheck, seed } from '../check.js';

export const contentTypeJson = defineResponseCheck({
  id: 'content-type-json',
  title: 'Content-Type application/json and a JSON body',
  assertions: [seed('json', ['trading §1 bullet 2', 'wallet §1 bullet 2'])],
  appliesTo: ['trading', 'wallet'],
  applies: () => true,
  run(ex) {
    const problems: string[] = [];
    const type = ex.responseHeaders['content-type'];
    if (!type || !/^application\/json\s*(;|$)/i.test(type)) problems.push(`Content-Type is ${type ? JSON.stringify(type) : 'missing'}, not application/json`);
    if (ex.jsonError !== undefined) problems.push(`body is not JSON (${ex.jsonError}): ${ex.bodyText.slice(0, 120)}`);
    return problems;
  },
});
