// The defaults of a server on a developer's machine (docs/guides/security.md): which origins get
// CORS answers (pages of this machine on the interfaces, nobody on the admin API), which Host names
// a loopback listener answers (DNS rebinding), and that an admin write a page could send without a
// preflight is refused. In process and over HTTP; the real browser is test/robustness/browser-origins.test.ts.
import http from 'node:http';
import { connect } from 'node:net';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFake, createHandlers, startMock, type FakeRequest, type RunningMock } from '../../mock/index.js';
import { isLoopbackAddress } from '../../mock/core/is-loopback-address.js';
import { checkHost, createHostCheck, readAllowedHosts } from '../../mock/core/host-check.js';

const T = 'http://trading.doppel.test';

/** A raw request: fetch neither sends Origin nor lets a test choose Host. */
function raw(url: string, method: string, headers: Record<string, string> = {}, body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }> {
  return new Promise((resolve, reject) => {
    // http.request read at call time: msw's interceptor replaces it on the module object.
    const req = http.request(url, { method, headers, setHost: headers['host'] === undefined }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (text += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

describe('origins', () => {
  const LOOPBACK = ['http://localhost:3000', 'http://localhost', 'https://localhost:8443', 'http://127.0.0.1:5173', 'http://[::1]:8080', 'http://app.localhost:3000', 'https://a.b.localhost'];
  const FOREIGN = ['http://evil.test', 'http://127.0.0.2:3000', 'http://localhost.evil.test:3000', 'http://127.0.0.1.evil.test', 'null', 'http://192.168.1.20:3000', 'file://', 'http://localhost:3000/'];

  it('by default, pages of this machine may call the interfaces; no other page may', async () => {
    const fake = createFake();
    for (const origin of LOOPBACK) {
      const res = await fake.fetch(`${T}/api/v1/prices`, { headers: { origin } });
      expect(res.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(res.headers.get('vary')).toBe('Origin');
      const pre = await fake.fetch(`${T}/api/v1/spot/order`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin'), origin).toBe(origin);
      expect(pre.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    }
    for (const origin of FOREIGN) {
      const res = await fake.fetch(`${T}/api/v1/prices`, { headers: { origin } });
      expect(res.status).toBe(200);
      expect(res.headers.get('access-control-allow-origin'), origin).toBeNull();
      const pre = await fake.fetch(`${T}/api/v1/spot/order`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST' } });
      expect(pre.status).toBe(204);
      expect(pre.headers.get('access-control-allow-origin'), origin).toBeNull();
      expect(pre.headers.get('access-control-allow-methods')).toBeNull();
    }
  });

  it('a list widens the interfaces to those origins; * to every page; false sends no CORS headers', async () => {
    const listed = createFake({ cors: ['http://192.168.1.20:3000'] });
    const lan = await listed.fetch(`${T}/api/v1/prices`, { headers: { origin: 'http://192.168.1.20:3000' } });
    expect(lan.headers.get('access-control-allow-origin')).toBe('http://192.168.1.20:3000');
    expect((await listed.fetch(`${T}/api/v1/prices`, { headers: { origin: 'http://localhost:3000' } })).headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect((await listed.fetch(`${T}/api/v1/prices`, { headers: { origin: 'http://evil.test' } })).headers.get('access-control-allow-origin')).toBeNull();
    const any = createFake({ cors: '*' });
    expect((await any.fetch(`${T}/api/v1/prices`, { headers: { origin: 'http://evil.test' } })).headers.get('access-control-allow-origin')).toBe('*');
    const off = createFake({ cors: false });
    expect((await off.fetch(`${T}/api/v1/prices`, { headers: { origin: 'http://localhost:3000' } })).headers.get('access-control-allow-origin')).toBeNull();
    expect(() => createFake({ cors: ['localhost:3000'] })).toThrow(/cors: "localhost:3000" is not an origin/);
  });

  it('the admin routes answer CORS for no origin by default, not even with cors *, nor under an escaped path', async () => {
    const fake = createFake({ cors: '*' });
    const paths = ['/__doppel/state', '/__doppel/clock', '/__doppel/dashboard/state', '/__doppel/requests', '/__doppel/', '/%5F%5Fdoppel/state', '/__doppel/nowhere'];
    for (const origin of ['http://localhost:3000', 'http://evil.test']) {
      for (const path of paths) {
        const res = await fake.fetch(`${T}${path}`, { headers: { origin } });
        expect(res.headers.get('access-control-allow-origin'), `${origin} ${path}`).toBeNull();
        expect(res.headers.get('vary'), path).toBe('Origin');
      }
      // The escaped path is the admin route: it answers the state, still without CORS.
      expect(((await (await fake.fetch(`${T}/%5F%5Fdoppel/state`, { headers: { origin } })).json()) as { data: { doppel_snapshot: number } }).data.doppel_snapshot).toBe(1);
      for (const path of ['/__doppel/reset', '/__doppel/state', '/%5F%5Fdoppel/reset', '/__doppel/faults']) {
        const pre = await fake.fetch(`${T}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' } });
        expect(pre.status, path).toBe(204);
        expect(pre.headers.get('access-control-allow-origin'), `${origin} preflight ${path}`).toBeNull();
      }
    }
    // The interfaces' routes of the same fake do answer it.
    expect((await fake.fetch(`${T}/api/v1/prices`, { headers: { origin: 'http://evil.test' } })).headers.get('access-control-allow-origin')).toBe('*');
  });

  it('pages the fake serves cannot be framed by another site', async () => {
    const fake = createFake();
    const page = await fake.fetch(`${T}/__doppel/`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(page.headers.get('x-frame-options')).toBe('DENY');
    expect(page.headers.get('content-security-policy')).toBe("frame-ancestors 'none'");
  });

  it('adminCors names the origins whose pages may call the admin API; loopback names this machine; never *', async () => {
    const named = createFake({ adminCors: ['http://localhost:3000'] });
    const mine = await named.fetch(`${T}/__doppel/state`, { headers: { origin: 'http://localhost:3000' } });
    expect(mine.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    const pre = await named.fetch(`${T}/__doppel/reset`, { method: 'OPTIONS', headers: { origin: 'http://localhost:3000', 'access-control-request-method': 'POST' } });
    expect(pre.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    expect(pre.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS');
    expect((await named.fetch(`${T}/__doppel/state`, { headers: { origin: 'http://localhost:5173' } })).headers.get('access-control-allow-origin')).toBeNull();
    const loopback = createFake({ adminCors: ['loopback'] });
    expect((await loopback.fetch(`${T}/__doppel/state`, { headers: { origin: 'http://127.0.0.1:5173' } })).headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173');
    expect((await loopback.fetch(`${T}/__doppel/state`, { headers: { origin: 'http://evil.test' } })).headers.get('access-control-allow-origin')).toBeNull();
    expect(() => createFake({ adminCors: ['*'] })).toThrow(/adminCors: '\*' would let every web page read and reset/);
    expect(() => createFake({ adminCors: ['http://localhost:3000/'] })).toThrow(/adminCors: .* is not an origin/);
  });
});

describe('admin writes need a request the browser preflights', () => {
  /** Every admin POST route of both interfaces, with a body it accepts. */
  const WRITES = [
    ['trading', '/__doppel/reset', undefined],
    ['trading', '/__doppel/clock', { advance_seconds: 60 }],
    ['wallet', '/__doppel/clock', { advance_seconds: 60 }],
    ['trading', '/__doppel/keys', { balances: [{ currency: 'USDT', balance: '1' }] }],
    ['trading', '/__doppel/prices/BTC', { price_usd: '12345' }],
    ['trading', '/__doppel/traders/1', { daily_return: '0.02' }],
    ['wallet', '/__doppel/deposit', { wallet_id: 1, amount: '1' }],
    ['wallet', '/__doppel/api-keys', { user_id: 1 }],
    ['wallet', '/__doppel/transactions/0xabc/fail', undefined],
    ['trading', '/__doppel/faults', { fault: { type: 'status', status: 503 } }],
  ] as const;
  // What a page sends without a preflight: a form (urlencoded, multipart, text/plain), sendBeacon, a no-cors fetch.
  const SIMPLE = [undefined, 'text/plain', 'text/plain;charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'TEXT/PLAIN'];

  it('refuses every admin POST without Content-Type: application/json with 415, changing nothing', async () => {
    const fake = createFake();
    fake.advance(1000);
    const before = JSON.stringify(fake.exportState());
    for (const [iface, path, body] of WRITES) {
      for (const type of SIMPLE) {
        const res = fake[iface].handle(request('POST', path, type, body === undefined ? undefined : body));
        expect(res.status, `${path} ${type}`).toBe(415);
        expect(res.body).toMatchObject({ success: false, code: 'json_required' });
        expect((res.body as { error: string }).error).toMatch(/Content-Type: application\/json/);
      }
    }
    expect(JSON.stringify(fake.exportState())).toBe(before);
    expect(fake.faults.list()).toEqual([]);
    // The same requests as JSON reach their handlers (the unknown transaction is a 404 of its own).
    for (const [iface, path, body] of WRITES) {
      const res = fake[iface].handle(request('POST', path, 'application/json; charset=utf-8', body));
      expect(res.status, path).toBe(path.includes('0xabc') ? 404 : 200);
    }
    expect(fake.faults.list()).toHaveLength(1);
  });

  it('PUT and DELETE, which no page sends without a preflight, and GET are not concerned; the token still comes first', async () => {
    const fake = createFake();
    expect(fake.trading.handle(request('DELETE', '/__doppel/requests', undefined)).status).toBe(200);
    expect(fake.trading.handle(request('GET', '/__doppel/clock', undefined)).status).toBe(200);
    const guarded = createFake({ adminToken: 'sesame' });
    expect(guarded.trading.handle(request('POST', '/__doppel/reset', 'text/plain')).status).toBe(401);
    expect(guarded.trading.handle({ ...request('POST', '/__doppel/reset', 'text/plain'), headers: { authorization: 'Bearer sesame', 'content-type': 'text/plain' } }).status).toBe(415);
    expect(guarded.trading.handle({ ...request('POST', '/__doppel/reset', undefined), headers: { authorization: 'Bearer sesame', 'content-type': 'application/json' } }).status).toBe(200);
  });

  it('over HTTP: a bodiless reset with curl -X POST alone is refused, with the content type it works', async () => {
    const mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true });
    try {
      const plain = await raw(`${mock.trading.url}/__doppel/reset`, 'POST');
      expect(plain.status).toBe(415);
      expect(JSON.parse(plain.text)).toMatchObject({ success: false, code: 'json_required' });
      const form = await raw(`${mock.trading.url}/__doppel/clock`, 'POST', { 'content-type': 'text/plain' }, '{"advance_seconds": 60}');
      expect(form.status).toBe(415);
      expect((await raw(`${mock.trading.url}/__doppel/reset`, 'POST', { 'content-type': 'application/json' })).status).toBe(200);
    } finally {
      await mock.close();
    }
  });
});

function request(method: string, path: string, contentType: string | undefined, body?: unknown): FakeRequest {
  return { method, path, query: new URLSearchParams(), headers: contentType === undefined ? {} : { 'content-type': contentType }, body, ip: '127.0.0.1' };
}

describe('the Host rule', () => {
  let mock: RunningMock;
  let port: number;
  beforeAll(async () => {
    mock = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, clock: 'manual', allowedHosts: ['myapp.test', '.dev.test', '10.0.0.7'] });
    port = mock.trading.port;
  });
  afterAll(() => mock.close());

  const get = (host: string, path = '/api/v1/markets', headers: Record<string, string> = {}) => raw(`${mock.trading.url}${path}`, 'GET', { host, ...headers });

  it('answers Host names of this machine, with any port, and the names allowed', async () => {
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'LOCALHOST', 'localhost.', `app.localhost:${port}`, '127.0.0.5', `[::1]:${port}`, '[::ffff:127.0.0.1]', 'myapp.test', `MyApp.test:${port}`, 'dev.test', 'a.b.dev.test:80', '10.0.0.7']) {
      expect((await get(host)).status, host).toBe(200);
    }
  });

  it('refuses any other Host with 403 in the error envelope naming --allowed-host, before anything else', async () => {
    const namespaces = mock.fake.namespaces();
    const before = JSON.stringify(mock.fake.exportState());
    for (const host of ['evil.test', `evil.test:${port}`, 'localhost.evil.test', '127.0.0.1.nip.io', 'xdev.test', '[::2]', '10.0.0.8', '192.168.1.20:4010']) {
      for (const [method, path, headers] of [
        ['GET', '/__doppel/state', {}],
        ['GET', '/api/v1/account', { 'api-key': 'demo-trade-key' }],
        ['POST', '/__doppel/reset', { 'content-type': 'application/json' }],
        ['OPTIONS', '/__doppel/state', { origin: `http://${host}`, 'access-control-request-method': 'GET' }],
        ['GET', '/api/v1/prices', { 'x-doppel-namespace': 'rebound' }],
      ] as const) {
        const res = await raw(`${mock.trading.url}${path}`, method, { host, ...headers });
        expect(res.status, `${host} ${method} ${path}`).toBe(403);
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
        const body = JSON.parse(res.text) as { success: boolean; error: string; code: string };
        expect(body).toMatchObject({ success: false, code: 'host_not_allowed' });
        expect(body.error).toContain('--allowed-host');
        expect(body.error).toContain(JSON.stringify(host));
      }
    }
    const named = JSON.parse((await get(`evil.test:${port}`)).text) as { error: string };
    expect(named.error).toContain('start it with --allowed-host evil.test (startMock: allowedHosts)');
    // Nothing happened: no state change, no namespace created; the refusals are in the journal.
    expect(JSON.stringify(mock.fake.exportState())).toBe(before);
    expect(mock.fake.namespaces()).toEqual(namespaces);
    const journaled = mock.fake.requests({ status: '403' });
    expect(journaled.length).toBeGreaterThanOrEqual(40);
    expect(journaled[0]?.headers['host']).toBe(`evil.test:${port}`);
  });

  it('a malformed Host is refused; a request without one (HTTP/1.0, no browser) is answered', async () => {
    for (const host of ['evil.test:port', 'localhost:99999999', '[::1', 'local host', 'localhost@evil.test']) {
      expect((await get(host)).status, host).toBe(403);
    }
    const answer = await new Promise<string>((resolve) => {
      const socket = connect(port, '127.0.0.1');
      let text = '';
      socket.on('connect', () => socket.write('GET /api/v1/markets HTTP/1.0\r\n\r\n'));
      socket.on('data', (d: Buffer) => (text += d.toString()));
      socket.on('close', () => resolve(text));
    });
    expect(answer).toMatch(/^HTTP\/1\.1 200 /);
  });

  it('does not apply in process, whatever host the test URL names, nor to a listener off loopback', async () => {
    const fake = createFake({ baseUrls: { trading: 'http://evil.test:4010' } });
    expect((await fake.fetch('http://evil.test:4010/api/v1/markets', { headers: { host: 'evil.test:4010' } })).status).toBe(200);
    const behindMsw = createFake();
    const server = setupServer(...(await createHandlers(behindMsw, { tradingBaseUrl: 'http://api.example.test' })));
    server.listen({ onUnhandledRequest: 'error' });
    try {
      expect((await fetch('http://api.example.test/api/v1/markets')).status).toBe(200);
      // node:http, which sends Host: api.example.test, through msw's interceptor.
      expect((await raw('http://api.example.test/api/v1/markets', 'GET')).status).toBe(200);
      expect(behindMsw.requests({ limit: 1 })[0]?.headers['host']).toBe('api.example.test');
    } finally {
      server.close();
    }
    // A listener bound to another address (needs an admin token) leaves Host alone: it is meant to be reached by other names.
    const base: FakeRequest = { method: 'GET', path: '/api/v1/markets', query: new URLSearchParams(), headers: { host: 'evil.test' }, body: undefined, ip: '192.0.2.1' };
    expect(fake.trading.handle({ ...base, listener: 'network' }).status).toBe(200);
    expect(fake.trading.handle({ ...base, listener: 'loopback' }).status).toBe(403);
  });

  it('what names this machine: a bind address, a Host name', () => {
    for (const host of ['127.0.0.1', '127.9.9.9', '::1', '[::1]', 'localhost', 'LOCALHOST']) expect(isLoopbackAddress(host), host).toBe(true);
    // A name under .localhost is not bound to (the resolver might not keep it on this machine); any address else needs the token.
    for (const host of ['0.0.0.0', '::', '192.168.1.2', 'app.localhost', 'example.test']) expect(isLoopbackAddress(host), host).toBe(false);
    // Host names as the URL parser (and so a browser) writes them: 127.1 is 127.0.0.1, 2130706433 too.
    for (const host of ['localhost', 'app.localhost:1', 'a.b.localhost', 'localhost.', '127.0.0.1', '127.1', '2130706433', '0x7f.0.0.1', '[::1]:80', '[0:0:0:0:0:0:0:1]', '[::ffff:127.0.0.1]']) {
      expect(checkHost(host, []), host).toBeUndefined();
    }
    for (const host of ['localhost.evil.test', 'evillocalhost', '128.0.0.1', '[::2]', 'example.test', '999.1.1.1', '::1', 'localhost:65536']) {
      expect(checkHost(host, []), host).toMatch(/^Host /);
    }
    // The gateway's memo of verdicts gives the same answers, also after a flood of made-up names.
    const check = createHostCheck(readAllowedHosts(['myapp.test']));
    for (let i = 0; i < 200; i++) expect(check(`n${i}.evil.test`)).toMatch(/^Host /);
    for (let i = 0; i < 3; i++) {
      expect(check('myapp.test:4010')).toBeUndefined();
      expect(check('localhost:4010')).toBeUndefined();
      expect(check('evil.test:4010')).toMatch(/--allowed-host evil\.test /);
      expect(check(undefined)).toBeUndefined();
    }
    expect(checkHost('[::2]:4010', readAllowedHosts(['::2']))).toBeUndefined();
    expect(checkHost('xn--bcher-kva.test', readAllowedHosts(['Bücher.test']))).toBeUndefined();
  });

  it('allowedHosts entries are checked', () => {
    expect(() => createFake({ allowedHosts: ['myapp.test:4010'] })).toThrow(/--allowed-host: "myapp.test:4010" is not a host name/);
    for (const bad of ['http://myapp.test', 'myapp.test/x', 'user@myapp.test', '999.1.1.1', '.[::1]', '', 'my app.test']) {
      expect(() => createFake({ allowedHosts: [bad] }), bad).toThrow(/is not a host name/);
    }
    expect(readAllowedHosts(['MyApp.test', '.Dev.Test', '[::2]', '::3', '10.0.0.7', 'myapp.test.'])).toEqual(['myapp.test', '.dev.test', '[::2]', '[::3]', '10.0.0.7', 'myapp.test']);
  });
});
