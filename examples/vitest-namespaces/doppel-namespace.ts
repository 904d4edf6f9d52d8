// The per-worker namespace: every request of this worker carries X-Doppel-Namespace, so workers
// sharing one doppel mock never see each other's orders, balances or clock moves.
import { beforeEach, inject } from 'vitest';

/** `worker-1`, `worker-2`, …: one per vitest worker (VITEST_POOL_ID), stable for the worker's life. */
export const namespace = `worker-${process.env['VITEST_POOL_ID'] ?? '1'}`;
export const urls = inject('doppel');

/** fetch with this worker's namespace header. */
export function nsFetch(url: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('X-Doppel-Namespace', namespace);
  return fetch(url, { ...init, headers });
}

// Each test starts from the demo data and an empty journal: this worker's namespace only.
beforeEach(async () => {
  for (const [method, path] of [['POST', '/__doppel/reset'], ['DELETE', '/__doppel/requests']] as const) {
    // Admin writes carry Content-Type: application/json, body or not (docs/guides/security.md).
    const res = await nsFetch(`${urls.trading}${path}`, { method, headers: { 'content-type': 'application/json' } });
    if (res.status !== 200) throw new Error(`doppel ${method} ${path} failed: ${res.status}`);
  }
});
