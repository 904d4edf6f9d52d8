// What every admin request passes before its handler (mock/core/pipeline.ts runs it):
// - the admin token, when one is configured (required off loopback): Authorization: Bearer <token>;
// - for a POST (every admin write but PUT /__doppel/state and the DELETEs), Content-Type:
//   application/json, with or without a body. A web page can send a POST without a CORS preflight
//   only with no content type or a safelisted one (text/plain, application/x-www-form-urlencoded,
//   multipart/form-data: a form, a sendBeacon, a no-cors fetch); such a request reaches the
//   server whatever the CORS answer, and CORS would only hide the reply. Requiring JSON makes every
//   admin write one the browser preflights, so the origin rule (mock/core/cors.ts) decides.
//   PUT and DELETE are never sent without a preflight.
import type { AdminRoute, FakeRequest } from '../core/index.js';
import { isJsonContentType } from '../core/decode-body.js';
import { constantTimeEqual } from '../domain/constant-time-equal.js';
import { domainError } from '../domain/domain-error.js';

const utf8 = new TextEncoder();

export function adminGuard(token: string | undefined): (req: FakeRequest, route: AdminRoute) => void {
  const expected = token ? utf8.encode(`Bearer ${token}`) : undefined;
  return (req, route) => {
    if (expected !== undefined && route.guarded !== false && !constantTimeEqual(utf8.encode(req.headers.authorization ?? ''), expected)) {
      throw domainError.unauthorized('the admin API requires Authorization: Bearer <admin token>');
    }
    if (route.method === 'POST' && !isJsonContentType(req.headers['content-type'])) {
      throw domainError.json_required(
        `admin POST requests must be sent with Content-Type: application/json, even without a body (a web page can send other POSTs without a CORS preflight); e.g. curl -X POST -H 'content-type: application/json' …${route.path}`,
      );
    }
  };
}
