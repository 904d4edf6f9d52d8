import { describe, expect, it, vi } from 'vitest';
import { DomainError, domainError } from '../domain/domain-error.js';
import type { FakeRequest } from './fake-request.js';
import type { Route } from './route.js';
import { createApp, JSON_CONTENT_TYPE, type Logger } from './router.js';

const NOW = Date.UTC(2026, 0, 1, 12, 0, 0);

function req(method: string, path: string, extra: Partial<FakeRequest> = {}): FakeRequest {
  return { method, path, query: new URLSearchParams(), headers: {}, body: undefined, ip: '127.0.0.1', ...extra };
}

function route(method: Route['method'], path: string, handle?: Route['handle']): Route {
  return {
    method,
    path,
    operationId: `${method} ${path}`,
    handle: handle ?? ((_req, params) => ({ body: { success: true, route: path, params } })),
  };
}

function testApp(routes: Route[], logger: Logger = { error: vi.fn() }) {
  return createApp({ routes, now: () => NOW, logger });
}

const routes = [
  route('GET', '/api/v1/prices'),
  route('GET', '/api/v1/price/{symbol}'),
  route('GET', '/api/v1/wallets/{id}/balance'),
  route('GET', '/api/v1/wallets/{id}'),
  route('POST', '/api/v1/wallets/create'),
  route('POST', '/api/v1/wallets/{id}/send', (r, params) => ({ status: 201, body: { success: true, id: params['id'], got: r.body } })),
  route('GET', '/'),
];

describe('createApp routing', () => {
  const app = testApp(routes);

  it('matches a literal path', () => {
    const res = app.handle(req('GET', '/api/v1/prices'));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, route: '/api/v1/prices', params: {} });
    expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
    expect(res.headers['date']).toBe('Thu, 01 Jan 2026 12:00:00 GMT');
  });

  it('matches templates and decodes params', () => {
    expect(app.handle(req('GET', '/api/v1/wallets/7/balance')).body).toEqual({
      success: true, route: '/api/v1/wallets/{id}/balance', params: { id: '7' },
    });
    expect(app.handle(req('GET', '/api/v1/price/BTC%2FUSDT')).body).toMatchObject({ params: { symbol: 'BTC/USDT' } });
  });

  it('prefers a literal segment but falls back to a param for another method', () => {
    expect(app.handle(req('POST', '/api/v1/wallets/create')).body).toMatchObject({ route: '/api/v1/wallets/create' });
    expect(app.handle(req('GET', '/api/v1/wallets/create')).body).toMatchObject({ route: '/api/v1/wallets/{id}', params: { id: 'create' } });
  });

  it('treats a trailing slash as absent, and the method case-insensitively', () => {
    expect(app.handle(req('GET', '/api/v1/prices/')).status).toBe(200);
    expect(app.handle(req('GET', '/api/v1/wallets/3/balance/')).body).toMatchObject({ params: { id: '3' } });
    expect(app.handle(req('get', '/api/v1/prices')).status).toBe(200);
    expect(app.handle(req('GET', '/')).status).toBe(200);
  });

  it.each([
    ['GET', '/api/v1/nope'],
    ['GET', '/api/v1/prices/extra'],
    ['GET', '/api/v1/wallets//balance'],
    ['GET', '/api/v1/prices//'],
    ['GET', 'api/v1/prices'],
    ['GET', '/api/v1/price/%E0%A4%A'],
    ['DELETE', '/api/v1/prices'], // known path, wrong method: 404 too
    ['PATCH', '/api/v1/wallets/1/send'],
    ['HEAD', '/api/v1/prices'],
  ])('%s %s → 404 route_not_found envelope', (method, path) => {
    const res = app.handle(req(method, path));
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ success: false, error: `no endpoint ${method} ${path}`, code: 'route_not_found' });
    expect(res.headers['content-type']).toBe(JSON_CONTENT_TYPE);
  });

  it('passes status and headers from the route result', () => {
    const app2 = testApp([route('GET', '/x', () => ({ status: 202, body: { ok: 1 }, headers: { 'X-Thing': 'a' } }))]);
    const res = app2.handle(req('GET', '/x'));
    expect(res).toEqual({
      status: 202,
      body: { ok: 1 },
      text: '{"ok":1}',
      headers: { 'x-thing': 'a', 'content-type': JSON_CONTENT_TYPE, date: 'Thu, 01 Jan 2026 12:00:00 GMT' },
    });
  });

  it('refuses duplicate and malformed templates at construction', () => {
    expect(() => createApp({ routes: [route('GET', '/a/{x}'), route('GET', '/a/{y}')], now: () => 0 })).toThrow(/two routes/);
    expect(() => createApp({ routes: [route('GET', '/a/')], now: () => 0 })).toThrow();
    expect(() => createApp({ routes: [route('GET', '/a/x{y}')], now: () => 0 })).toThrow();
    expect(() => createApp({ routes: [route('GET', '/a/{x}'), route('POST', '/a/{y}')], now: () => 0 })).not.toThrow();
  });
});

