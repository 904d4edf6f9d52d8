// doppel proxy against hostile clients and targets, like the mock's robustness suite: request
// targets that are not paths, CRLF and NUL, 1,000 headers, 100 kB URLs, slow and vanishing
// clients, targets that vanish, answers that are huge, 100,000 deep, wrongly compressed or cut,
// 64 concurrent clients. After each, the proxy answers the next request and its report renders
// in every format; at the end the HAR is valid JSON that doppel check --from-har reads.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderConsole, renderHtml, renderJunit } from '../../conformance/index.js';
import { judgeRecording } from '../../conformance/traffic/judge-recording.js';
import { startProxy, type RunningProxy } from '../../proxy/index.js';
import { rawSend } from './raw-client.js';
import { send } from './traffic-client.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-proxy-hostile-'));
const har = join(dir, 'traffic.har');
const PRICES = JSON.stringify({ success: true, data: { 'BTC/USDT': '50000.00000000' } });

/** What the target does for the next request of a path (default: a small valid answer). */
const behaviours = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
const upstream = createServer((req, res) => {
  const act = behaviours.get(new URL(req.url ?? '/', 'http://x').pathname);
  if (act) return act(req, res);
  req.resume();
  res.writeHead(200, { 'content-type': 'application/json' }).end(PRICES);
});
let proxy: RunningProxy;
let base: string;
let port: number;
const notes: string[] = [];

