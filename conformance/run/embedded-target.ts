// Starts doppel's own fake in-process (through mock/index.ts only) for the zero-setup default run.
// The bulk of the checks runs on a fake with a high wallet limit, so the default run never waits
// for the 60-a-minute window; the 429 check gets a second fake with the documented default of 60.
import type { RunningMock } from '../../mock/index.js';
import type { FreshWalletTarget } from '../act/context.js';

export const DEMO_KEYS = { trading: 'demo-trade-key', tradingRead: 'demo-read-key', tradingIpLocked: 'demo-ip-locked-key', wallet: 'demo-wallet-key' } as const;

/** Wallet limit of the bulk fake: high enough that no check of the default run meets it. */
export const BULK_WALLET_LIMIT = 1_000_000;

export async function startEmbedded(seed: number, walletRateLimit = BULK_WALLET_LIMIT, profile?: unknown): Promise<RunningMock> {
  // Loaded only when the embedded fake is checked: `doppel check URL` never loads the fake.
  const { startMock } = await import('../../mock/index.js');
  return startMock({ host: '127.0.0.1', tradingPort: 0, walletPort: 0, seed, clock: 'manual', walletRateLimit, quiet: true, ...(profile === undefined ? {} : { profile }) });
}

export function freshEmbeddedWallet(seed: number, profile?: unknown): () => Promise<FreshWalletTarget> {
  return async () => {
    const mock = await startEmbedded(seed, 60, profile);
    return { url: mock.wallet.url, key: DEMO_KEYS.wallet, close: () => mock.close() };
  };
}
