// Trading §7 lists the statuses the interface answers (200, 400, 401, 403, 404, 500); spec/ adds
// 409 only where a decision documents it (trading.conflict-409), and whatever status a --profile
// may choose at a decision point of the operation (spec/decision-points.ts).
import { getOperation, statusPointFor } from '../../../spec/index.js';
import { defineResponseCheck, seed } from '../check.js';

const SEED_STATUSES = new Set([200, 400, 401, 403, 404, 500]);

export const tradingStatusDocumented = defineResponseCheck({
  id: 'trading-status-documented',
  title: 'only statuses of the §7 table',
  assertions: [seed('documented', ['trading §7 200', 'trading §7 400', 'trading §7 401', 'trading §7 403', 'trading §7 404', 'trading §7 500'])],
  appliesTo: ['trading'],
  applies: (ex) => ex.iface === 'trading',
  run(ex) {
    // A 429 the checker waited out: trading rate limits are not shown (trading §8 bullet 2), not judged.
    if (SEED_STATUSES.has(ex.status) || ex.status === 429) return [];
    if (ex.operationId && getOperation('trading', ex.operationId).statuses.includes(String(ex.status))) return [];
    // A status a deployment may choose at a decision point of this operation (e.g. a 409 for a
    // cancel): the point's `statuses`, what a profile may give there.
    if (ex.operationId && statusPointFor(ex.operationId, ex.status)) return [];
    return [`answered ${ex.status}, which trading §7 does not list`];
  },
});
