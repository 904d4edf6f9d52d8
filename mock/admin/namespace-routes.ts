// The namespaces of a fake over HTTP: GET /__doppel/namespaces lists them with their
// clocks, DELETE /__doppel/namespaces/{name} drops one (its state is gone; the next request that
// names it starts it afresh from the demo data). The default namespace cannot be dropped.
import type { AdminRoute } from '../core/index.js';
import { domainError } from '../domain/domain-error.js';

export interface NamespaceTarget {
  list(): { name: string; now: string; epoch_ms: number }[];
  drop(name: string): boolean;
  max: number;
}

export function namespaceRoutes(target: NamespaceTarget): AdminRoute[] {
  return [
    { method: 'GET', path: '/__doppel/namespaces', operationId: 'adminListNamespaces', handle: () => ({ namespaces: target.list(), max: target.max }) },
    {
      method: 'DELETE',
      path: '/__doppel/namespaces/{name}',
      operationId: 'adminDropNamespace',
      handle({ params }) {
        const name = params['name'] as string;
        if (!target.drop(name)) throw domainError.not_found(`no namespace ${name}`);
        return { dropped: name };
      },
    },
  ];
}
