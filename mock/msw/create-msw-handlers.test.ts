import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createStubApp as createApp, type StubRoute as Route } from '../../test/support/stub-app.js';
import { domainError } from '../domain/domain-error.js';
import { ipAllowed } from '../domain/ip-whitelist.js';
import { CLIENT_IP_HEADER, createMswHandlers } from './create-msw-handlers.js';

const BASE = 'https://doppel.test';
const MOUNTED = 'https://mounted.test/prefix';

const routes: Route[] = [
  {
    method: 'POST',
    path: '/api/v1/echo',
    operationId: 'echo',
    handle: (req) => ({ status: 201, body: { success: true, body: req.body ?? null, q: req.query.get('q'), ip: req.ip } }),
  },
  {
    method: 'GET',
    path: '/api/v1/private',
    operationId: 'private',
    handle: (req) => {
      if (!ipAllowed(['10.0.0.0/8'], req.ip)) throw domainError.ip_not_whitelisted(`address ${req.ip} is not whitelisted`);
      return { body: { success: true } };
    },
  },
];

const app = createApp({ routes, now: () => Date.UTC(2026, 0, 1) });
const server = setupServer(...createMswHandlers(app, BASE, { bodyLimitBytes: 1024 }), ...createMswHandlers(app, MOUNTED));

beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

describe('createMswHandlers', () => {
  it('routes fetch calls to the app with body, query, status and headers', async () => {
    const res = await fetch(`${BASE}/api/v1/echo?q=1`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"x":1}',
    });
    expect(res.status).toBe(201);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('date')).toBe('Thu, 01 Jan 2026 00:00:00 GMT');
    expect(await res.json()).toEqual({ success: true, body: { x: 1 }, q: '1', ip: '127.0.0.1' });
  });

  it('applies the same body rules as the HTTP adapter', async () => {
    const bad = await fetch(`${BASE}/api/v1/echo`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, code: 'invalid_json' });
    const wrong = await fetch(`${BASE}/api/v1/echo`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: '{}' });
    expect(await wrong.json()).toMatchObject({ code: 'unsupported_media_type' });
    const big = await fetch(`${BASE}/api/v1/echo`, {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify('x'.repeat(2000)),
    });
    expect(big.status).toBe(413);
    expect(await big.json()).toMatchObject({ code: 'payload_too_large' });
  });

  it('returns the 404 envelope for unknown paths under the base URL', async () => {
    const res = await fetch(`${BASE}/api/v1/nothing`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ success: false, error: 'no endpoint GET /api/v1/nothing', code: 'route_not_found' });
  });

  it('uses x-doppel-client-ip as the caller address', async () => {
    const denied = await fetch(`${BASE}/api/v1/private`);
    expect(denied.status).toBe(403);
    expect(await denied.json()).toMatchObject({ code: 'ip_not_whitelisted' });
    const allowed = await fetch(`${BASE}/api/v1/private`, { headers: { [CLIENT_IP_HEADER]: '10.1.2.3' } });
    expect(allowed.status).toBe(200);
  });

  it('strips the base URL path as the mount point', async () => {
    const res = await fetch(`${MOUNTED}/api/v1/private`, { headers: { [CLIENT_IP_HEADER]: '10.0.0.1' } });
    expect(res.status).toBe(200);
  });
});
