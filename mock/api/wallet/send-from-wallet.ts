// POST /api/v1/wallets/{id}/send (seed wallet §4): a pending send of the native coin or a token.
// After the pipeline's guards and shape checks: ownership (404), then the semantic rules of
// decision wallet.send-semantics inside the backend (token, address of the chain, amount > 0 and
// ≤ balance), in the order of decision wallet.guard-order.

import { defineOperation } from '../define-operation.js';

export const sendFromWallet = defineOperation('wallet', 'sendFromWallet', ({ caller, params, body, backend }) => {
  const transfer = backend.send(caller.userId, params.id, { toAddress: body.to_address, amount: body.amount, tokenId: body.token_id ?? null });
  return { tx_hash: transfer.hash, message: 'Transaction submitted' };
});
