// No answer is a 5xx: trading §7 lists 500 only as "server error", which a correct request or a
// correctly rejected one never causes; the wallet seed names no 5xx at all.
import { defineResponseCheck, seed } from '../check.js';

export const noServerError = defineResponseCheck({
  id: 'no-server-error',
  title: 'never a 5xx',
  assertions: [seed('no-5xx', 'trading §7 500')],
  appliesTo: ['trading', 'wallet'],
  applies: () => true,
  run: (ex) => (ex.status >= 500 ? [`answered ${ex.status}: ${ex.bodyText.slice(0, 200)}`] : []),
});
