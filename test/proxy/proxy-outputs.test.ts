// What doppel proxy writes of a production target's traffic, in every output (stderr and stdout,
// the HAR, the JSON, JUnit and HTML reports, the replay script): cookies masked one by one (name
// and attributes kept, each Set-Cookie line a HAR header of its own); the target's admin routes
// forwarded and recorded masked, never judged nor counted as interface traffic; the target's
// control characters escaped in each file format.
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCheckCli } from '../../conformance/index.js';
import { runProxyCli, type RunningProxy } from '../../proxy/index.js';
import type { HarEntry } from '../../conformance/traffic/har.js';
import type { RunReport } from '../../conformance/types.js';
import { send } from './traffic-client.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-proxy-outputs-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const COOKIES = { session: 'ck-session-value-0001', prefs: 'ck-prefs-value-0002', short: 'xy', asked: 'ck-asked-value-0003' };
const STATE = { hash: 'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6', salt: '0f1e2d3c4b5a69788796a5b4c3d2e1f0', passwordHash: 'ph-value-9a8b7c6d5e4f', apiKey: 'state-key-5566778899' };
const LEAK = new RegExp([...Object.values(COOKIES).filter((v) => v.length > 2), ...Object.values(STATE)].join('|'));
/** What a hostile target puts in a body: a colour, a forged line, NUL, a line separator, a bidirectional override. */
const HOSTILE = 'oops \x1b[31mRED\x1b[0m\r\nFORGED LINE\x00 \u2028 \u2029 \u202eesrever\u202c \u2066iso\u2069 \x07bell \x7f';
const RAW_CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

function target(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    req.resume().on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/api/v1/account') {
        res.writeHead(401, [
          ['content-type', 'application/json'],
          ['set-cookie', `session=${COOKIES.session}; Path=/; HttpOnly; Expires=Wed, 21 Oct 2037 07:28:00 GMT`],
          ['set-cookie', `prefs=${COOKIES.prefs}; Max-Age=60; Secure`],
          ['set-cookie', `lang=${COOKIES.short}; Path=/`],
        ]);
        return res.end(JSON.stringify({ success: false, error: `no key ${HOSTILE}`, code: 'unauthorized' }));
      }
      if (path === '/__doppel/state') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ success: true, data: { wallet: { users: [{ id: 1, email: 'a@example.test', password: { algorithm: 'scrypt', salt: STATE.salt, hash: STATE.hash }, password_hash: STATE.passwordHash }] }, trading: { accounts: [{ keys: [{ api_key: STATE.apiKey }] }] } } }));
      }
      if (path === '/__doppel/reset') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ success: true, data: { reset: true } }));
      }
      // Anything else: an answer no interface allows, full of control characters.
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(HOSTILE);
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) })));
}

const files = Object.fromEntries(['har', 'json', 'junit', 'html', 'replay'].map((k) => [k, join(dir, `proxy.${k}`)])) as Record<'har' | 'json' | 'junit' | 'html' | 'replay', string>;
const lines: string[] = [];

beforeAll(async () => {
  const t = await target();
  const signals = new EventEmitter();
  let proxy: RunningProxy | undefined;
  const running = runProxyCli({ tradingTarget: t.url, tradingPort: 0, ...files, out: (l) => lines.push(l), err: (l) => lines.push(l), signals, onListening: (p) => (proxy = p) });
  while (!proxy) await new Promise((r) => setTimeout(r, 10));
  const base = proxy.listening.trading!.url;
  await send(base, 'GET', '/api/v1/account', { cookie: `session=${COOKIES.asked}; theme=dark-0004; l=1` });
  await send(base, 'GET', '/__doppel/state');
  await send(base, 'GET', '/%5F%5Fdoppel/state?x=1');
  await send(base, 'POST', '/__doppel/reset', { 'content-type': 'application/json' }, '{}');
  await send(base, 'GET', '/api/v1/prices');
  await send(base, 'GET', '/api/v1/price/BTC');
  // A symbol spelled like the admin path is the interface's.
  await send(base, 'GET', '/api/v1/price/__doppel');
  signals.emit('SIGINT', 'SIGINT');
  await running;
  await t.close();
});