describe('createApp errors', () => {
  it('maps DomainError to its status and envelope with code and details', () => {
    const app = testApp([
      route('POST', '/order', () => {
        throw domainError.insufficient_balance('spot order: insufficient USDT balance', { need: '10.5' });
      }),
      route('GET', '/limited', () => {
        throw new DomainError('rate_limited', 'rate limit exceeded', { headers: { 'retry-after': '7' } });
      }),
    ]);
    const res = app.handle(req('POST', '/order'));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({
      success: false, error: 'spot order: insufficient USDT balance', code: 'insufficient_balance', details: { need: '10.5' },
    });
    const limited = app.handle(req('GET', '/limited'));
    expect(limited.status).toBe(429);
    expect(limited.headers['retry-after']).toBe('7');
  });

  it('turns a body error into its error after routing, before the handler', () => {
    const handle = vi.fn(() => ({ body: {} }));
    const app = testApp([route('POST', '/x', handle)]);
    expect(app.handle(req('POST', '/x', { bodyError: 'invalid_json' }))).toMatchObject({ status: 400, body: { code: 'invalid_json' } });
    expect(app.handle(req('POST', '/x', { bodyError: 'unsupported_media_type' }))).toMatchObject({ status: 400, body: { code: 'unsupported_media_type' } });
    expect(app.handle(req('POST', '/x', { bodyError: 'payload_too_large' }))).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
    // an unknown path wins over a body error
    expect(app.handle(req('POST', '/y', { bodyError: 'invalid_json' }))).toMatchObject({ status: 404, body: { code: 'route_not_found' } });
    expect(handle).not.toHaveBeenCalled();
  });

  it('ignores whatever body came with a GET (decision trading.request-bodies)', () => {
    const handle = vi.fn(() => ({ body: { ok: true } }));
    const app = testApp([route('GET', '/g', handle)]);
    for (const bodyError of ['invalid_json', 'unsupported_media_type', 'payload_too_large'] as const) {
      expect(app.handle(req('GET', '/g', { bodyError }))).toMatchObject({ status: 200, body: { ok: true } });
    }
    expect(handle).toHaveBeenCalledTimes(3);
  });

  it('turns any other throw into a 500 without stack or message, logged once', () => {
    const logger = { error: vi.fn() };
    const app = testApp([route('GET', '/boom', () => { throw new TypeError('secret detail at /srv/x.ts:1'); })], logger);
    const res = app.handle(req('GET', '/boom'));
    expect(res.status).toBe(500);
    expect(res.body).toEqual({ success: false, error: 'internal error', code: 'internal' });
    expect(JSON.stringify(res.body)).not.toMatch(/secret|\.ts/);
    expect(logger.error).toHaveBeenCalledTimes(1);
    expect(logger.error.mock.calls[0]?.[1]).toBeInstanceOf(TypeError);
  });

  it('treats a promise, a missing body or an unserializable body as a bug (500)', () => {
    const logger = { error: vi.fn() };
    const app = testApp([
      route('GET', '/async', (() => Promise.resolve({ body: {} })) as unknown as Route['handle']),
      route('GET', '/nobody', () => ({ body: undefined })),
      route('GET', '/bigint', () => ({ body: { balance: 1n } })),
    ], logger);
    for (const path of ['/async', '/nobody', '/bigint']) expect(app.handle(req('GET', path)).status).toBe(500);
    expect(logger.error).toHaveBeenCalledTimes(3);
  });

  it('does not log DomainErrors and runs beforeEach for matched routes only', () => {
    const logger = { error: vi.fn() };
    const seen: string[] = [];
    const app = createApp({
      routes: [route('GET', '/a'), route('GET', '/deny')],
      now: () => NOW,
      logger,
      beforeEach: (r, rt) => {
        seen.push(rt.operationId);
        if (r.path === '/deny') throw domainError.forbidden('no');
      },
    });
    expect(app.handle(req('GET', '/a')).status).toBe(200);
    expect(app.handle(req('GET', '/deny')).status).toBe(403);
    expect(app.handle(req('GET', '/zzz')).status).toBe(404);
    expect(seen).toEqual(['GET /a', 'GET /deny']);
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('the Date header follows the virtual clock', () => {
    let t = NOW;
    const app = createApp({ routes: [route('GET', '/a')], now: () => t });
    t += 86_400_000;
    expect(app.handle(req('GET', '/a')).headers['date']).toBe('Fri, 02 Jan 2026 12:00:00 GMT');
    expect(app.handle(req('GET', '/missing')).headers['date']).toBe('Fri, 02 Jan 2026 12:00:00 GMT');
  });
});
