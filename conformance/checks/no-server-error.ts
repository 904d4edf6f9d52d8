// No answer is a 5xx: trading §7 lists 500 only as "server error", which a correct request or a
// correctly rejected one never causes; the wallet seed names no 5xx at all.
import { defineResponseCheck } from './check.js';

export const noServerError = defineResponseCheck({
  id: 'no-server-error',
  source: 'seed trading §7',
  kind: 'seed',
  appliesTo: ['trading', 'wallet'],
  title: 'never a 5xx',
  applies: () => true,
  run: (ex) => (ex.status >= 500 ? [`answered ${ex.status}: ${ex.bodyText.slice(0, 200)}`] : []),
});
