// doppel proxy at production traffic, the fast cases (the slow ones, thousands of connections,
// 200 MB uploads and kills, are test/proxy-hostile/, `npm run test:proxy-hostile`): a target out of
// reach gives no verdict, a reachable one that answers no HTTP fails; bodies that decode past the
// checking cap (a large gzip, a compression bomb) are counted unchecked, binary ones kept as base64;
// an early 413 to an upload reaches the client; half-closed clients and a CRLF after a
// `Connection: close` request get their answer; client timeouts, the connection cap and the
// target timeout (504); and what the target executed is what the HAR holds (its journal).
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EventEmitter } from 'node:events';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { request } from 'undici';
import { renderConsole, renderJunit } from '../../conformance/index.js';
import { judgeRecording } from '../../conformance/traffic/judge-recording.js';
import { readHarText } from '../../conformance/traffic/har.js';
import { startMock } from '../../mock/index.js';
import { runProxyCli, startProxy, type ProxyOptions, type RunningProxy } from '../../proxy/index.js';
import { rawSend } from './raw-client.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-proxy-forward-'));
const closing: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  while (closing.length) await (closing.pop() as () => Promise<unknown>)().catch(() => undefined);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function target(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((r) => (server.closeAllConnections(), server.close(r))));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A target that writes `answer` raw to each connection once a request came. */
async function rawTarget(answer: (socket: Socket) => void): Promise<string> {
  const server = createNetServer((socket) => {
    socket.on('error', () => undefined);
    socket.once('data', () => answer(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  closing.push(() => new Promise((r) => server.close(r)));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function proxyTo(url: string, extra: Partial<ProxyOptions> = {}): Promise<RunningProxy & { base: string; port: number }> {
  const proxy = await startProxy({ targets: { trading: url }, ports: { trading: 0 }, ...extra });
  let closed = false;
  const close = proxy.close.bind(proxy);
  closing.push(() => (closed ? Promise.resolve() : close(100)));
  const base = proxy.listening.trading!.url;
  return Object.assign(proxy, { base, port: Number(new URL(base).port), close: (ms?: number) => ((closed = true), close(ms)) });
}

const raw = rawSend;

const until = async (ok: () => boolean, ms = 5_000): Promise<void> => {
  const end = Date.now() + ms;
  while (!ok()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 10));
  }
};

const harOf = (file: string): any => readHarText(readFileSync(file, 'utf8')).doc;

describe('doppel proxy: a target out of reach, a target that answers no HTTP', () => {
  it('a target out of reach for every request gives no verdict: INCONCLUSIVE, exit status 1', async () => {
    const gone = await target(() => undefined);
    await new Promise((r) => gone.server.close(r));
    const signals = new EventEmitter();
    const out: string[] = [];
    const running = runProxyCli({ tradingTarget: gone.url, tradingPort: 0, signals, out: (l) => out.push(l), err: () => undefined, onListening: (p) => void answered(p) });
    const answered = async (p: RunningProxy): Promise<void> => {
      const res = await request(`${p.listening.trading!.url}/api/v1/markets`);
      expect(res.statusCode).toBe(502);
      await res.body.text();
      signals.emit('SIGTERM', 'SIGTERM');
    };
    expect(await running).toBe(1);
    expect(out.join('\n')).toMatch(/INCONCLUSIVE: .*the target could not be reached for any of the 1 requests/);
  });

  for (const [name, answer, said] of [
    ['an invalid status line', (s: Socket) => s.end('HTTP/1.1 2OO OK\r\ncontent-length: 2\r\n\r\n{}'), /not HTTP|Invalid|Response/i],
    ['bytes that are not HTTP', (s: Socket) => s.end('SSH-2.0-OpenSSH_9.6\r\n'), /not HTTP|Invalid|Response/i],
    ['10,000 headers', (s: Socket) => s.end(`HTTP/1.1 200 OK\r\n${Array.from({ length: 10_000 }, (_, i) => `x-h${i}: ${i}\r\n`).join('')}content-length: 2\r\n\r\n{}`), /header/i],
    ['a connection closed with no answer', (s: Socket) => s.destroy(), /closed|socket|ended/i],
  ] as const) {
    it(`a reachable target that answers with ${name} fails, with a clear message (502, not "cannot reach")`, async () => {
      const proxy = await proxyTo(await rawTarget(answer), { har: join(dir, 'fault.har') });
      const res = await request(`${proxy.base}/api/v1/markets`);
      expect(res.statusCode).toBe(502);
      const body = (await res.body.json()) as { code: string; error: string };
      expect(body.code).toBe('upstream_bad_answer');
      expect(body.error).not.toMatch(/cannot reach/);
      const report = await proxy.close();
      expect(report.failed).toBe(true);
      expect(report.traffic?.unreachable.count).toBe(0);
      expect(report.traffic?.targetFaults?.count).toBe(1);
      expect(report.traffic?.targetFaults?.examples[0]).toMatch(said);
      expect(renderConsole(report)).toMatch(/FAILED: .*requests the target took and gave no readable answer to/);
      expect(renderJunit(report)).toMatch(/<testcase classname="doppel.traffic" name="target-answers"[^>]*>\s*<failure message="1 requests the target took/);
      // Read back, the same verdict.
      expect(judgeRecording(harOf(join(dir, 'fault.har')), { file: 'fault.har' }).failed).toBe(true);
    });
  }
});

describe('doppel proxy: bodies', () => {
  it('a valid 7.5 MB JSON answer gzipped, and a compression bomb: forwarded whole, unchecked and counted, not a violation', async () => {
    const big = JSON.stringify({ success: true, data: Array.from({ length: 75_000 }, (_, i) => ({ symbol: `M${i}/USDT`, x: 'y'.repeat(70) })) });
    expect(big.length).toBeGreaterThan(7_000_000);
    const zipped = gzipSync(big);
    const bomb = gzipSync(Buffer.alloc(200 * 1024 * 1024, 0x20));
    const up = await target((req, res) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' }).end(req.url?.includes('markets') ? zipped : bomb));
    const har = join(dir, 'bodies.har');
    const proxy = await proxyTo(up.url, { har });
    for (const [path, sent] of [['/api/v1/markets', zipped], ['/api/v1/prices', bomb]] as const) {
      const res = await request(`${proxy.base}${path}`);
      expect(Buffer.from(await res.body.arrayBuffer()).equals(sent), path).toBe(true);
    }
    const report = await proxy.close();
    expect(report.failures.map((f) => f.message)).toEqual([]);
    expect(report.traffic?.unchecked).toMatchObject({ count: 2, bytes: zipped.length + bomb.length });
    expect(judgeRecording(harOf(har), { file: har }).traffic?.unchecked.count).toBe(2);
  });

  it('a binary body is kept as base64 in the HAR and read back as the same bytes', async () => {
    const bytes = Buffer.from([0x7b, 0xff, 0xfe, 0x00, 0x80, 0x7d]);
    const up = await target((_req, res) => res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-encoding': 'gzip' }).end(gzipSync(bytes)));
    const har = join(dir, 'binary.har');
    const proxy = await proxyTo(up.url, { har });
    await (await request(`${proxy.base}/api/v1/markets`)).body.arrayBuffer();
    const live = await proxy.close();
    const content = harOf(har).log.entries[0].response.content;
    expect(content).toMatchObject({ encoding: 'base64', text: bytes.toString('base64') });
    const again = judgeRecording(harOf(har), { file: har });
    expect(again.failures.map((f) => `${f.checkId}/${f.assertion}`).sort()).toEqual(live.failures.map((f) => `${f.checkId}/${f.assertion}`).sort());
  });
});

describe('doppel proxy: clients the target answers directly', () => {
  it('forwards an early 413 to an upload over the target\'s body limit and records it', async () => {
    const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 1, quiet: true });
    closing.push(() => mock.close());
    const har = join(dir, 'upload.har');
    const proxy = await proxyTo(mock.trading.url, { har });
    // 200 MB announced: the target answers 413 at once (past what it reads and drops) while the
    // client is still sending; 4 MB of it are sent here (test/proxy-hostile/ sends all 200).
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(proxy.port, '127.0.0.1');
      const got: Buffer[] = [];
      const done = (): void => resolve(Buffer.concat(got).toString('latin1'));
      socket.on('error', () => undefined).on('close', done);
      socket.on('data', (d) => {
        got.push(d);
        if (Buffer.concat(got).includes('payload_too_large')) (done(), socket.destroy());
      });
      socket.write(`POST /api/v1/spot/order HTTP/1.1\r\nHost: localhost\r\nAPI-KEY: demo-trade-key\r\nContent-Type: application/json\r\nContent-Length: ${200 * 1024 * 1024}\r\n\r\n`);
      for (let i = 0; i < 64; i++) socket.write(Buffer.alloc(64 * 1024, 0x20));
      setTimeout(() => socket.destroy(), 3_000);
    });
    expect(answer.slice(0, 600), answer.slice(0, 600)).toMatch(/^HTTP\/1\.1 413 /);
    const report = await proxy.close();
    expect(report.failed).toBe(false);
    expect(harOf(har).log.entries.map((e: any) => e.response.status)).toEqual([413]);
  });

  it('answers clients that half-close after their request (request, then FIN), as the target does', async () => {
    const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 1, quiet: true });
    closing.push(() => mock.close());
    const proxy = await proxyTo(mock.trading.url);
    const answers = await Promise.all(Array.from({ length: 10 }, () => raw(proxy.port, 'GET /api/v1/prices HTTP/1.1\r\nHost: localhost\r\n\r\n', { end: true })));
    expect(answers.filter((a) => a.startsWith('HTTP/1.1 200 '))).toHaveLength(10);
  });

  it('a CRLF after a Connection: close request: the client gets the target\'s answer and the HAR has it', async () => {
    const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 1, quiet: true });
    closing.push(() => mock.close());
    const har = join(dir, 'crlf.har');
    const proxy = await proxyTo(mock.trading.url, { har });
    const body = JSON.stringify({ market: 'BTC', pair: 'USDT', side: 'buy', order_type: 'limit', amount: '0.001', price: '1000' });
    const head = `POST /api/v1/spot/order HTTP/1.1\r\nHost: localhost\r\nAPI-KEY: demo-trade-key\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`;
    const answers = await Promise.all([raw(proxy.port, `${head}\r\n`), raw(proxy.port, `${head}\r\n`, { end: true })]);
    for (const answer of answers) expect(answer).toMatch(/^HTTP\/1\.1 200 /);
    await proxy.close();
    const journal = (await (await request(`${mock.trading.url}/__doppel/requests`)).body.json()) as { data: { requests: unknown[] } };
    expect(journal.data.requests).toHaveLength(2);
    expect(harOf(har).log.entries).toHaveLength(2);
  });
});

