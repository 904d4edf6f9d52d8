// The wallet seed names only 429 (§8); the other statuses are doppel's choice (wallet.status-codes),
// documented per operation in spec/wallet.openapi.yaml.
import { DEFAULT_DECISIONS, getOperation, keyRequiredByProfile, statusPointFor } from '../../../spec/index.js';
import { defineResponseCheck, decision } from '../check.js';

export const walletStatusDocumented = defineResponseCheck({
  id: 'wallet-status-documented',
  title: 'only statuses documented for the operation',
  assertions: [decision('documented', 'wallet.status-codes', '', 'wallet §7 bullet 3')],
  appliesTo: ['wallet'],
  applies: (ex) => ex.iface === 'wallet' && ex.operationId !== null,
  run(ex, decisions = DEFAULT_DECISIONS) {
    const op = getOperation('wallet', ex.operationId as string);
    if (ex.status === 401 && keyRequiredByProfile(decisions, op.operationId)) return [];
    if (op.statuses.includes(String(ex.status)) || ex.status === 429) return [];
    // A status a deployment may choose at a decision point of this operation (e.g. a 201 for register).
    if (statusPointFor(op.operationId, ex.status)) return [];
    return [`answered ${ex.status}; documented for ${op.operationId}: ${op.statuses.join(', ')}`];
  },
});
