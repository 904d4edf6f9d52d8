// GET /__doppel/health on each port: 200 `{"success":true,"data":{"status":"ok"}}` once the
// listener answers. Served without the admin token: a container's HEALTHCHECK, a Kubernetes probe
// or a load balancer's check cannot send a bearer token (and should not hold it), and the answer
// says nothing about the state. It reads nothing, so a probe every few seconds moves no answer
// cache, and the journal leaves it out (mock/core/gateway.ts) so that it does not crowd a test's.
import type { AdminRoute } from '../core/index.js';

export function healthRoute(): AdminRoute {
  return {
    method: 'GET',
    path: '/__doppel/health',
    operationId: 'adminHealth',
    guarded: false,
    handle: () => ({ status: 'ok' }),
  };
}