describe('doppel proxy: timeouts and the connection cap', () => {
  it('closes a client that sends no whole head in time, and an idle kept-alive one', async () => {
    const up = await target((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const proxy = await proxyTo(up.url, { headersTimeoutMs: 300, idleTimeoutMs: 300 });
    const slow = await raw(proxy.port, 'GET /api/v1/prices HTTP/1.1\r\nHost: local', { ms: 10_000 });
    expect(slow).toMatch(/^HTTP\/1\.1 408 /);
    expect(slow).toContain('"code":"request_timeout"');
    const idle = connect(proxy.port, '127.0.0.1');
    idle.write('GET /api/v1/prices HTTP/1.1\r\nHost: localhost\r\n\r\n');
    idle.resume();
    await new Promise((r) => idle.once('close', r));
  });

  it('refuses connections over --max-connections with 503 in the error envelope, and takes new ones once below', async () => {
    const up = await target((_req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
    const proxy = await proxyTo(up.url, { maxConnections: 3 });
    const held = Array.from({ length: 3 }, () => connect(proxy.port, '127.0.0.1'));
    await Promise.all(held.map((s) => new Promise((r) => s.once('connect', r))));
    await new Promise((r) => setTimeout(r, 50));
    const over = await raw(proxy.port, 'GET /api/v1/prices HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(over).toMatch(/^HTTP\/1\.1 503 /);
    expect(over).toContain('"code":"too_many_connections"');
    for (const s of held) s.destroy();
    await new Promise((r) => setTimeout(r, 50));
    expect(await raw(proxy.port, 'GET /api/v1/prices HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).toMatch(/^HTTP\/1\.1 200 /);
    const report = await proxy.close();
    expect(report.traffic?.refused?.examples.join('\n')).toMatch(/--max-connections 3/);
  });

  it('answers 504 in the error envelope when the target sends no answer head within --target-timeout, recorded as its failure', async () => {
    const up = await target((req) => req.resume());
    const har = join(dir, 'timeout.har');
    const proxy = await proxyTo(up.url, { har, targetTimeoutMs: 200 });
    const res = await request(`${proxy.base}/api/v1/markets`);
    expect(res.statusCode).toBe(504);
    expect(await res.body.json()).toMatchObject({ success: false, code: 'upstream_timeout' });
    const report = await proxy.close();
    expect(report.failed).toBe(true);
    expect(report.traffic?.targetFaults?.examples[0]).toMatch(/no answer head within 0\.2 s/);
    expect(harOf(har).log.entries[0]).toMatchObject({ response: { status: 504 }, _doppel: { targetFault: expect.stringMatching(/no answer head/) } });
  });
});

describe('doppel proxy: what the target executed is in the HAR', () => {
  it('HAR entries are the target\'s journal: clients that went away after their whole request and a stop under way included', async () => {
    const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 1, quiet: true });
    closing.push(() => mock.close());
    // Every answer 300 ms late: the requests are applied when they arrive (client-developers.md, fault injection).
    const rule = await request(`${mock.trading.url}/__doppel/faults`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ match: { path: '/api/v1/price/BTC' }, fault: { type: 'delay', ms: 300 } }) });
    expect(rule.statusCode).toBe(200);
    await rule.body.text();
    const har = join(dir, 'journal.har');
    const proxy = await proxyTo(mock.trading.url, { har });
    // Ten clients send their whole request and leave at once; ten wait; a stop comes while they do.
    const gone = Array.from({ length: 10 }, () => raw(proxy.port, 'GET /api/v1/price/BTC HTTP/1.1\r\nHost: localhost\r\n\r\n', { ms: 150 }));
    const stayed = Array.from({ length: 10 }, (_, i) => request(`${proxy.base}/api/v1/price/BTC?i=${i}`).then((r) => r.body.text()));
    // The stop comes once the target has all twenty (a connection not yet accepted at a stop reaches nothing).
    const fired = async (): Promise<number> => ((await (await request(`${mock.trading.url}/__doppel/faults`)).body.json()) as { data: { faults: { fired: number }[] } }).data.faults[0]!.fired;
    for (let n = await fired(); n < 20; n = await fired()) await new Promise((r) => setTimeout(r, 20));
    await Promise.all(gone);
    await proxy.close(5_000);
    expect((await Promise.allSettled(stayed)).map((s) => s.status)).toEqual(Array(10).fill('fulfilled'));
    const journal = (await (await request(`${mock.trading.url}/__doppel/requests?path=/api/v1/price/BTC&limit=1000`)).body.json()) as { data: { requests: unknown[] } };
    expect(journal.data.requests).toHaveLength(20);
    const entries = harOf(har).log.entries;
    expect(entries).toHaveLength(20);
  });
});
