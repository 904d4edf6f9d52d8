// Secrets masked by name, everywhere, both ways: a header, a query parameter, a cookie and a JSON
// body field whose name says it holds a secret (X-Auth-Token, access_token, apikey, password,
// sessionid, api_secret), and a value first seen in an answer under such a name (session_token),
// go through doppel proxy to a target that echoes them back in later answers. No output of the
// proxy (stderr, stdout, the HAR, the JSON, JUnit and HTML reports, the replay script, the learned
// profile, GET /__doppel/violations) shows any of them; --show-secrets shows them. The mock's
// journal masks the same names.
import { EventEmitter } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startMock } from '../../mock/index.js';
import { runProxyCli, type RunningProxy } from '../../proxy/index.js';
import { isSecretName } from '../../spec/index.js';
import { send } from './traffic-client.js';

const dir = mkdtempSync(join(tmpdir(), 'doppel-proxy-secrets-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const SECRETS = {
  header: 'hdr-secret-0001-value',
  query: 'qry-secret-0002-value',
  apikey: 'apk-secret-0003-value',
  password: 'pwd-secret-0004-value',
  cookie: 'ck-secret-0005-value',
  body: 'body-secret-0006-value',
  answer: 'answer-secret-0007-value',
};
const LEAK = new RegExp(Object.values(SECRETS).join('|'));

/** A target that hands out a token, then quotes what it got (URL, headers, body) in its answers. */
async function echoTarget(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c)).on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      const answer =
        path === '/api/v1/account'
          ? { status: 200, json: { success: true, data: { session_token: SECRETS.answer } } }
          : path === '/api/v1/markets'
            ? { status: 200, json: { success: true, data: [{ note: `seen before: ${SECRETS.answer}` }] } }
            : { status: 418, json: { success: false, error: `echo ${req.url} ${JSON.stringify(req.headers)} ${body}`, code: 'echo' } };
      res.writeHead(answer.status, { 'content-type': 'application/json', 'set-cookie': `sessionid=${SECRETS.cookie}; HttpOnly` }).end(JSON.stringify(answer.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => new Promise((r) => server.close(() => r())) };
}

async function session(showSecrets: boolean): Promise<string> {
  const target = await echoTarget();
  const files = Object.fromEntries(['har', 'json', 'junit', 'html', 'replay', 'learn'].map((k) => [k, join(dir, `${showSecrets ? 'shown' : 'masked'}.${k}`)]));
  const signals = new EventEmitter();
  const lines: string[] = [];
  let proxy: RunningProxy | undefined;
  const running = runProxyCli({ tradingTarget: target.url, tradingPort: 0, showSecrets, ...files, out: (l) => lines.push(l), err: (l) => lines.push(l), signals, onListening: (p) => (proxy = p) });
  while (!proxy) await new Promise((r) => setTimeout(r, 10));
  const base = proxy.listening.trading!.url;
  const answers: string[] = [];
  const go = async (method: string, path: string, headers: Record<string, string> = {}, body?: string) => answers.push((await send(base, method, path, headers, body)).body.toString());
  await go('GET', '/api/v1/account', { 'api-key': 'demo-trade-key' });
  await go('GET', `/api/v1/prices?access_token=${SECRETS.query}&apikey=${SECRETS.apikey}&password=${SECRETS.password}&token_id=7`, { 'X-Auth-Token': SECRETS.header, cookie: `sessionid=${SECRETS.cookie}; theme=dark` });
  await go('POST', '/api/v1/spot/order', { 'api-key': 'demo-trade-key', 'content-type': 'application/json' }, JSON.stringify({ market: 'BTC', api_secret: SECRETS.body }));
  await go('GET', '/api/v1/markets');
  await go('GET', `/api/v1/price/${SECRETS.answer}`);
  const violations = (await send(base, 'GET', '/__doppel/violations')).body.toString();
  signals.emit('SIGINT', 'SIGINT');
  await running;
  await target.close();
  // The client itself gets the answers unchanged: masking is for what doppel writes.
  expect(answers.join('\n')).toContain(SECRETS.answer);
  return [lines.join('\n'), violations, ...Object.values(files).map((f) => readFileSync(f, 'utf8'))].join('\n');
}

describe('secrets by name', () => {
  it('the rule: is, or ends with, a secret word; case, - and _ ignored', () => {
    for (const name of ['X-Auth-Token', 'access_token', 'apikey', 'API-KEY', 'x-api-key', 'password', 'new_password', 'passwd', 'secret', 'api_secret', 'accessKey', 'private_key', 'signature', 'credential', 'sessionid', 'session_id', 'key', 'auth', 'Authorization', 'cookie']) expect(isSecretName(name), name).toBe(true);
    for (const name of ['token_id', 'tokens', 'keys', 'monkey_business', 'author', 'market', 'secretary']) expect(isSecretName(name), name).toBe(false);
  });

  it('no output of the proxy shows a secret of any form', async () => {
    const text = await session(false);
    expect(text).toContain('$DOPPEL_');
    expect(text.match(LEAK)?.[0]).toBeUndefined();
    // What only looks like a secret's name is left alone.
    expect(text).toContain('token_id=7');
  });

  it('--show-secrets shows them', async () => {
    const text = await session(true);
    for (const value of Object.values(SECRETS)) expect(text, value).toContain(value);
  });

  it('the mock\'s journal masks the same names in query, headers and body', async () => {
    const mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, quiet: true });
    try {
      await send(mock.trading.url, 'GET', `/api/v1/prices?access_token=${SECRETS.query}&apikey=${SECRETS.apikey}`, { 'X-Auth-Token': SECRETS.header, cookie: `sessionid=${SECRETS.cookie}` });
      await send(mock.trading.url, 'POST', '/api/v1/spot/order', { 'content-type': 'application/json', 'api-key': 'demo-trade-key' }, JSON.stringify({ market: 'BTC', api_secret: SECRETS.body }));
      const journal = (await send(mock.trading.url, 'GET', '/__doppel/requests')).body.toString();
      expect(journal).toContain('access_token');
      expect(journal.match(LEAK)?.[0]).toBeUndefined();
    } finally {
      await mock.close();
    }
  });
});
