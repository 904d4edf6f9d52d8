// Exposure: the fake binds 127.0.0.1 unless told otherwise; another address needs
// --admin-token, and with a token the admin API requires it; header and request timeouts cut
// slowloris clients; no key or password appears in the request log or in the state views.
import { execFile, spawn } from 'node:child_process';
import { connect } from 'node:net';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { createStubApp as createApp } from '../support/stub-app.js';
import { maskBody, maskHeaders, maskTarget } from '../../mock/core/mask-secrets.js';
import { startHttpServer } from '../../mock/http/start-http-server.js';
import { doppelCommand } from './built-cli.js';

let running: RunningMock | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function start(options: Parameters<typeof startMock>[0] = {}): Promise<RunningMock> {
  running = await startMock({ tradingPort: 0, walletPort: 0, quiet: true, ...options });
  return running;
}

describe('bind address and admin token', () => {
  it('binds 127.0.0.1 by default', async () => {
    const mock = await start();
    expect(mock.trading.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.wallet.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const http = await startHttpServer(createApp({ routes: [], now: () => 0 }));
    expect(http.server.address()).toMatchObject({ address: '127.0.0.1', family: 'IPv4' });
    // The slowloris bounds are on by default.
    expect(http.server.headersTimeout).toBe(10_000);
    expect(http.server.requestTimeout).toBe(30_000);
    await http.close();
  });

  it('refuses a non-loopback address without a token, before binding anything', async () => {
    await expect(startMock({ host: '0.0.0.0', tradingPort: 0, walletPort: 0, quiet: true })).rejects.toThrow(/--admin-token/);
    await expect(startMock({ host: '192.0.2.1', tradingPort: 0, walletPort: 0, quiet: true })).rejects.toThrow(/--admin-token/);
  });

  it('the CLI refuses --host 0.0.0.0 without --admin-token (exit 1, no listener)', async () => {
    const doppel = doppelCommand();
    const result = await new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
      const child = execFile(doppel.file, [...doppel.args, 'mock', '--host', '0.0.0.0', '--trading-port', '0', '--wallet-port', '0'], { timeout: 15_000, env: doppel.env }, (_e, stdout, stderr) =>
        resolve({ code: child.exitCode, stdout, stderr }),
      );
    });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/binding 0\.0\.0\.0 exposes the admin API.*--admin-token/);
    expect(result.stdout).not.toContain('ready');
  }, 120_000);

  it('the CLI takes the token from DOPPEL_ADMIN_TOKEN, and an empty one is none', async () => {
    const run = (env: NodeJS.ProcessEnv, args: string[]) => {
      const doppel = doppelCommand(env);
      return new Promise<{ code: number | null; stderr: string; stdout: string }>((resolve) => {
        const child = execFile(doppel.file, [...doppel.args, 'mock', ...args, '--trading-port', '0', '--wallet-port', '0'], { timeout: 15_000, env: doppel.env }, (_e, stdout, stderr) =>
          resolve({ code: child.exitCode, stdout, stderr }),
        );
      });
    };
    const refused = await run({ DOPPEL_ADMIN_TOKEN: '' }, ['--host', '0.0.0.0']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/binding 0\.0\.0\.0 exposes the admin API.*DOPPEL_ADMIN_TOKEN/);
    // On loopback (no test binds beyond it), the token from the environment guards the admin API.
    const doppel = doppelCommand({ DOPPEL_ADMIN_TOKEN: 'env-admin-token' });
    const child = spawn(doppel.file, [...doppel.args, 'mock', '--trading-port', '0', '--wallet-port', '0', '--log-level', 'error'], { env: doppel.env, stdio: ['ignore', 'pipe', 'pipe'] });
    try {
      const trading = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c: Buffer) => {
          out += c.toString();
          const url = /trading interface ready at (\S+)/.exec(out)?.[1];
          if (url) resolve(url);
        });
        child.on('exit', (code) => reject(new Error(`exited ${String(code)}: ${out}`)));
      });
      expect((await fetch(`${trading}/__doppel/clock`)).status).toBe(401);
      expect((await fetch(`${trading}/__doppel/clock`, { headers: { authorization: 'Bearer env-admin-token' } })).status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
  }, 120_000);

  it('GET /__doppel/health answers on both ports without the token, and the journal leaves it out', async () => {
    const mock = await start({ adminToken: 's3cret-admin-token' });
    for (const url of [mock.trading.url, mock.wallet.url]) {
      const res = await fetch(`${url}/__doppel/health`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, data: { status: 'ok' } });
    }
    expect((await fetch(`${mock.trading.url}/api/v1/prices`)).status).toBe(200);
    const journal = await fetch(`${mock.trading.url}/__doppel/requests`, { headers: { authorization: 'Bearer s3cret-admin-token' } });
    const paths = ((await journal.json()) as { data: { requests: { path: string }[] } }).data.requests.map((r) => r.path);
    expect(paths).toEqual(['/api/v1/prices']);
  });

  it('with a token, every admin route requires it and the interfaces do not', async () => {
    const mock = await start({ adminToken: 's3cret-admin-token' });
    const admin = [
      ['trading', 'GET', '/__doppel/clock'],
      ['trading', 'GET', '/__doppel/state'],
      ['trading', 'POST', '/__doppel/keys'],
      ['trading', 'POST', '/__doppel/reset'],
      ['wallet', 'GET', '/__doppel/state'],
      ['wallet', 'POST', '/__doppel/deposit'],
      ['wallet', 'POST', '/__doppel/clock'],
    ] as const;
    for (const [iface, method, path] of admin) {
      const url = `${mock[iface].url}${path}`;
      for (const authorization of [undefined, 'Bearer wrong', 'Bearer s3cret-admin-tokenX', 'Bearer s3cret-admin-toke', 's3cret-admin-token', 'bearer s3cret-admin-token']) {
        const res = await fetch(url, { method, headers: authorization === undefined ? {} : { authorization } });
        expect(res.status, `${method} ${path} with ${authorization}`).toBe(401);
        expect(await res.json()).toMatchObject({ success: false, code: 'unauthorized' });
      }
    }
    const ok = await fetch(`${mock.trading.url}/__doppel/clock`, { headers: { authorization: 'Bearer s3cret-admin-token' } });
    expect(ok.status).toBe(200);
    expect((await fetch(`${mock.trading.url}/api/v1/account`, { headers: { 'API-KEY': 'demo-trade-key' } })).status).toBe(200);
    expect((await fetch(`${mock.wallet.url}/api/v1/chains`)).status).toBe(200);
  });
});

