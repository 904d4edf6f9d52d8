// A tiny App over hand-written routes, for the adapter tests (node:http, msw): an adapter's contract
// is App.handle(FakeRequest) → FakeResponse, whatever pipeline stands behind it.
import { createRouteTable, errorResponse, JSON_CONTENT_TYPE, type App, type FakeRequest, type HttpMethod, type Logger } from '../../mock/core/index.js';
import { DomainError, domainError } from '../../mock/domain/domain-error.js';

export interface StubRoute {
  method: HttpMethod;
  path: string;
  operationId: string;
  handle(req: FakeRequest, params: Record<string, string>): { status?: number; body: unknown; headers?: Record<string, string> };
}

export function createStubApp(options: { routes: StubRoute[]; now: () => number; logger?: Logger }): App {
  const table = createRouteTable(options.routes);
  return {
    handle(req) {
      try {
        const found = table.match(req.method.toUpperCase(), req.path);
        if (found === null) throw domainError.route_not_found(`no endpoint ${req.method} ${req.path}`);
        if (req.bodyError !== undefined && found.entry.method !== 'GET') throw new DomainError(req.bodyError, req.bodyError);
        const result = found.entry.handle(req, found.params);
        const text = JSON.stringify(result.body);
        return { status: result.status ?? 200, headers: { ...result.headers, 'content-type': JSON_CONTENT_TYPE, date: new Date(options.now()).toUTCString() }, body: result.body, text };
      } catch (error) {
        if (!(error instanceof DomainError)) options.logger?.error('stub app failed', error);
        const response = errorResponse(error);
        response.headers['content-type'] = JSON_CONTENT_TYPE;
        return response;
      }
    },
  };
}
