// createMswHandlers: serves an App to in-process clients through msw request handlers.

import { http, HttpResponse, type RequestHandler } from 'msw';
import { decodeBody, declaredLengthExceeds, DEFAULT_BODY_LIMIT_BYTES } from '../core/decode-body.js';
import type { FakeRequest } from '../core/fake-request.js';
import type { App } from '../core/pipeline.js';

import { CLIENT_IP_HEADER } from '../core/client-ip-header.js';

export { CLIENT_IP_HEADER };

export interface MswHandlerOptions {
  bodyLimitBytes?: number;
}

/**
 * Handlers for every request under baseUrl (e.g. "https://api.example.test"). The path of
 * baseUrl, if any, is the mount point and is stripped before routing.
 */
export function createMswHandlers(app: App, baseUrl: string, options: MswHandlerOptions = {}): RequestHandler[] {
  const base = baseUrl.replace(/\/+$/, '');
  const mount = new URL(base).pathname.replace(/\/+$/, '');
  const limit = options.bodyLimitBytes ?? DEFAULT_BODY_LIMIT_BYTES;

  const handler = http.all(`${base}/*`, async ({ request }) => {
    const url = new URL(request.url);
    const headers: Record<string, string | undefined> = {};
    request.headers.forEach((value, name) => {
      headers[name.toLowerCase()] = value;
    });
    const bytes = declaredLengthExceeds(request.headers.get('content-length'), limit)
      ? null
      : new Uint8Array(await request.arrayBuffer());
    const decoded = decodeBody(bytes, headers['content-type'], limit);
    const path = mount !== '' && (url.pathname === mount || url.pathname.startsWith(`${mount}/`))
      ? url.pathname.slice(mount.length) || '/'
      : url.pathname;
    const fake: FakeRequest = {
      method: request.method,
      path,
      query: url.searchParams,
      headers,
      body: decoded.body,
      ip: headers[CLIENT_IP_HEADER] ?? '127.0.0.1',
    };
    if (decoded.bodyError !== undefined) fake.bodyError = decoded.bodyError;
    const response = app.handle(fake);
    return new HttpResponse(response.text, { status: response.status, headers: response.headers });
  });
  return [handler];
}
