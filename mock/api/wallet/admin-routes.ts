// Wallet admin routes under /__doppel/ (docs/MOCK-CONTRACT.md): deposit, api-keys, fail, summary.
// Reset, clock and state are shared by both ports and composed by mock/create-fake.ts.

import type { AdminRoute } from '../../core/operation-entry.js';
import { domainError } from '../../domain/domain-error.js';
import type { WalletBackend } from '../../domain/wallet/index.js';
import { walletSummary } from './wallet-summary.js';
import { wireTransaction } from './wire.js';

export function walletAdminRoutes(backend: WalletBackend): AdminRoute[] {
  return [
    {
      method: 'POST',
      path: '/__doppel/deposit',
      operationId: 'adminWalletDeposit',
      handle({ body: raw }) {
        const body = objectBody(raw);
        const walletId = positiveInteger(body['wallet_id'], 'wallet_id');
        const amount = body['amount'];
        if (typeof amount !== 'string') throw domainError.invalid_request('amount must be a decimal string');
        const rawToken = body['token_id'];
        const tokenId = rawToken === undefined || rawToken === null ? null : positiveInteger(rawToken, 'token_id');
        const transfer = backend.deposit(walletId, amount, tokenId);
        return wireTransaction({ transfer, type: 'receive', date: transfer.createdAt });
      },
    },
    {
      method: 'POST',
      path: '/__doppel/api-keys',
      operationId: 'adminWalletApiKey',
      handle({ body }) {
        const userId = positiveInteger(objectBody(body)['user_id'], 'user_id');
        return { key: backend.issueApiKey(userId), user_id: userId };
      },
    },
    {
      method: 'POST',
      path: '/__doppel/transactions/{tx_hash}/fail',
      operationId: 'adminWalletFailTransaction',
      handle({ params }) {
        const transfer = backend.fail(params['tx_hash'] ?? '');
        return wireTransaction({ transfer, type: 'send', date: transfer.createdAt });
      },
    },
    { method: 'GET', path: '/__doppel/summary', operationId: 'adminWalletState', handle: () => walletSummary(backend) },
  ];
}

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw domainError.invalid_request('a JSON object body is required');
  return body as Record<string, unknown>;
}

function positiveInteger(value: unknown, what: string): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) throw domainError.invalid_request(`${what} must be a positive integer`);
  return value;
}