const har = (): HarEntry[] => (JSON.parse(readFileSync(files.har, 'utf8')) as { log: { entries: HarEntry[] } }).log.entries;
const report = (): RunReport => JSON.parse(readFileSync(files.json, 'utf8')) as RunReport;
const everything = (): string => [lines.join('\n'), ...Object.values(files).map((f) => readFileSync(f, 'utf8'))].join('\n');

describe('cookies', () => {
  it('each Set-Cookie line is a HAR header of its own, its value hidden, its name and attributes kept', () => {
    const entry = har().find((e) => e.request.url.endsWith('/api/v1/account'))!;
    const lines = entry.response.headers.filter((h) => h.name.toLowerCase() === 'set-cookie').map((h) => h.value);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(/^session=\$DOPPEL_COOKIE_SESSION_2; Path=\/; HttpOnly; Expires=Wed, 21 Oct 2037 07:28:00 GMT$/);
    expect(lines[1]).toMatch(/^prefs=\$DOPPEL_COOKIE_PREFS; Max-Age=60; Secure$/);
    expect(lines[2]).toBe('lang=(masked); Path=/');
    expect(entry.response.cookies.map((c) => c.name)).toEqual(['session', 'prefs', 'lang']);
    const asked = entry.request.headers.find((h) => h.name === 'cookie')!.value;
    expect(asked).toMatch(/^session=\$DOPPEL_COOKIE_SESSION; theme=\$DOPPEL_COOKIE_THEME; l=\(masked\)$/);
    expect(entry.request.cookies.map((c) => c.name)).toEqual(['session', 'theme', 'l']);
  });

  it('no output shows a cookie, a hash, a salt or a key of the target', () => {
    expect(everything().match(LEAK)?.[0]).toBeUndefined();
  });
});

describe("the target's admin routes", () => {
  it('are forwarded and recorded, and counted apart: never judged as interface traffic', () => {
    const paths = har().map((e) => new URL(e.request.url).pathname);
    expect(paths.filter((p) => /^\/(__|%5F%5F)doppel/i.test(p))).toHaveLength(3);
    const r = report();
    // account, prices, price/BTC, price/__doppel: the interface exchanges; the state reads and the reset are admin.
    expect(r.traffic?.exchanges).toBe(4);
    expect(r.traffic?.admin).toEqual({ count: 3 });
    expect(r.traffic?.resets).toBe(1);
    expect(r.failures.some((f) => /__doppel|%5F%5Fdoppel/i.test(JSON.stringify(f.exchange?.url ?? '')))).toBe(false);
    expect(lines.join('\n')).toMatch(/3 exchanges with the target's admin API/);
  });

  it('are counted apart by doppel check --from-har too', async () => {
    const json = join(dir, 'from-har.json');
    await runCheckCli({ fromHar: files.har, json, out: () => undefined, err: () => undefined });
    const judged = JSON.parse(readFileSync(json, 'utf8')) as RunReport;
    expect(judged.traffic?.exchanges).toBe(4);
    expect(judged.traffic?.admin).toEqual({ count: 3 });
    expect(judged.traffic?.resets).toBe(1);
  });

  it("mask a state dump's password hashes, salts and keys in the HAR", () => {
    const state = har().find((e) => e.request.url.endsWith('/__doppel/state'))!;
    expect(state.response.content.text).toContain('"algorithm":');
    expect(state.response.content.text).not.toMatch(LEAK);
  });
});

describe("the target's control characters", () => {
  it('are escaped in the JSON, JUnit, HTML, replay script, HAR and terminal lines', () => {
    expect(report().failures.length).toBeGreaterThan(0);
    for (const [format, file] of Object.entries(files)) {
      const text = readFileSync(file, 'utf8');
      expect(text.match(RAW_CONTROL)?.[0], format).toBeUndefined();
    }
    expect(lines.join('\n').match(RAW_CONTROL)?.[0]).toBeUndefined();
    // The body is still there, escaped, for a reader of the JUnit report.
    for (const file of [files.junit, files.html]) expect(readFileSync(file, 'utf8'), file).toContain('\\x1b[31mRED');
  });
});
