// GET and PUT /__doppel/state on both ports (issue 6): the whole fake's snapshot (mock/snapshot.ts).
// An invalid snapshot is a 400 naming the offending value, and nothing of it is applied.
import type { Route } from '../core/index.js';
import { domainError } from '../domain/domain-error.js';
import { formatSeedDate } from '../domain/format-date.js';
import { SnapshotError } from '../domain/snapshot-reader.js';
import type { DoppelSnapshot } from '../snapshot.js';

export interface StateTarget {
  exportState(): DoppelSnapshot;
  importState(snapshot: unknown): void;
  now(): number;
}

export function stateRoutes(target: StateTarget): Route[] {
  return [
    {
      method: 'GET',
      path: '/__doppel/state',
      operationId: 'adminExportState',
      handle: () => ({ body: { success: true, data: target.exportState() } }),
    },
    {
      method: 'PUT',
      path: '/__doppel/state',
      operationId: 'adminImportState',
      handle(req) {
        try {
          target.importState(req.body);
        } catch (error) {
          if (error instanceof SnapshotError) throw domainError.invalid_request(`invalid snapshot: ${error.message}`);
          throw error;
        }
        return { body: { success: true, data: { imported: true, now: formatSeedDate(target.now()), epoch_ms: target.now() } } };
      },
    },
  ];
}
