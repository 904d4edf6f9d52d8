// doppel proxy when things go wrong: a target out of reach (502 in the error envelope, noted, not
// the target's violation), an answer that is not JSON or is cut off (a violation quoting the bytes
// seen, the client getting what the target sent), bytes that are not JSON's (a byte-order mark,
// Latin-1: judged as they came, forwarded unchanged), bytes past a Content-Length (the violation of
// the answer they followed, whether undici reads them with it or as the next answer's start), a
// body over the checking cap (forwarded whole,
// counted unchecked), bodies streamed as they come, one kept-alive connection for many requests,
// and a client that goes away mid-request or mid-answer (nothing left pending, the target's
// request given up too).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect, createServer as createNetServer } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Pool, request } from 'undici';
import { startProxy, type RunningProxy } from '../../proxy/index.js';

const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closing.length) await (closing.pop() as () => Promise<unknown>)();
});

/** A target on 127.0.0.1 port 0 that answers with `handle`; counts the connections it accepted. */
async function target(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; server: Server; connections: () => number }> {
  let connections = 0;
  const server = createServer(handle);
  server.on('connection', () => connections++);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((r) => server.close(r)).then(() => server.closeAllConnections()));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, connections: () => connections };
}

async function proxyTo(url: string, extra: { maxCheckBytes?: number } = {}): Promise<RunningProxy & { base: string }> {
  const proxy = await startProxy({ targets: { trading: url }, ports: { trading: 0 }, ...extra });
  let closed = false;
  closing.push(() => (closed ? Promise.resolve() : proxy.close(100)));
  const close = proxy.close.bind(proxy);
  return Object.assign(proxy, { base: proxy.listening.trading!.url, close: (ms?: number) => ((closed = true), close(ms)) });
}