/** Sends the start of a request, then one byte at a time; resolves with what came back and when the server closed. */
function slowClient(port: number, head: string, trickle: string, everyMs: number): Promise<{ answer: string; closedAfterMs: number }> {
  return new Promise((resolve) => {
    const started = Date.now();
    const socket = connect(port, '127.0.0.1');
    let answer = '';
    let i = 0;
    const timer = setInterval(() => {
      if (i < trickle.length && !socket.destroyed) socket.write(trickle[i++] as string);
    }, everyMs);
    socket.on('connect', () => socket.write(head));
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: Date.now() - started });
    });
  });
}

describe('timeouts', () => {
  it('a client that sends its headers slowly is cut off with a 408 envelope', async () => {
    const mock = await start({ headersTimeoutMs: 400, requestTimeoutMs: 800 });
    const slow = slowClient(mock.trading.port, 'GET /api/v1/prices HTTP/1.1\r\nHost: localhost\r\n', 'X-Slow: ' + 'a'.repeat(200), 50);
    // Meanwhile other clients are served.
    expect((await fetch(`${mock.trading.url}/api/v1/markets`)).status).toBe(200);
    const { answer, closedAfterMs } = await slow;
    expect(closedAfterMs).toBeGreaterThanOrEqual(350);
    expect(closedAfterMs).toBeLessThan(2500);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ success: false, error: 'the request did not arrive in time', code: 'request_timeout' });
  });

  it('a client that sends its body slowly is cut off too', async () => {
    const mock = await start({ headersTimeoutMs: 400, requestTimeoutMs: 800 });
    const head = 'POST /api/v1/spot/cancel HTTP/1.1\r\nHost: localhost\r\nAPI-KEY: demo-trade-key\r\nContent-Type: application/json\r\nContent-Length: 500\r\n\r\n';
    const { answer, closedAfterMs } = await slowClient(mock.trading.port, head, ' '.repeat(500), 50);
    expect(closedAfterMs).toBeLessThan(3000);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });
});

