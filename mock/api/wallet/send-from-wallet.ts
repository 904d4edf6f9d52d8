// POST /api/v1/wallets/{id}/send (seed §4): a pending send of the native coin or a token.

import type { Route } from '../../core/route.js';
import type { WalletModel } from '../../domain/wallet/index.js';
import { authenticate } from './auth-guard.js';
import { bodyOf, pathOf } from './request-input.js';
import { walletRoute } from './wallet-route.js';

const OP = 'sendFromWallet';

interface SendBody {
  to_address: string;
  amount: string;
  token_id?: number | null;
}

/**
 * Guards, then shape (schema), then ownership (404), then the semantic rules of decision
 * wallet.send-semantics inside the model (address of the chain, amount > 0 and ≤ balance).
 */
export function sendFromWalletRoute(model: WalletModel): Route {
  return walletRoute(model, {
    method: 'POST',
    path: '/api/v1/wallets/{id}/send',
    operationId: OP,
    handle(req, params) {
      const userId = authenticate(model, req, OP);
      const { id } = pathOf<{ id: number }>(OP, params);
      const body = bodyOf<SendBody>(OP, req);
      const transfer = model.send(userId, id, { toAddress: body.to_address, amount: body.amount, tokenId: body.token_id ?? null });
      return { body: { success: true, tx_hash: transfer.hash, message: 'Transaction submitted' } };
    },
  });
}
