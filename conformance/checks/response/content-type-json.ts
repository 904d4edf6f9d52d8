// "All responses are JSON" (trading §1, wallet §1): Content-Type application/json, once, and a body
// that parses as JSON (json-without-bom, json-utf-8 and content-length-matches judge its bytes).
import { withoutContent } from '../../exchange/exchange-readers.js';
import { defineResponseCheck, seed } from '../check.js';

export const contentTypeJson = defineResponseCheck({
  id: 'content-type-json',
  title: 'Content-Type application/json and a JSON body',
  assertions: [seed('json', ['trading §1 bullet 2', 'wallet §1 bullet 2'])],
  appliesTo: ['trading', 'wallet'],
  // Every answer with content (a 204, a CORS preflight's, has none, so no type); a HEAD's headers are a GET's.
  applies: (ex) => ex.method === 'HEAD' || !withoutContent(ex),
  run(ex) {
    const problems: string[] = [];
    // Errors, 404s of unknown paths, 413s and 429s alike (a 429 the checker waits out is judged too).
    const types = ex.responseHeaderLines.filter(([name]) => name === 'content-type').map(([, value]) => value);
    const [type] = types;
    if (types.length > 1) problems.push(`Content-Type is sent ${types.length} times (${types.map((t) => JSON.stringify(t)).join(', ')}), not once as application/json`);
    else if (!type || !/^application\/json\s*(;|$)/i.test(type)) problems.push(`Content-Type is ${type ? JSON.stringify(type) : 'missing'}, not application/json`);
    if (ex.jsonError !== undefined && ex.method !== 'HEAD') problems.push(`body is not JSON (${ex.jsonError}): ${ex.bodyText.slice(0, 120)}`);
    return problems;
  },
});
