// Breaking layers of "All responses are JSON" (trading §1 bullet 2, wallet §1 bullet 2) below the
// text: the answer's bytes (a byte-order mark, another charset), its headers (no Content-Type on
// errors), its framing (a Content-Length the body does not fill, written raw on the socket, since
// node:http would not write it). The byte checks must kill each with a message naming the problem.
import type { ClauseBreakage } from './clause-breakages.js';
import { pathOf, type ProxiedResponse } from './broken-proxy.js';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** The answer as raw HTTP/1.1 whose Content-Length announces `extra` bytes more than the body has. */
function announcingMore(res: ProxiedResponse, extra: number): Buffer {
  const body = Buffer.from(res.body);
  const headers = Object.entries(res.headers).map(([k, v]) => `${k}: ${v}\r\n`);
  return Buffer.concat([Buffer.from(`HTTP/1.1 ${res.status} OK\r\n${headers.join('')}content-length: ${body.length + extra}\r\n\r\n`, 'latin1'), body]);
}

export const BYTE_BREAKAGES: ClauseBreakage[] = [
  {
    clause: 'trading §1 bullet 2#bom',
    name: 'a byte-order mark before every prices answer',
    iface: 'trading',
    says: [/starts with a UTF-8 byte-order mark \(EF BB BF\)/],
    breakage: () => ({ response: (req, res) => (req.method === 'GET' && pathOf(req) === '/api/v1/prices' ? { ...res, bytes: Buffer.concat([BOM, Buffer.from(res.body)]) } : res) }),
  },
  {
    clause: 'wallet §1 bullet 2#latin1',
    // The checker's users have a name beyond ASCII (act/wallet-peer.ts), which a login answers.
    name: 'logins answered in ISO-8859-1, said by the charset',
    iface: 'wallet',
    says: [/charset=iso-8859-1/, /the body is not UTF-8: byte \d+ \(0xE9\) is not part of a valid UTF-8 sequence/],
    breakage: () => ({
      response: (req, res) => (pathOf(req) === '/api/v1/login' ? { ...res, headers: { ...res.headers, 'content-type': 'application/json; charset=iso-8859-1' }, bytes: Buffer.from(res.body, 'latin1') } : res),
    }),
  },
  {
    clause: 'wallet §1 bullet 2#errors',
    name: 'error answers without Content-Type',
    iface: 'wallet',
    says: [/Content-Type is missing/],
    // The explorer's wallet requests all succeed: the 401s of a check that sends without a key.
    traffic: ['wallet-auth-401'],
    breakage: () => ({ response: (_req, res) => (res.status >= 400 ? { ...res, headers: Object.fromEntries(Object.entries(res.headers).filter(([k]) => k !== 'content-type')) } : res) }),
  },
  {
    clause: 'trading §1 bullet 2#length',
    name: 'the markets answer announces 7 bytes more than it sends, then the connection ends',
    iface: 'trading',
    says: [/Content-Length says \d+ bytes, \d+ came: the target's connection ended early/],
    breakage: () => ({ response: (req, res) => (req.method === 'GET' && pathOf(req) === '/api/v1/markets' ? { ...res, wire: announcingMore(res, 7) } : res) }),
  },
];
