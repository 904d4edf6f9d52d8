// A profile that differs from doppel's choices at every decision point: learning a fake started
// with it proves a point learned (test/profile/learn-loop.test.ts, test/proxy/).
import type { Profile } from '../../spec/index.js';

export const STARTING: Profile = {
  doppel_profile: 1,
  points: {
    'trading.conflict-409': { value: 400 },
    'trading.orders-default-limit': { value: 3 },
    'wallet.transactions-paging': { value: 2 },
    'wallet.send-semantics': { value: 75 },
    'wallet.register-semantics': { value: 'Welcome aboard' },
    'wallet.register-semantics#status': { value: 201 },
    'wallet.register-semantics#duplicate-status': { value: 400 },
    'wallet.create-semantics#status': { value: 201 },
    'trading.cancel-semantics#not-open-status': { value: 409 },
    'trading.copy-semantics#stop-unknown-status': { value: 400 },
    // One message without the operation's id, one with it elsewhere than doppel puts it.
    'wallet.status-codes#missing-key-message': { value: 'API key required' },
    'trading.error-shape#missing-key-message': { value: 'no API-KEY sent to {operationId}' },
    'wallet.login-token#failure-message': { value: 'Invalid credentials' },
    'wallet.list-order': { value: 'newest-first' },
    'wallet.tokens#order': { value: 'newest-first' },
    'trading.orders-listing#order': { value: 'oldest-first' },
    'wallet.transactions-paging#order': { value: 'oldest-first' },
    'trading.symbol-case': { value: 'upper-case-only' },
    'wallet.auth-exemptions': { value: 'key-required' },
    // Above doppel's (so that the listings at limit=100 stay valid).
    'wallet.transactions-paging#max-limit': { value: 120 },
    'wallet.prices-unknown#max-symbols': { value: 20 },
    'trading.futures-duration': { value: 100 },
    'trading.guard-order': { value: 'key > whitelist > input > permission' },
    'wallet.guard-order': { value: 'key > input > rate-limit' },
  },
};