describe('no secret in logs or state views', () => {
  it('masks keys, tokens and passwords in request logs at every level', async () => {
    const lines: string[] = [];
    const mock = await start({ quiet: false, logLevel: 'debug', log: (line) => lines.push(line), adminToken: 'adm1n-t0ken' });
    await fetch(`${mock.trading.url}/api/v1/account?api_key=q-key-123&limit=2`, { headers: { 'API-KEY': 'demo-trade-key' } });
    await fetch(`${mock.wallet.url}/api/v1/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Masked', email: 'masked@doppel.test', password: 'pl41n-passw0rd' }),
    });
    const login = await fetch(`${mock.wallet.url}/api/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'masked@doppel.test', password: 'pl41n-passw0rd' }),
    });
    const { token } = (await login.json()) as { token: string };
    await fetch(`${mock.wallet.url}/api/v1/wallets`, { headers: { 'X-API-Key': token } });
    await fetch(`${mock.wallet.url}/__doppel/state`, { headers: { authorization: 'Bearer adm1n-t0ken', cookie: 'session=c00kie' } });
    const log = lines.join('\n');
    for (const secret of ['demo-trade-key', 'q-key-123', 'pl41n-passw0rd', token, 'adm1n-t0ken', 'c00kie']) expect(log).not.toContain(secret);
    expect(log).toMatch(/doppel trading GET \/api\/v1\/account\?api_key=\*\*\*&limit=2 200 .*"api-key":"\*\*\*"/);
    expect(log).toMatch(/doppel wallet POST \/api\/v1\/login 200 .*body=\{"email":"masked@doppel.test","password":"\*\*\*"\}/);
    expect(log).toMatch(/"authorization":"\*\*\*"/);
    expect(log).toMatch(/"x-api-key":"\*\*\*"/);
  });

  it('log levels: silent prints nothing, error the ready lines, info a line per request, debug its headers', async () => {
    for (const [level, expected] of [['silent', 0], ['error', 2], ['info', 3], ['debug', 3]] as const) {
      const lines: string[] = [];
      const mock = await start({ quiet: false, logLevel: level, log: (line) => lines.push(line) });
      await fetch(`${mock.trading.url}/api/v1/markets`);
      await mock.close();
      running = undefined;
      expect(lines, level).toHaveLength(expected);
      if (level === 'info') expect(lines[2]).toMatch(/^doppel trading GET \/api\/v1\/markets 200 [\d.]+ms$/);
      if (level === 'debug') expect(lines[2]).toMatch(/headers=\{/);
    }
  });

  it('masking helpers: secret names only, bounded output, no prototype games', () => {
    expect(maskHeaders({ 'api-key': 'k', 'x-api-key': 'k', authorization: 'Bearer t', cookie: 'c', 'content-type': 'application/json', 'x-token-id': '3' })).toEqual({
      'api-key': '***', 'x-api-key': '***', authorization: '***', cookie: '***', 'content-type': 'application/json', 'x-token-id': '3',
    });
    expect(maskTarget('/x?token=abc&token_id=3&password=p&%ZZ=1&api_key')).toBe('/x?token=***&token_id=3&password=***&%ZZ=1&api_key');
    expect(maskBody({ password: 'p', token_id: 1, nested: { access_token: 't', list: [{ secret: 's' }] } })).toEqual({
      password: '***', token_id: 1, nested: { access_token: '***', list: [{ secret: '***' }] },
    });
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(JSON.stringify(maskBody({ a: deep })).length).toBeLessThan(100);
    const masked = maskBody(JSON.parse('{"__proto__":{"polluted":1},"password":"p"}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(masked)).toBe(Object.prototype);
    expect(Object.keys(masked)).toEqual(['__proto__', 'password']);
    expect(({} as Record<string, unknown>)['polluted']).toBeUndefined();
  });

  it('state views: never the plain password; the summary shows no hash, salt or login token', async () => {
    const logger = { error: vi.fn() };
    const mock = await start({ logger });
    const post = (path: string, body: unknown) =>
      fetch(`${mock.wallet.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    await post('/api/v1/register', { name: 'S', email: 's@doppel.test', password: 'v3ry-plain' });
    const { token } = (await (await post('/api/v1/login', { email: 's@doppel.test', password: 'v3ry-plain' })).json()) as { token: string };
    const state = await (await fetch(`${mock.wallet.url}/__doppel/state`)).text();
    expect(state).not.toContain('v3ry-plain');
    const summary = await (await fetch(`${mock.wallet.url}/__doppel/summary`)).text();
    expect(summary).not.toContain('v3ry-plain');
    expect(summary).not.toContain(token);
    expect(summary).toContain(`${token.slice(0, 7)}***`);
    expect(summary).not.toMatch(/hash|salt|scrypt/i);
    expect(logger.error).not.toHaveBeenCalled();
  });
});
