// Wallet admin routes under /__doppel/ (docs/MOCK-CONTRACT.md): deposit, api-keys, fail, state.
// reset and clock are shared by both ports and composed by mock/create-fake.ts.

import type { FakeRequest } from '../../core/fake-request.js';
import type { Route } from '../../core/route.js';
import { domainError } from '../../domain/domain-error.js';
import type { WalletModel } from '../../domain/wallet/index.js';
import { walletStateSnapshot } from './state-snapshot.js';
import { walletRoute } from './wallet-route.js';
import { wireTransaction } from './wire.js';

export function walletAdminRoutes(model: WalletModel): Route[] {
  return [
    walletRoute(model, {
      method: 'POST',
      path: '/__doppel/deposit',
      operationId: 'adminWalletDeposit',
      handle(req) {
        const body = objectBody(req, 'deposit');
        const walletId = positiveInteger(body['wallet_id'], 'deposit: wallet_id');
        const amount = body['amount'];
        if (typeof amount !== 'string') throw domainError.invalid_request('deposit: amount must be a decimal string');
        const rawToken = body['token_id'];
        const tokenId = rawToken === undefined || rawToken === null ? null : positiveInteger(rawToken, 'deposit: token_id');
        const transfer = model.deposit(walletId, amount, tokenId);
        return { body: { success: true, data: wireTransaction({ transfer, type: 'receive', date: transfer.createdAt }) } };
      },
    }),
    walletRoute(model, {
      method: 'POST',
      path: '/__doppel/api-keys',
      operationId: 'adminWalletApiKey',
      handle(req) {
        const userId = positiveInteger(objectBody(req, 'api-keys')['user_id'], 'api-keys: user_id');
        return { body: { success: true, data: { key: model.issueApiKey(userId), user_id: userId } } };
      },
    }),
    walletRoute(model, {
      method: 'POST',
      path: '/__doppel/transactions/{tx_hash}/fail',
      operationId: 'adminWalletFailTransaction',
      handle(_req, params) {
        const transfer = model.fail(params['tx_hash'] ?? '');
        return { body: { success: true, data: wireTransaction({ transfer, type: 'send', date: transfer.createdAt }) } };
      },
    }),
    walletRoute(model, {
      method: 'GET',
      path: '/__doppel/summary',
      operationId: 'adminWalletState',
      handle() {
        return { body: { success: true, data: walletStateSnapshot(model) } };
      },
    }),
  ];
}

function objectBody(req: FakeRequest, op: string): Record<string, unknown> {
  const body = req.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw domainError.invalid_request(`${op}: a JSON object body is required`);
  return body as Record<string, unknown>;
}

function positiveInteger(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw domainError.invalid_request(`${what} must be a positive integer`);
  return value;
}
