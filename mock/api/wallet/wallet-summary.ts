// The wallet view of GET /__doppel/summary: everything a tester needs, never a password hash.

import { formatDec8 } from '../../domain/decimal.js';
import { formatSeedDate } from '../../domain/format-date.js';
import type { WalletBackend } from '../../domain/wallet/index.js';
import { wireWallet } from './wire.js';

export function walletSummary(model: WalletBackend) {
  const { state } = model;
  return {
    now: formatSeedDate(model.clock.now()),
    epoch_ms: model.clock.now(),
    rate_limit_per_minute: model.rateLimit,
    // Password hashes stay inside the state: not even salted hashes leave the fake.
    users: [...state.users.values()].map((u) => ({ id: u.id, name: u.name, email: u.email, wallet_ids: [...(state.walletsByUser.get(u.id) ?? [])] })),
    // Static keys are the admin's own (POST /__doppel/api-keys, demo data); a login token was
    // earned with a password the admin does not know, so it is shown masked, like a secret in a log (mock/core/mask-secrets.ts).
    api_keys: [...state.keys.values()].map((k) => ({ key: k.kind === 'login-token' ? `${k.key.slice(0, 7)}***` : k.key, user_id: k.userId, kind: k.kind })),
    wallets: [...state.wallets.values()].map((w) => ({ ...wireWallet(w), user_id: w.userId, transactions: w.history.length })),
    pending: [...state.transfers.values()].filter((t) => t.status === 'pending').map((t) => ({
      tx_hash: t.hash,
      from_wallet_id: t.fromWalletId,
      to_wallet_id: t.toWalletId,
      amount: formatDec8(t.amount),
      symbol: t.symbol,
      due_at: formatSeedDate(t.dueAt),
    })),
    supply: Object.fromEntries(
      [...model.audit()].map(([asset, s]) => [
        asset,
        { balances: formatDec8(s.balances), pending: formatDec8(s.pending), exported: formatDec8(s.exported), deposited: formatDec8(s.deposited) },
      ]),
    ),
  };
}
