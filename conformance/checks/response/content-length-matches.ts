// "All responses are JSON" (trading §1 bullet 2, wallet §1 bullet 2): the JSON is the body the
// answer's Content-Length delimits (RFC 9112 §6.3). Fewer bytes than it announces is an answer cut
// off (the connection ended or went quiet first: exchange.cutOff); more, and undici ends the answer
// at the announced length and drops the connection (exchange.overrun, connection-watch.ts): either
// way the client does not get the JSON the target meant.
import { withoutContent } from '../../exchange/exchange-readers.js';
import { defineResponseCheck, seed } from '../check.js';

export const contentLengthMatches = defineResponseCheck({
  id: 'content-length-matches',
  title: 'as many body bytes came as Content-Length announced',
  assertions: [seed('length', ['trading §1 bullet 2', 'wallet §1 bullet 2'])],
  appliesTo: ['trading', 'wallet'],
  applies: (ex) => ex.responseHeaders['content-length'] !== undefined && ex.receivedBytes !== null && !withoutContent(ex),
  run(ex) {
    // Repeated, its values joined by `, ` (exchange.ts): the same number repeated is one (RFC 9112 §6.3).
    const header = ex.responseHeaders['content-length'] as string;
    const values = /^[0-9]+$/.test(header) ? [header] : [...new Set(header.split(',').map((x) => x.trim()))];
    const [value] = values;
    if (values.length !== 1 || !/^[0-9]+$/.test(value as string)) return [`Content-Length is ${JSON.stringify(header)}, not one number of bytes`];
    const announced = Number(value);
    const received = ex.receivedBytes as number;
    if (ex.overrun) return [`Content-Length says ${announced} bytes, and ${ex.overrun}`];
    if (received < announced) return [`Content-Length says ${announced} bytes, ${received} came${ex.cutOff ? `: ${ex.cutOff}` : ''}`];
    if (received > announced) return [`Content-Length says ${announced} bytes, ${received} came`];
    return [];
  },
});
