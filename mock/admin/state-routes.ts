// GET and PUT /__doppel/state on both ports: the whole fake's snapshot (mock/snapshot.ts).
// An invalid snapshot is a 400 naming the offending value, and nothing of it is applied.
import type { AdminRoute } from '../core/index.js';
import { domainError } from '../domain/domain-error.js';
import { SnapshotError } from '../domain/snapshot/index.js';
import { clockView } from './common-admin-routes.js';

export interface StateTarget {
  /** The snapshot's compact JSON text, a piece at a time (the state of the instant it is called). */
  exportChunks(): Iterator<string, void, undefined>;
  importState(snapshot: unknown): void;
  now(): number;
}

export function stateRoutes(target: StateTarget): AdminRoute[] {
  return [
    // Served a piece at a time: other requests are answered while a large state is written out.
    { method: 'GET', path: '/__doppel/state', operationId: 'adminExportState', answers: 'chunks', handle: () => target.exportChunks() },
    {
      method: 'PUT',
      path: '/__doppel/state',
      operationId: 'adminImportState',
      handle({ body }) {
        try {
          target.importState(unwrapEnvelope(body));
        } catch (error) {
          if (error instanceof SnapshotError) throw domainError.invalid_request(`invalid snapshot: ${error.message}`);
          throw error;
        }
        // The clock of the imported state, not the one before it.
        return { imported: true, ...clockView(target.now()) };
      },
    },
  ];
}

/**
 * What GET answers ({success: true, data: snapshot}) can be PUT back as it is; that envelope has no
 * other key (one more is refused by name, like any unknown key of the snapshot).
 */
function unwrapEnvelope(body: unknown): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body) || !('success' in body)) return body;
  for (const key of Object.keys(body)) {
    if (key !== 'success' && key !== 'data') throw new SnapshotError(key.slice(0, 64), 'unknown key (the answer of GET /__doppel/state has only success and data)');
  }
  return (body as Record<string, unknown>)['data'];
}
