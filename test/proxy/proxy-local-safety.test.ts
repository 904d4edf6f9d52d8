// doppel proxy is as safe on a developer's machine as doppel mock (docs/guides/security.md): a
// DNS-rebinding page (a Host that is not this machine's) gets 403 before anything reaches the
// target; off loopback it needs --admin-token, and with a token the target's admin API and the
// proxy's own routes need it; its own routes answer CORS only to origins named for them.
import { afterAll, describe, expect, it } from 'vitest';
import { startMock, type RunningMock } from '../../mock/index.js';
import { startProxy, type RunningProxy } from '../../proxy/index.js';
import { run } from '../bin/run-cli.js';
import { send } from './traffic-client.js';

const running: { close(): Promise<unknown> }[] = [];
afterAll(async () => {
  for (const r of running.reverse()) await r.close();
});

let mock: RunningMock;
async function target(adminToken?: string): Promise<RunningMock> {
  mock = await startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed: 5, clock: 'manual', quiet: true, ...(adminToken ? { adminToken } : {}) });
  running.push(mock);
  return mock;
}

async function proxyOf(m: RunningMock, options: Partial<Parameters<typeof startProxy>[0]> = {}): Promise<RunningProxy> {
  const p = await startProxy({ targets: { trading: m.trading.url, wallet: m.wallet.url }, ports: { trading: 0, wallet: 0 }, ...options });
  running.push(p);
  return p;
}

const json = (a: { body: Buffer }): any => JSON.parse(a.body.toString('utf8'));

describe('the Host rule', () => {
  it('refuses a Host that is not this machine with 403 in the envelope, before forwarding', async () => {
    const m = await target();
    const p = await proxyOf(m);
    const url = p.listening.trading!.url;
    const state = await send(url, 'GET', '/__doppel/state', { host: 'evil.test:4110' });
    expect(state.status).toBe(403);
    expect(json(state)).toMatchObject({ success: false, code: 'host_not_allowed' });
    expect(json(state).error).toContain('--allowed-host evil.test');
    const reset = await send(p.listening.wallet!.url, 'POST', '/__doppel/reset', { host: 'evil.test', 'content-type': 'application/json' }, '{}');
    expect(reset.status).toBe(403);
    expect((await send(url, 'GET', '/__doppel/violations', { host: 'evil.test' })).status).toBe(403);
    // Nothing reached the target: its journal holds no request.
    const journal = json(await send(m.trading.url, 'GET', '/__doppel/requests'));
    expect(journal.data.requests ?? journal.data).toHaveLength(0);
    // This machine's names pass.
    for (const host of ['localhost:4110', '127.0.0.1', 'app.localhost', '[::1]:4110']) expect((await send(url, 'GET', '/api/v1/prices', { host })).status, host).toBe(200);
  });

  it('lets the names given with allowedHosts through', async () => {
    const m = await target();
    const p = await proxyOf(m, { allowedHosts: ['.myapp.test'] });
    expect((await send(p.listening.trading!.url, 'GET', '/api/v1/prices', { host: 'api.myapp.test:4110' })).status).toBe(200);
    expect((await send(p.listening.trading!.url, 'GET', '/api/v1/prices', { host: 'api.other.test' })).status).toBe(403);
  });
});

describe('binding and the admin token', () => {
  it('refuses a non-loopback address without a token, before listening, in one line', async () => {
    await expect(startProxy({ targets: { trading: 'http://127.0.0.1:9' }, ports: { trading: 0 }, host: '0.0.0.0' })).rejects.toThrow(/^binding 0\.0\.0\.0 exposes .*: give --admin-token$/);
    const cli = await run(['proxy', '--trading-target', 'http://127.0.0.1:9', '--trading-port', '0', '--host', '0.0.0.0']);
    expect(cli.exitCode).toBe(2);
    expect(cli.message).toMatch(/^binding 0\.0\.0\.0 exposes .*--admin-token/);
  });

  it('with a token, the target\'s admin API and the proxy\'s routes need it; the interfaces do not', async () => {
    const m = await target('t0ken-admin');
    const p = await proxyOf(m, { adminToken: 't0ken-admin' });
    const url = p.listening.trading!.url;
    for (const path of ['/__doppel/state', '/%5F%5Fdoppel/state', '/api/../__doppel/state', '//__doppel/state', '/__doppel/violations']) {
      const r = await send(url, 'GET', path);
      expect(r.status, path).toBe(401);
      expect(json(r), path).toMatchObject({ success: false, code: 'unauthorized' });
    }
    const auth = { authorization: 'Bearer t0ken-admin' };
    expect((await send(url, 'GET', '/__doppel/state', auth)).status).toBe(200);
    expect((await send(url, 'GET', '/__doppel/violations', auth)).status).toBe(200);
    expect((await send(url, 'GET', '/api/v1/prices')).status).toBe(200);
    // A target URL with a path: the admin API is still known under it.
    const based = await proxyOf(m, { targets: { trading: `${m.trading.url}/base` }, ports: { trading: 0 }, adminToken: 't0ken-admin' });
    expect((await send(based.listening.trading!.url, 'GET', '/__doppel/state')).status).toBe(401);
    const journal = json(await send(m.trading.url, 'GET', '/__doppel/requests', auth));
    // Only the two allowed requests reached the target (the journal does not record its own reads).
    expect((journal.data.requests ?? journal.data).map((r: { path: string }) => r.path).sort()).toEqual(['/__doppel/state', '/api/v1/prices']);
  });
});

describe('CORS on the proxy\'s own routes', () => {
  it('answers no origin by default, and the origins named for them', async () => {
    const m = await target();
    const closed = await proxyOf(m);
    const page = { origin: 'http://localhost:3000' };
    const r = await send(closed.listening.trading!.url, 'GET', '/__doppel/violations', page);
    expect(r.status).toBe(200);
    expect(r.headers['access-control-allow-origin']).toBeUndefined();
    expect(r.headers['vary']).toBe('Origin');
    const pre = await send(closed.listening.trading!.url, 'OPTIONS', '/__doppel/violations', { ...page, 'access-control-request-method': 'GET' });
    expect(pre.status).toBe(204);
    expect(pre.headers['access-control-allow-origin']).toBeUndefined();
    const open = await proxyOf(m, { adminCors: ['http://localhost:3000'] });
    const o = await send(open.listening.trading!.url, 'GET', '/__doppel/violations', page);
    expect(o.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    const opre = await send(open.listening.trading!.url, 'OPTIONS', '/__doppel/violations', { ...page, 'access-control-request-method': 'GET' });
    expect(opre.status).toBe(204);
    expect(opre.headers['access-control-allow-origin']).toBe('http://localhost:3000');
    expect(opre.headers['allow']).toContain('GET');
  });
});
