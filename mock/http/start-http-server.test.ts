import { request as httpRequest, type ServerResponse } from 'node:http';
import { connect } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStubApp as createApp, type StubRoute as Route } from '../../test/support/stub-app.js';
import { domainError } from '../domain/domain-error.js';
import { startMock } from '../index.js';
import { oversizedUploadCases, tryUpload } from '../../test/support/oversized-upload.js';
import { startHttpServer, type RunningHttpServer } from './start-http-server.js';

const NOW = Date.UTC(2026, 0, 1);

const echo: Route = {
  method: 'POST',
  path: '/api/v1/echo',
  operationId: 'echo',
  handle: (req) => ({ body: { success: true, body: req.body ?? null, ip: req.ip, query: req.query.get('q'), ua: req.headers['x-test'] ?? null } }),
};
const item: Route = {
  method: 'GET',
  path: '/api/v1/items/{id}',
  operationId: 'getItem',
  handle: (_req, params) => {
    if (params['id'] === '0') throw domainError.not_found('item 0 not found');
    return { body: { success: true, id: params['id'] } };
  },
};

const app = createApp({ routes: [echo, item], now: () => NOW, logger: { error: vi.fn() } });

let running: RunningHttpServer | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(options: Parameters<typeof startHttpServer>[1] = {}): Promise<RunningHttpServer> {
  running = await startHttpServer(app, { port: 0, ...options });
  return running;
}

const post = (url: string, body: string | Uint8Array, contentType = 'application/json') =>
  fetch(url, { method: 'POST', headers: { 'content-type': contentType }, body });

describe('startHttpServer', () => {
  it('binds 127.0.0.1 on a free port and answers real requests', async () => {
    const { url, port } = await start();
    expect(url).toBe(`http://127.0.0.1:${port}`);
    expect(port).toBeGreaterThan(0);

    const res = await fetch(`${url}/api/v1/echo?q=hello`, {
      method: 'POST', headers: { 'content-type': 'application/json; charset=utf-8', 'x-test': 'yes' }, body: '{"a":[1,2]}',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('date')).toBe('Thu, 01 Jan 2026 00:00:00 GMT');
    expect(await res.json()).toEqual({ success: true, body: { a: [1, 2] }, ip: '127.0.0.1', query: 'hello', ua: 'yes' });

    const got = await fetch(`${url}/api/v1/items/42/`);
    expect(await got.json()).toEqual({ success: true, id: '42' });
    const missing = await fetch(`${url}/api/v1/items/0`);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({ success: false, error: 'item 0 not found', code: 'not_found' });
  });

  it('unknown path and empty body', async () => {
    const { url } = await start();
    const res = await fetch(`${url}/nope`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ success: false, code: 'route_not_found' });
    const empty = await fetch(`${url}/api/v1/echo`, { method: 'POST' });
    expect(await empty.json()).toMatchObject({ success: true, body: null });
  });

  it('rejects bad JSON and a wrong content type with 400 envelopes', async () => {
    const { url } = await start();
    const bad = await post(`${url}/api/v1/echo`, '{"a":');
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, code: 'invalid_json' });
    const wrong = await post(`${url}/api/v1/echo`, 'a=1', 'application/x-www-form-urlencoded');
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ success: false, code: 'unsupported_media_type' });
  });

  it('answers an oversized body with 413 and closes the connection', async () => {
    const { url } = await start({ bodyLimitBytes: 1024, discardLimitBytes: 64 * 1024 });
    const res = await post(`${url}/api/v1/echo`, JSON.stringify({ pad: 'x'.repeat(2048) }));
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toMatchObject({ success: false, code: 'payload_too_large' });
    // exactly at the limit is fine
    const body = JSON.stringify({ pad: 'x'.repeat(1024 - 10) });
    expect(body.length).toBe(1024);
    expect((await post(`${url}/api/v1/echo`, body)).status).toBe(200);
  });

  it('answers 413 for a default-limit (1 MiB) body streamed without content-length', async () => {
    const { port } = await start();
    const status = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/v1/echo', headers: { 'content-type': 'application/json' } });
      req.on('response', (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      let sent = 0;
      const pump = () => {
        while (sent < 2 * 1_048_576) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once('drain', pump);
        }
        req.end();
      };
      pump();
    });
    expect(status).toBe(413);
  });

  it('takes the client IP from the socket unless the peer is a trusted proxy', async () => {
    const echoIp = async (url: string, forwardedFor: string): Promise<unknown> =>
      ((await (await fetch(`${url}/api/v1/echo`, { method: 'POST', headers: { 'x-forwarded-for': forwardedFor } })).json()) as { ip: unknown }).ip;
    const plain = await start();
    expect(await echoIp(plain.url, '203.0.113.7')).toBe('127.0.0.1');
    await plain.close();
    // The loopback peer is not the trusted proxy: its header is not believed.
    const elsewhere = await start({ trustProxy: ['10.9.9.9'] });
    expect(await echoIp(elsewhere.url, '203.0.113.7')).toBe('127.0.0.1');
    await elsewhere.close();
    // The nearest untrusted hop, read from the right: what the client wrote on the left is not believed.
    const proxied = await start({ trustProxy: ['127.0.0.1'] });
    expect(await echoIp(proxied.url, '203.0.113.7, 10.0.0.1')).toBe('10.0.0.1');
    await proxied.close();
    const chain = await start({ trustProxy: ['127.0.0.0/8', '10.0.0.0/8'] });
    expect(await echoIp(chain.url, '203.0.113.7, 10.0.0.1')).toBe('203.0.113.7');
  });

  it('does not read "//path" as a host name', async () => {
    const { port } = await start();
    const raw = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.write('GET //api/v1/items/5 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
      });
      let data = '';
      socket.on('data', (d) => (data += d.toString()));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(raw).toMatch(/^HTTP\/1\.1 404/);
  });

  it('close() resolves, closes idle keep-alive sockets and stops listening', async () => {
    const server = await start();
    await fetch(`${server.url}/api/v1/items/1`); // leaves an idle keep-alive connection
    await server.close();
    expect(server.server.listening).toBe(false);
    await expect(fetch(`${server.url}/api/v1/items/1`)).rejects.toThrow();
    await server.close(); // idempotent
  });

  it('writes the answers of requests read together back to back, after handling them all, each connection in order', async () => {
    // Three pipelined requests arrive in one read: all three are handled before the first answer
    // is written (one wake-up of the client instead of three).
    const events: string[] = [];
    const counted = { handle: (req: Parameters<typeof app.handle>[0]) => (events.push(`handled ${req.path}`), app.handle(req)) };
    running = await startHttpServer(counted, { port: 0 });
    running.server.prependListener('request', (_req, res: ServerResponse) => {
      const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => unknown;
      res.writeHead = ((...args: unknown[]) => (events.push('written'), writeHead(...args))) as typeof res.writeHead;
    });
    const socket = connect(running.port, '127.0.0.1');
    let received = '';
    socket.on('data', (d: Buffer) => (received += d.toString()));
    const body = '{"n":2}';
    socket.write(
      'GET /api/v1/items/1 HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n' +
        `POST /api/v1/echo HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body}` +
        'GET /api/v1/items/0 HTTP/1.1\r\nhost: 127.0.0.1\r\n\r\n',
    );
    await vi.waitFor(() => expect(received.match(/HTTP\/1\.1 /g)?.length).toBe(3));
    socket.destroy();
    // The POST is handled last (its body is read from the stream after the next request's head);
    // node still writes the answers of one connection in its requests' order.
    expect(events.slice(0, 3).sort()).toEqual(['handled /api/v1/echo', 'handled /api/v1/items/0', 'handled /api/v1/items/1']);
    expect(events.slice(3)).toEqual(['written', 'written', 'written']);
    const bodies = received.split(/HTTP\/1\.1 /).slice(1).map((part) => `${part.slice(0, 3)} ${part.slice(part.indexOf('\r\n\r\n') + 4)}`);
    expect(bodies).toEqual([
      '200 {"success":true,"id":"1"}',
      '200 {"success":true,"body":{"n":2},"ip":"127.0.0.1","query":null,"ua":null}',
      '404 {"success":false,"error":"item 0 not found","code":"not_found"}',
    ]);
  });

  it('close() lets an in-flight request finish', async () => {
    const server = await start();
    const { port } = server;
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'POST', path: '/api/v1/echo', headers: { 'content-type': 'application/json' } });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.write('{"half":');
      setTimeout(() => req.end('true}'), 50);
    });
    await new Promise((r) => setTimeout(r, 20));
    const closed = server.close();
    const res = await response;
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toMatchObject({ body: { half: true } });
    await closed;
  });
});

