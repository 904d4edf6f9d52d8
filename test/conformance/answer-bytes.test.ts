// The checker's transport keeps an answer's bytes as they came and judges what undici does with a
// framing the target got wrong: a body shorter than its Content-Length (the connection closed or
// went quiet) is an exchange cut off, not a TransportError; bytes past it that arrive with the
// answer are charged to that answer; bytes past it that arrive after the next request went out on
// the connection make that request unreadable, and the error names the answer they came after.
// Targets here are raw sockets on 127.0.0.1 port 0 (node:http would not write these answers).
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Client, TransportError } from '../../conformance/exchange/transport.js';
import { contentLengthMatches } from '../../conformance/checks/response/content-length-matches.js';
import { contentTypeJson } from '../../conformance/checks/response/content-type-json.js';
import { jsonWithoutBom } from '../../conformance/checks/response/json-without-bom.js';

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closing.length) await (closing.pop() as () => Promise<unknown>)();
});

const BODY = '{"success":true,"data":[]}';
const answer = (body: string | Buffer, head = `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n`): Buffer =>
  Buffer.concat([Buffer.from(`HTTP/1.1 200 OK\r\n${head}\r\n`), Buffer.from(body)]);

/** A target answering with `respond(socket, n, onSocket)`: the n-th request it got, the onSocket-th of its connection (both from 1). */
async function rawTarget(respond: (socket: Socket, n: number, onSocket: number) => void): Promise<Client> {
  let n = 0;
  const server = createServer((socket) => {
    let onSocket = 0;
    socket.on('data', () => respond(socket, ++n, ++onSocket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const client = new Client({ bases: { trading: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }, timeoutMs: 200 });
  closing.push(() => new Promise((r) => server.close(r)), () => client.close());
  return client;
}

const markets = { iface: 'trading' as const, operationId: 'getMarkets', method: 'GET' as const, path: '/api/v1/markets' };

describe('the transport, on answers framed wrongly', () => {
  it('an answer that goes quiet before its Content-Length is cut off, judged, and the run goes on', async () => {
    const client = await rawTarget((socket, n) => socket.write(n === 1 ? answer(BODY, `content-type: application/json\r\ncontent-length: ${BODY.length + 7}\r\n`) : answer(BODY)));
    const cut = await client.send(markets);
    expect(cut.cutOff).toMatch(/^no more of it came in time \(UND_ERR_BODY_TIMEOUT\)$/);
    expect(Buffer.from(cut.bodyBytes).toString()).toBe(BODY);
    expect(contentLengthMatches.run(cut)).toEqual([`Content-Length says ${BODY.length + 7} bytes, ${BODY.length} came: no more of it came in time (UND_ERR_BODY_TIMEOUT)`]);
    expect((await client.send(markets)).json).toEqual({ success: true, data: [] });
  });

  it('bytes past the Content-Length that come with the answer are that answer\'s finding; the next request reads its own', async () => {
    const client = await rawTarget((socket, n) => socket.write(n === 1 ? answer(BODY, `content-type: application/json\r\ncontent-length: ${BODY.length - 5}\r\n`) : answer(BODY)));
    const long = await client.send(markets);
    expect(long.overrun).toMatch(/^more bytes came after the 21 its Content-Length announced \(undici read the answer up to that length and dropped the connection: bad response\)$/);
    expect(contentLengthMatches.run(long)).toEqual([`Content-Length says 21 bytes, and ${long.overrun}`]);
    const next = await client.send(markets);
    expect(next.overrun).toBeUndefined();
    expect(next.json).toEqual({ success: true, data: [] });
  });

  it('bytes past the Content-Length that come after the next request went out: its error names the answer they followed', async () => {
    const client = await rawTarget((socket, _n, onSocket) => {
      if (onSocket === 1) socket.write(answer(BODY.slice(0, -5), `content-type: application/json\r\ncontent-length: ${BODY.length - 5}\r\n`));
      // The rest of the first answer, then the second: what undici reads as the second's start is not HTTP.
      else socket.write(Buffer.concat([Buffer.from(BODY.slice(-5)), answer(BODY)]));
    });
    await client.send(markets);
    // undici reuses a connection one turn of the event loop after its answer ended (sooner, it opens another).
    await new Promise((r) => setTimeout(r, 20));
    const error = await client.send(markets).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(/^the trading interface at http:\/\/127\.0\.0\.1:\d+ answered \/api\/v1\/markets unreadably: the bytes read as its answer are not HTTP \(.*\); they came on the connection after the answer to #1 GET \/api\/v1\/markets: most likely that answer went on past its Content-Length \(RFC 9112 §6\.3\), else this answer is not HTTP$/);
  });

  it('keeps a byte-order mark and a repeated Content-Type as they came, the JSON read past the mark', async () => {
    const client = await rawTarget((socket) => socket.write(answer(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(BODY)]), `content-type: application/json\r\ncontent-type: text/html\r\ncontent-length: ${BODY.length + 3}\r\n`)));
    const ex = await client.send(markets);
    expect([...ex.bodyBytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(ex.json).toEqual({ success: true, data: [] });
    expect(jsonWithoutBom.run(ex)).toEqual(['the body starts with a UTF-8 byte-order mark (EF BB BF): JSON is sent without one (RFC 8259 §8.1)']);
    expect(contentTypeJson.run(ex)).toEqual(['Content-Type is sent 2 times ("application/json", "text/html"), not once as application/json']);
    expect(contentLengthMatches.run(ex)).toEqual([]);
  });
});