const until = async (ok: () => boolean, ms = 3_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe('doppel proxy: faults', () => {
  it('answers 502 in the error envelope when the target cannot be reached, noted and not counted against it', async () => {
    const gone = await target(() => undefined);
    await new Promise((r) => gone.server.close(r));
    const proxy = await proxyTo(gone.url);
    const res = await request(`${proxy.base}/api/v1/markets`);
    expect(res.statusCode).toBe(502);
    expect(res.headers['content-type']).toBe('application/json');
    const body = (await res.body.json()) as { success: boolean; error: string; code: string };
    expect(body).toMatchObject({ success: false, code: 'upstream_unreachable' });
    expect(body.error).toMatch(/^doppel proxy: cannot reach the trading target http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED/);
    const report = await proxy.close();
    expect(report.failures).toEqual([]);
    expect(report.failed).toBe(false);
    expect(report.traffic?.unreachable.count).toBe(1);
    expect(report.traffic?.unreachable.examples[0]).toMatch(/^GET \/api\/v1\/markets: cannot reach the trading target/);
  });

  it('a body that is not JSON is a violation quoting the bytes seen; the client gets them unchanged', async () => {
    const up = await target((_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>'));
    const proxy = await proxyTo(up.url);
    const res = await request(`${proxy.base}/api/v1/markets`);
    expect(await res.body.text()).toBe('<html>maintenance</html>');
    const report = await proxy.close();
    const json = report.failures.find((f) => f.checkId === 'content-type-json');
    expect(json?.severity).toBe('failure');
    expect(json?.message).toContain('body is not JSON');
    expect(json?.message).toContain('<html>maintenance</html>');
    expect(report.failed).toBe(true);
  });

  it('a body cut off by the target is a violation with the bytes seen; the client\'s answer ends the same way', async () => {
    const up = await target((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
      res.write('{"success":true,"data":[{"symbol":"BTC/USDT"');
      setTimeout(() => res.destroy(), 20);
    });
    const proxy = await proxyTo(up.url);
    const res = await request(`${proxy.base}/api/v1/markets`);
    await expect(res.body.text()).rejects.toThrow();
    const report = await proxy.close();
    const cut = report.failures.find((f) => f.checkId === 'content-type-json');
    expect(cut?.message).toMatch(/body is not JSON \(the answer ended after 44 bytes: the target's connection ended early .*\): \{"success":true,"data":\[\{"symbol":"BTC\/USDT"/);
    expect(report.failures.find((f) => f.checkId === 'content-length-matches')?.message).toMatch(/^Content-Length says 100 bytes, 44 came: the target's connection ended early/);
  });

  it('judges the bytes as they came (a byte-order mark, Latin-1 said by its charset) and forwards them unchanged', async () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('{"success":true,"data":[]}')]);
    const latin1 = Buffer.from('{"success":true,"data":[{"symbol":"Jos\u00e9"}]}', 'latin1');
    const up = await target((req, res) => (req.url?.includes('markets') ? res.writeHead(200, { 'content-type': 'application/json' }).end(bom) : res.writeHead(200, { 'content-type': 'application/json; charset=ISO-8859-1' }).end(latin1)));
    const proxy = await proxyTo(up.url);
    expect(Buffer.from(await (await request(`${proxy.base}/api/v1/markets`)).body.arrayBuffer())).toEqual(bom);
    expect(Buffer.from(await (await request(`${proxy.base}/api/v1/prices`)).body.arrayBuffer())).toEqual(latin1);
    const report = await proxy.close();
    // The byte checks' findings (the bodies' shapes are not the operations': other checks say so too).
    const said = report.failures.filter((f) => f.checkId.startsWith('json-')).map((f) => `${f.checkId}/${f.assertion} ${f.operationId}: ${f.message}`).sort();
    expect(said).toEqual([
      'json-utf-8/bytes getPrices: the body is not UTF-8: byte 38 (0xE9) is not part of a valid UTF-8 sequence',
      'json-utf-8/charset getPrices: Content-Type says charset=ISO-8859-1: JSON is UTF-8 (RFC 8259 §8.1)',
      'json-without-bom/bom getMarkets: the body starts with a UTF-8 byte-order mark (EF BB BF): JSON is sent without one (RFC 8259 §8.1)',
    ]);
  });

  it('bytes past a Content-Length are the violation of the answer they followed, read with it or as the next answer\'s start', async () => {
    const body = '{"success":true,"data":[]}';
    const head = (length: number): string => `HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: ${length}\r\n\r\n`;
    // A raw target: the first answer of a connection announces 5 bytes fewer than it has; on the
    // first connection, the 5 come with it; on the second, before the next answer.
    let connection = 0;
    const raw = createNetServer((socket) => {
      const mine = ++connection;
      let n = 0;
      socket.on('data', () => {
        n++;
        if (n === 1) socket.write(mine === 1 ? head(body.length - 5) + body : head(body.length - 5) + body.slice(0, -5));
        else socket.write(`${mine === 1 ? '' : body.slice(-5)}${head(body.length)}${body}`);
      });
    });
    await new Promise<void>((resolve) => raw.listen(0, '127.0.0.1', resolve));
    closing.push(() => new Promise((r) => raw.close(r)));
    const proxy = await proxyTo(`http://127.0.0.1:${(raw.address() as AddressInfo).port}`);
    // The client gets what undici read: the announced bytes.
    expect(await (await request(`${proxy.base}/api/v1/markets`)).body.text()).toBe(body.slice(0, -5));
    await until(() => proxy.pending() === 0);
    expect(await (await request(`${proxy.base}/api/v1/markets`)).body.text()).toBe(body.slice(0, -5));
    await new Promise((r) => setTimeout(r, 20)); // undici reuses the connection a turn after its answer ended
    const unreadable = await request(`${proxy.base}/api/v1/prices`);
    expect(unreadable.statusCode).toBe(502);
    await unreadable.body.text();
    const report = await proxy.close();
    const length = report.failures.find((f) => f.checkId === 'content-length-matches');
    expect(length?.message).toMatch(/^Content-Length says 21 bytes, and more bytes came after the 21 its Content-Length announced \(undici read the answer up to that length and dropped the connection: bad response\)$/);
    expect(length?.occurrences).toBe(1);
    // The target took the request and answered unreadably: its failure, not "could not be reached".
    expect(report.traffic?.unreachable.count).toBe(0);
    expect(report.traffic?.targetFaults?.examples).toEqual([
      expect.stringMatching(/^GET \/api\/v1\/prices: the trading target http:\/\/127\.0\.0\.1:\d+ took the request and gave no readable answer: the bytes read as its answer are not HTTP \(.*\); they came on the connection after the answer to #2 GET \/api\/v1\/markets: most likely that answer went on past its Content-Length/),
    ]);
  });

  it('streams a body as it comes: the client reads the first bytes while the target is still writing', async () => {
    let finish: () => void = () => undefined;
    const up = await target((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":true,');
      finish = () => res.end('"data":[]}');
    });
    const proxy = await proxyTo(up.url);
    const res = await request(`${proxy.base}/api/v1/markets`);
    const reader = res.body[Symbol.asyncIterator]();
    const first = await reader.next();
    expect(Buffer.from(first.value as Buffer).toString()).toBe('{"success":true,');
    expect(proxy.pending()).toBe(1);
    finish();
    let rest = '';
    for (let r = await reader.next(); !r.done; r = await reader.next()) rest += Buffer.from(r.value as Buffer).toString();
    expect(rest).toBe('"data":[]}');
    await until(() => proxy.pending() === 0);
    expect((await proxy.close()).traffic?.exchanges).toBe(1);
  });

  it('forwards a body over the checking cap whole, unchecked and counted', async () => {
    const big = `{"success":true,"data":"${'x'.repeat(5_000)}"`; // not even JSON: it is not judged
    const up = await target((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end(big));
    const proxy = await proxyTo(up.url, { maxCheckBytes: 1_000 });
    const res = await request(`${proxy.base}/api/v1/markets`);
    expect(await res.body.text()).toBe(big);
    const report = await proxy.close();
    expect(report.failures).toEqual([]);
    expect(report.traffic).toMatchObject({ exchanges: 0, unchecked: { count: 1, bytes: big.length, cap: 1_000 } });
    expect(report.coverage.find((c) => c.operationId === 'getMarkets')?.requests).toBe(1);
  });

  it('keeps one connection to the target alive for many requests of one client connection', async () => {
    const up = await target((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true,"data":[]}'));
    const proxy = await proxyTo(up.url);
    const pool = new Pool(proxy.base, { connections: 1 });
    closing.push(() => pool.close());
    for (let i = 0; i < 5; i++) await (await pool.request({ path: '/api/v1/markets', method: 'GET' })).body.text();
    expect(up.connections()).toBe(1);
    expect((await proxy.close()).traffic?.exchanges).toBe(5);
  });

  it('a client that goes away mid-request leaves nothing pending, and the target\'s request is given up', async () => {
    let upstreamClosed = false;
    const up = await target((req, res) => {
      req.on('data', () => undefined);
      res.on('close', () => (upstreamClosed = true));
    });
    const proxy = await proxyTo(up.url);
    const { port } = new URL(proxy.base);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise((r) => socket.once('connect', r));
    socket.write('POST /api/v1/spot/order HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"market":"BTC"');
    await until(() => proxy.pending() === 1);
    socket.destroy();
    await until(() => proxy.pending() === 0);
    await until(() => upstreamClosed);
    const report = await proxy.close();
    expect(report.traffic).toMatchObject({ exchanges: 0, abandoned: 1 });
  });

  it('a client that goes away mid-answer leaves nothing pending, and the target\'s answer is given up', async () => {
    let upstreamClosed = false;
    const up = await target((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"success":true,');
      // The proxy learns the client is gone when it writes to it (a FIN alone may be a client that
      // half-closed and waits for its answer).
      const more = setInterval(() => res.write(' '), 50);
      res.on('close', () => ((upstreamClosed = true), clearInterval(more)));
    });
    const proxy = await proxyTo(up.url);
    const { port } = new URL(proxy.base);
    const socket = connect(Number(port), '127.0.0.1');
    socket.write('GET /api/v1/markets HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await new Promise((r) => socket.once('data', r));
    socket.destroy();
    await until(() => proxy.pending() === 0);
    await until(() => upstreamClosed);
    expect((await proxy.close()).traffic).toMatchObject({ exchanges: 0, abandoned: 1 });
  });
});