describe('oversized bodies to the fake: the 413 always arrives', () => {
  it('every POST route of both interfaces answers 2 MB and 20 MB bodies with the 413 envelope', async () => {
    const mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, walletRateLimit: 1_000_000 });
    try {
      const cases = oversizedUploadCases({ trading: mock.trading.port, wallet: mock.wallet.port }, 20);
      // Every POST operation of both interfaces, both sizes, both framings, all three clients.
      expect(new Set(cases.map((c) => c.upload.path)).size).toBeGreaterThanOrEqual(10);
      const outcomes: string[] = [];
      for (const c of cases) outcomes.push(await tryUpload(c));
      expect(outcomes.filter((o) => !o.startsWith('ok'))).toEqual([]);
      expect(outcomes).toHaveLength(20);
      // The server still answers afterwards.
      expect((await fetch(`${mock.trading.url}/api/v1/prices`)).status).toBe(200);
    } finally {
      await mock.close();
    }
  });

  it('beyond the discard bound the 413 goes out at once, without reading the body', async () => {
    const { port } = await start({ bodyLimitBytes: 1024, discardLimitBytes: 64 * 1024 });
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = connect(port, '127.0.0.1', () => {
        // Announces 100 MB and sends 10 KB: an answer can only come from not waiting for the rest.
        socket.write('POST /api/v1/echo HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100000000\r\n\r\n');
        socket.write(Buffer.alloc(10_000, 0x20));
      });
      let data = '';
      socket.on('data', (d: Buffer) => (data += d.toString()));
      socket.on('close', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 413/);
    expect(answer).toContain('payload_too_large');
  });
});
