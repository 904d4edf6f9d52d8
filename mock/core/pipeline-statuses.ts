// The statuses the pipeline itself can answer for an operation, whatever the operation does: the
// spec lists them for every operation (test/spec/pipeline-statuses.test.ts keeps the two equal).

import type { OperationEntry } from './operation-entry.js';

/**
 * - 400: always. The HTTP adapter's parser refuses a malformed request (a control character in a
 *   header value) with 400 malformed_request before any operation runs; and input validation.
 * - the interface's guard statuses when the operation needs a key (trading 401, 403; wallet 401, 429);
 * - 413 where a body is read (every method but GET; decision trading.request-bodies).
 */
export function pipelineStatuses(op: Pick<OperationEntry, 'method' | 'secured'>, guardStatuses: readonly number[]): number[] {
  const statuses = new Set<number>([400]);
  if (op.secured) for (const s of guardStatuses) statuses.add(s);
  if (op.method !== 'GET') statuses.add(413);
  return [...statuses].sort((a, b) => a - b);
}
