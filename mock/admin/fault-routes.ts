// Fault injection over HTTP: POST /__doppel/faults adds a rule, GET lists the rules with
// how often each fired, DELETE removes all or one. With an X-Doppel-Namespace header, a rule
// without match.namespace applies to that namespace only, and GET/DELETE see that namespace's
// rules only. Faulted answers are outside the contract by design (mock/core/fault-rules.ts).
import type { AdminRoute, FakeRequest } from '../core/index.js';
import { FaultRuleError, type FaultRules } from '../core/fault-rules.js';
import { NAMESPACE_HEADER } from '../core/namespace-header.js';
import { domainError } from '../domain/domain-error.js';

export function faultRoutes(faults: FaultRules): AdminRoute[] {
  const scope = (req: FakeRequest): string | undefined => req.headers[NAMESPACE_HEADER];
  const inScope = (req: FakeRequest) => faults.list().filter((r) => scope(req) === undefined || r.match.namespace === scope(req));
  return [
    {
      method: 'POST',
      path: '/__doppel/faults',
      operationId: 'adminAddFault',
      handle({ req, body }) {
        const namespace = scope(req);
        let input = body;
        if (namespace !== undefined && typeof body === 'object' && body !== null && !Array.isArray(body)) {
          const match = (body as { match?: unknown }).match ?? {};
          if (typeof match === 'object' && match !== null && !Array.isArray(match) && !('namespace' in match)) input = { ...body, match: { ...match, namespace } };
        }
        try {
          return faults.add(input as never);
        } catch (error) {
          if (error instanceof FaultRuleError) throw domainError.invalid_request(`invalid fault rule: ${error.message}`);
          throw error;
        }
      },
    },
    { method: 'GET', path: '/__doppel/faults', operationId: 'adminListFaults', handle: ({ req }) => ({ faults: inScope(req) }) },
    {
      method: 'DELETE',
      path: '/__doppel/faults',
      operationId: 'adminRemoveFaults',
      handle({ req }) {
        const rules = inScope(req);
        for (const rule of rules) faults.remove(rule.id);
        return { removed: rules.length };
      },
    },
    {
      method: 'DELETE',
      path: '/__doppel/faults/{id}',
      operationId: 'adminRemoveFault',
      handle({ params }) {
        const id = params['id'] as string;
        if (!faults.remove(id)) throw domainError.not_found(`no fault rule ${id}`);
        return { removed: 1 };
      },
    },
  ];
}
