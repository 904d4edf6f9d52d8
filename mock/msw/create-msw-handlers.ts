// createMswHandlers: serves an App to in-process clients through msw request handlers.

import { delay, http, HttpResponse, type RequestHandler } from 'msw';
import { DEFAULT_BODY_LIMIT_BYTES } from '../core/decode-body.js';
import { toFakeRequest, webBody } from '../core/web-request.js';
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
    const fake = await toFakeRequest({ method: request.method, url: new URL(request.url), headers: request.headers, bytes: async () => new Uint8Array(await request.arrayBuffer()) }, mount, limit);
    const response = app.handle(fake);
    if (response.delayMs !== undefined && response.delayMs > 0) await delay(response.delayMs);
    // A dropped connection (fault injection): the client's fetch rejects like on a network error.
    if (response.drop === true) return HttpResponse.error();
    return new HttpResponse(webBody(response), { status: response.status, headers: response.headers });
  });
  return [handler];
}