beforeAll(async () => {
  await new Promise<void>((r) => upstream.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
  proxy = await startProxy({ targets: { trading: url }, ports: { trading: 0 }, har, maxCheckBytes: 1024 * 1024, onNote: (l) => notes.push(l) });
  base = proxy.listening.trading!.url;
  port = Number(new URL(base).port);
});
afterAll(async () => {
  await proxy.close(100).catch(() => undefined);
  upstream.closeAllConnections();
  await new Promise((r) => upstream.close(r));
  rmSync(dir, { recursive: true, force: true });
});

/** Writes `text` on a raw connection; what came back by the time the connection ended, one answer came, or `ms` passed. */
const raw = (text: string | Buffer, ms = 2_000): Promise<string> => rawSend(port, text, { ms, oneAnswer: true });

/** The proxy still answers, and its report renders in every format. */
async function stillWell(): Promise<void> {
  const next = await send(base, 'GET', '/api/v1/prices');
  expect(next.status).toBe(200);
  expect(next.body.toString()).toBe(PRICES);
  const report = proxy.session.report();
  expect(() => JSON.parse(JSON.stringify(report))).not.toThrow();
  expect(renderConsole(report)).toMatch(/(PASSED|FAILED|INCONCLUSIVE)/);
  expect(renderHtml(report)).toContain('</html>');
  expect(renderJunit(report)).toContain('</testsuites>');
}

describe('doppel proxy against hostile input', () => {
  it('refuses request targets that are not paths with 400, counted as refused', async () => {
    for (const line of ['OPTIONS * HTTP/1.1', 'GET http:// HTTP/1.1', 'GET http://evil.test/api/v1/prices HTTP/1.1']) {
      const answer = await raw(`${line}\r\nHost: localhost\r\n\r\n`);
      expect(answer, line).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer, line).toContain('"code":"malformed_request"');
    }
    expect(proxy.session.summary().refused?.count).toBeGreaterThanOrEqual(3);
    await stillWell();
  });

  it('survives CRLF and NUL in a request, 1,000 headers and a 100 kB URL', async () => {
    expect(await raw('GET /api/v1/prices HTTP/1.1\r\nHost: localhost\r\nX-A: a\0b\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw('GET /api/v1/prices HTTP/1.1\r\nHost: localhost\r\nX-A: a\rb\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    expect(await raw('GET /api/v1/pri\0ces HTTP/1.1\r\nHost: localhost\r\n\r\n')).toMatch(/^HTTP\/1\.1 400 /);
    const many = Array.from({ length: 1_000 }, (_, i) => `X-H${i}: ${i}`).join('\r\n');
    expect(await raw(`GET /api/v1/prices HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n${many}\r\n\r\n`)).toMatch(/^HTTP\/1\.1 (200|431) /);
    expect(await raw(`GET /api/v1/prices?q=${'a'.repeat(100_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`)).toMatch(/^HTTP\/1\.1 (414|431|400) /);
    expect(await raw('GET /api/v1/prices%0d%0aX-Injected:%20yes HTTP/1.1\r\nHost: localhost\r\n\r\n')).not.toMatch(/X-Injected: yes/);
    await stillWell();
  });

  it('a slow client does not hold up others; a client that vanishes leaves nothing pending', async () => {
    const slow = connect(port, '127.0.0.1');
    slow.write('POST /api/v1/spot/order HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"mar');
    await stillWell();
    slow.destroy();
    const gone = connect(port, '127.0.0.1');
    gone.write('GET /api/v1/prices HTTP/1.1\r\nHost: local');
    gone.destroy();
    const until = Date.now() + 2_000;
    while (proxy.pending() > 0 && Date.now() < until) await new Promise((r) => setTimeout(r, 10));
    expect(proxy.pending()).toBe(0);
    await stillWell();
  });

  it('a target that vanishes mid-answer or before it is a 502 or a cut answer, not a crash', async () => {
    behaviours.set('/api/v1/markets', (req) => req.socket.destroy());
    expect((await send(base, 'GET', '/api/v1/markets')).status).toBe(502);
    behaviours.set('/api/v1/markets', (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      res.write('{"success":true,"data":[');
      setTimeout(() => res.destroy(), 10);
    });
    await expect(send(base, 'GET', '/api/v1/markets')).rejects.toThrow();
    behaviours.delete('/api/v1/markets');
    await stillWell();
  });

  it('answers that are huge, 100,000 deep, of odd numbers, wrongly compressed: forwarded, and the judge survives them', async () => {
    const deep = `{"success":true,"data":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const answers: [string, Record<string, string>, string | Buffer][] = [
      ['/api/v1/markets', { 'content-type': 'application/json' }, deep],
      ['/api/v1/account', { 'content-type': 'application/json' }, `{"success":false,"error":${'{"a":'.repeat(50_000)}1${'}'.repeat(50_000)},"code":"x"}`],
      ['/api/v1/account/balances', { 'content-type': 'application/json' }, '{"success":true,"data":[{"asset":"BTC","free":1e400,"locked":-0,"total":123456789012345678901234567890.123456789}]}'],
      ['/api/v1/prices', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, 'not gzip at all'],
      ['/api/v1/price/BTC', { 'content-type': 'application/json' }, Buffer.alloc(3 * 1024 * 1024, 0x20)],
    ];
    for (const [path, headers, body] of answers) {
      behaviours.set(path, (req, res) => {
        req.resume();
        res.writeHead(path === '/api/v1/account' ? 401 : 200, headers).end(body);
      });
      const got = await send(base, 'GET', path, { 'api-key': 'k' });
      expect(got.body.length, path).toBe(Buffer.byteLength(body));
      behaviours.delete(path);
      await stillWell();
    }
  });

  it('64 concurrent clients each get their own answer', async () => {
    const all = await Promise.all(Array.from({ length: 64 }, (_, i) => send(base, 'GET', `/api/v1/prices?i=${i}`)));
    expect(all.map((a) => a.status)).toEqual(Array(64).fill(200));
    await stillWell();
  });

  it('at the end the HAR is valid and judged again', async () => {
    const report = await proxy.close(100);
    expect(report.traffic?.exchanges).toBeGreaterThan(10);
    const doc = JSON.parse(readFileSync(har, 'utf8'));
    expect(doc.log.entries.length).toBeGreaterThan(10);
    const again = judgeRecording(doc, { file: har });
    expect(again.traffic?.exchanges).toBeGreaterThan(10);
    expect(notes.join('\n')).not.toMatch(/[\x00-\x08\x0b-\x1f\x7f]/);
  });
});
