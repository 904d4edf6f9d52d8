// fake.fetch: a fetch-compatible function over the fake, for clients and SDKs that take a custom
// fetch (no msw, no port). It routes by the URL's origin to the trading or the wallet interface and
// runs the same pipeline as every other adapter. Portable: Fetch API globals only.

import type { App } from '../core/pipeline.js';
import { deliver, toFakeRequest } from '../core/web-request.js';

export type FetchLike = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;

export interface MountedApp {
  /** Base URL the client uses for this interface, e.g. `http://trading.doppel.test` (a path is a mount point). */
  baseUrl: string;
  app: App;
}

export function createFakeFetch(mounts: readonly MountedApp[]): FetchLike {
  const table = mounts.map(({ baseUrl, app }) => {
    const base = new URL(baseUrl);
    return { origin: base.origin, mount: base.pathname.replace(/\/+$/, ''), app };
  });
  return async (input, init) => {
    // A Request is read as it is; a URL and init are read directly, which saves building one.
    const request = input instanceof Request ? (init === undefined ? input : new Request(input, init)) : undefined;
    const url = new URL(request?.url ?? String(input));
    const target = table.find((t) => t.origin === url.origin && (t.mount === '' || url.pathname === t.mount || url.pathname.startsWith(`${t.mount}/`)));
    // What fetch does for a host nobody answers: a TypeError, not an HTTP status.
    if (target === undefined) throw new TypeError(`fetch failed: no doppel interface at ${url.origin} (fake.fetch serves ${table.map((t) => t.origin + t.mount).join(', ')})`);
    const method = (request?.method ?? init?.method ?? 'GET').toUpperCase();
    const headers = request?.headers ?? new Headers(init?.headers);
    const bytes = async (): Promise<Uint8Array> => {
      if (request !== undefined) return new Uint8Array(await request.arrayBuffer());
      const body = init?.body;
      if (body === undefined || body === null) return new Uint8Array(0);
      if (typeof body === 'string') return new TextEncoder().encode(body);
      if (body instanceof Uint8Array) return body;
      if (body instanceof ArrayBuffer) return new Uint8Array(body);
      return new Uint8Array(await new Response(body).arrayBuffer());
    };
    if (typeof init?.body === 'string' && !headers.has('content-type')) headers.set('content-type', 'text/plain;charset=UTF-8');
    const fakeRequest = await toFakeRequest({ method, url, headers, bytes }, target.mount);
    return deliver(target.app.handle(fakeRequest));
  };
}
