// The default seeded demo data (listed in docs/guides/client-developers.md).

import { createWallet } from './wallet-book.js';
import { depositTo } from './transfers.js';
import { issueApiKey, registerUser } from './user-accounts.js';
import type { WalletRngs } from './wallet-rngs.js';
import type { WalletState } from './wallet-state.js';

export const DEMO_USER = { name: 'Demo User', email: 'demo@doppel.test', password: 'demo-password' } as const;
export const DEMO_API_KEY = 'demo-wallet-key';

/** Funding per wallet: native amount, then token deposits as [token_id, amount]. */
const DEMO_WALLETS: readonly { chain: string; native: string; tokens: readonly [number, string][] }[] = [
  { chain: 'ethereum', native: '2.5', tokens: [[1, '1000']] },
  { chain: 'bitcoin', native: '0.15', tokens: [] },
  { chain: 'tron', native: '5000', tokens: [[3, '2500']] },
];

/**
 * User 1 with the static key, wallets 1 (ethereum), 2 (bitcoin), 3 (tron), each funded by
 * confirmed deposits so that the history is not empty and the supply ledger counts the funds.
 */
export function seedDemoData(state: WalletState, rngs: WalletRngs, now: number): void {
  const user = registerUser(state, rngs, DEMO_USER, true);
  issueApiKey(state, rngs, user.id, DEMO_API_KEY);
  for (const spec of DEMO_WALLETS) {
    const wallet = createWallet(state, rngs, user.id, spec.chain);
    depositTo(state, rngs, now, wallet, spec.native, null);
    for (const [tokenId, amount] of spec.tokens) depositTo(state, rngs, now, wallet, amount, tokenId);
  }
}
